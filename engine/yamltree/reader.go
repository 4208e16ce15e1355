package yamltree

import (
	"slices"
	"sort"
	"sync"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Reader parses the successive versions of one input, as an editor sends them: a document whose
// text has not changed since the last stream the Reader read is copied (its lines moved when the
// text above it grew or shrank) rather than parsed again, so an edit to one document of a long
// stream parses that document only. Parse returns documents of its own, which the caller may
// change; ParseShared returns the documents the Reader keeps, which the caller must not change,
// and copies nothing but a document whose lines moved. A Reader is safe for concurrent use; it
// keeps the documents of the last stream read without error.
type Reader struct {
	_     incomparable.Field
	input Input
	opts  Options

	mu   sync.Mutex
	last *lastStream
}

// lastStream is a stream a Reader read without error: its text as given and as read (line
// breaks made "\n"), whether the two are the same (plain), its marker lines, its documents as
// kept, in the order of where their text starts in it, and as handed out.
type lastStream struct {
	given, text string
	plain       bool
	cuts        []cut
	chunks      []keptChunk
	handed      []*Document
}

// keptChunk is one document of a stream as kept, with where its text starts, its length and
// its opening.
type keptChunk struct {
	_             incomparable.Field
	start, length int
	explicit      bool
	read          readDoc
}

// keep records one document of the stream: read, as kept, from chunk c, and handed out as doc.
// The documents come in the order of the stream.
func (l *lastStream) keep(c chunk, read readDoc, doc *Document) {
	l.chunks = append(l.chunks, keptChunk{start: c.start, length: len(c.text), explicit: c.explicit, read: read})
	l.handed = append(l.handed, doc)
}

// span is where a stream's text differs from the last one read (changedBytes): from the start of
// the line at from to tail in the new text; from tail on, the text is the last one's, grew bytes
// further than it stood.
type span struct {
	from, tail, grew int
}

// unchanged returns the kept reading of the document c of a new stream whose text differs from
// l's only within edited, when c lies outside edited and l held the same document there: l's
// text is then c's, at the same offset before the edit or grew bytes earlier after it. A
// document whose text moved elsewhere (documents swapped) is read again.
func (l *lastStream) unchanged(c chunk, edited span) (readDoc, bool) {
	if l == nil {
		return readDoc{}, false
	}
	var was int
	switch {
	case c.start+len(c.text) <= edited.from:
		was = c.start
	case c.start >= edited.tail:
		was = c.start - edited.grew
	default:
		return readDoc{}, false
	}
	i := sort.Search(len(l.chunks), func(i int) bool { return l.chunks[i].start >= was })
	if i == len(l.chunks) {
		return readDoc{}, false
	}
	k := l.chunks[i]
	if k.start != was || k.length != len(c.text) || k.explicit != c.explicit {
		return readDoc{}, false
	}
	return k.read, true
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

func (r *Reader) parse(given string, hand handing) ([]*Document, error) {
	r.mu.Lock()
	last := r.last
	r.mu.Unlock()
	if last != nil && hand == handOutKept && last.handed != nil && given == last.given {
		// The same text again (the inputs the page did not edit): its documents, unread.
		return slices.Clone(last.handed), nil
	}
	next, err := parseStream(r.input, given, r.opts, last, hand)
	if err != nil {
		return nil, err
	}
	docs := next.handed
	if hand == handOutKept {
		docs = slices.Clone(docs)
	} else {
		next.handed = nil // copies, the caller's: never handed out again, nor taken for the kept documents
	}
	r.mu.Lock()
	r.last = next
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
