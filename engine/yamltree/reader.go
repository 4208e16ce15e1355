package yamltree

import "sync"

// Reader parses the successive versions of one input, as an editor sends them: a document whose
// text has not changed since the last stream the Reader read is copied (its lines moved when the
// text above it grew or shrank) rather than parsed again, so an edit to one document of a long
// stream parses that document only. Parse returns documents of its own, which the caller may
// change; ParseShared returns the documents the Reader keeps, which the caller must not change,
// and copies nothing but a document whose lines moved. A Reader is safe for concurrent use; it
// keeps the documents of the last stream read without error.
type Reader struct {
	input Input
	opts  Options

	mu   sync.Mutex
	last *lastStream
}

// lastStream is the last stream a Reader read without error: its documents by text, and its
// text as read.
type lastStream struct {
	docs map[chunkKey]readDoc
	text string
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
	return r.parse(text, handOutCopies)
}

// ParseShared reads text as Parse does, reusing the documents of the last stream read, and
// returns the documents the Reader keeps: the caller must not change them (nor any later call's
// caller could trust its documents). A reused document is copied only when its lines moved.
func (r *Reader) ParseShared(text string) ([]*Document, error) {
	return r.parse(text, handOutKept)
}

func (r *Reader) parse(text string, hand handing) ([]*Document, error) {
	r.mu.Lock()
	last := r.last
	r.mu.Unlock()
	read := map[chunkKey]readDoc{}
	text, docs, err := parseStream(r.input, text, r.opts, last, read, hand)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.last = &lastStream{docs: read, text: text}
	r.mu.Unlock()
	return docs, nil
}

// handing is how a Reader hands out the documents it keeps.
type handing int

const (
	// handOutCopies hands out copies: the caller may change them.
	handOutCopies handing = iota
	// handOutKept hands out the documents kept: the caller must not change them.
	handOutKept
)

// reused returns, for a document read before (prev) that now starts at line, the document to
// hand out and the reading to keep.
func (h handing) reused(prev readDoc, line int) (out *Document, keep readDoc) {
	switch {
	case h == handOutCopies:
		return prev.doc.moved(line), prev
	case prev.doc.Line != line:
		keep = readDoc{doc: prev.doc.moved(line), spent: prev.spent}
		return keep.doc, keep
	}
	return prev.doc, prev
}

// kept returns the document to keep of one just parsed and handed out.
func (h handing) kept(doc *Document) *Document {
	if h == handOutCopies {
		return doc.moved(doc.Line)
	}
	return doc
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
