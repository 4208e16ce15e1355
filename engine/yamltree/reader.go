package yamltree

import "sync"

// Reader parses the successive versions of one input, as an editor sends them: a document whose
// text has not changed since the last stream the Reader read is copied (its lines moved when the
// text above it grew or shrank) rather than parsed again, so an edit to one document of a long
// stream parses that document only. Every call returns documents of its own, which the caller
// may change. A Reader is safe for concurrent use; it keeps the documents of the last stream
// read without error.
type Reader struct {
	input Input
	opts  Options

	mu   sync.Mutex
	last map[chunkKey]readDoc
}

// chunkKey is what a document's reading depends on, besides the Reader's input and options.
type chunkKey struct {
	text     string
	explicit bool
}

// readDoc is a document as read, and the nodes it took from the stream's budget.
type readDoc struct {
	doc   *Document
	spent int
}

// NewReader returns a Reader of input with opts.
func NewReader(input Input, opts Options) *Reader {
	return &Reader{input: input, opts: opts}
}

// Parse reads text as Parse does, reusing the documents of the last stream read.
func (r *Reader) Parse(text string) ([]*Document, error) {
	r.mu.Lock()
	last := r.last
	r.mu.Unlock()
	read := map[chunkKey]readDoc{}
	docs, err := parseStream(r.input, text, r.opts, last, read)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.last = read
	r.mu.Unlock()
	return docs, nil
}

// moved returns a deep copy of d starting at line, every position moved with it.
func (d *Document) moved(line int) *Document {
	c := d.Clone()
	if delta := line - d.Line; delta != 0 {
		c.Line = line
		moveLines(c.Root, delta)
	}
	return c
}

// moveLines adds delta to the line of every position in the tree rooted at n, keys included.
func moveLines(n *Node, delta int) {
	if n == nil {
		return
	}
	if n.Pos.Line > 0 {
		n.Pos.Line += delta
	}
	if n.End.Line > 0 {
		n.End.Line += delta
	}
	for _, f := range n.Fields {
		moveLines(f.Key, delta)
		moveLines(f.Value, delta)
	}
	for _, it := range n.Items {
		moveLines(it, delta)
	}
}
