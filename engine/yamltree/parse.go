package yamltree

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Document is one document of a YAML stream.
type Document struct {
	_ incomparable.Field
	// Root is the document's content; nil for a document holding only comments or nothing.
	Root *Node
	// Input is the editor the document was read from.
	Input Input
	// Line is the 1-based line where the document starts (its "---" when it has one).
	Line int
	// Explicit records that the document opened with "---".
	Explicit bool
	// Comments holds comment lines of a document without content (Head), and comments after
	// the root's content (Foot).
	Comments Comments
}

// Clone returns a deep copy of d.
func (d *Document) Clone() *Document {
	if d == nil {
		return nil
	}
	c := *d
	c.Root = d.Root.Clone()
	return &c
}

// Options tunes Parse. The zero value reads YAML 1.1 with the default bounds.
type Options struct {
	_ incomparable.Field
	// Rules chooses the scalar resolution (YAML11, the zero value, or YAML12).
	Rules Rules
	// MaxDepth bounds the nesting of maps and lists; 0 means DefaultMaxDepth.
	MaxDepth int
	// MaxNodes bounds the number of nodes a stream may hold after alias expansion; 0 means
	// DefaultMaxNodes.
	MaxNodes int
	// MaxDocuments bounds the number of documents of a stream; 0 means DefaultMaxDocuments.
	MaxDocuments int

	// KeepBlankLines keeps the blank lines between the comment lines of a comment as empty lines
	// of its text ("# a\n\n# b"), as kyaml keeps them; by default a comment's lines are joined
	// without them.
	KeepBlankLines bool
}

// The default bounds of Parse.
const (
	DefaultMaxDepth     = 100
	DefaultMaxNodes     = 250_000
	DefaultMaxDocuments = 5_000
)

// Parse reads a YAML stream from input. It returns every document, including empty ones, or the
// first error found, as an *Error naming input, line and column. A stream that fails to parse
// yields no documents: never half a stream. A Reader does the same, reusing the documents of the
// last stream it read.
func Parse(input Input, text string, opts Options) ([]*Document, error) {
	// The documents read are handed out as they are kept: no Reader keeps them, so they are the
	// caller's alone (a copy kept would double the reading's memory for nothing).
	next, err := parseStream(input, text, opts, nil, handOutKept)
	if err != nil {
		return nil, err
	}
	return next.handed, nil
}

// parseStream reads a stream (given) into a lastStream: its documents as handed out, and what a
// Reader keeps of it. last, when not nil, is the last stream the Reader read: the whole-text
// checks read only the lines that differ from its text, and a document outside those lines is
// taken from it (moved to its new lines) rather than parsed. hand says whether the documents taken
// or read are handed out as copies or as they are kept.
func parseStream(input Input, given string, opts Options, last *lastStream, hand handing) (*lastStream, error) {
	read := readText(given, last)
	text, edited := read.text, read.edited
	if err := checkLines(input, text, edited.from, read.fromLine, max(edited.from, lineEnd(text, edited.tail))); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	budget := opts.MaxNodes
	chunks := chunksOf(text, read.cuts)
	if len(chunks) > opts.MaxDocuments {
		return nil, &Error{Input: input, Line: chunks[opts.MaxDocuments].firstLine, Column: 1,
			Message: "more than " + strconv.Itoa(opts.MaxDocuments) + " documents: the stream is refused"}
	}
	next := &lastStream{given: given, text: text, plain: read.plain, cuts: read.cuts, chunks: make([]keptChunk, 0, len(chunks)), handed: make([]*Document, 0, len(chunks))}
	var b blocks
	for _, c := range chunks {
		if prev, ok := last.unchanged(c, edited); ok && prev.spent <= budget {
			budget -= prev.spent
			doc, kept := hand.reused(prev, c.firstLine)
			next.keep(c, kept, doc)
			continue
		}
		before := budget
		if err := checkSeparator(input, c, opts.Rules); err != nil {
			return nil, err
		}
		if err := checkDirectives(input, c); err != nil {
			return nil, err
		}
		doc, err := readChunk(input, c, opts, &budget, &b)
		if err != nil {
			return nil, err
		}
		next.keep(c, readDoc{doc: hand.kept(doc), spent: before - budget}, doc)
	}
	return next, nil
}

// textRead is a stream's text as read (its byte order mark taken off, its line breaks made
// "\n"), where it differs from the last stream read (all of it when there is none), its marker
// lines, the 0-based index of the line at edited.from, and whether the text was given so.
type textRead struct {
	text     string
	edited   span
	cuts     []cut
	fromLine int
	plain    bool
}

// readText reads the text given against the last stream read (nil for none). A text given as
// read, edited within lines that hold no carriage return, is read without a pass over all of it:
// it is compared with the last one from both ends, and only the lines between are scanned for
// markers (editedCuts). Any other text is made plain and compared whole.
func readText(given string, last *lastStream) textRead {
	if last != nil && last.plain && !strings.HasPrefix(given, "\uFEFF") {
		from, tail := changedBytes(given, last.text)
		if strings.IndexByte(given[from:tail], '\r') < 0 {
			edited := span{from: from, tail: tail, grew: len(given) - len(last.text)}
			cuts, fromLine := editedCuts(given, last.text, last.cuts, edited)
			return textRead{text: given, edited: edited, cuts: cuts, fromLine: fromLine, plain: true}
		}
	}
	plain := !strings.HasPrefix(given, "\uFEFF") && strings.IndexByte(given, '\r') < 0
	text := strings.TrimPrefix(given, "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if strings.IndexByte(text, '\r') >= 0 {
		text = strings.ReplaceAll(text, "\r", "\n") // a carriage return alone breaks the line too
	}
	if last == nil {
		return textRead{text: text, edited: span{tail: len(text)}, cuts: scanCuts(text, 0, len(text), 1, nil), plain: plain}
	}
	from, tail := changedBytes(text, last.text)
	edited := span{from: from, tail: tail, grew: len(text) - len(last.text)}
	cuts, fromLine := editedCuts(text, last.text, last.cuts, edited)
	return textRead{text: text, edited: edited, cuts: cuts, fromLine: fromLine, plain: plain}
}

// withDefaults fills in the bounds left at zero.
func (o Options) withDefaults() Options {
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.MaxDocuments <= 0 {
		o.MaxDocuments = DefaultMaxDocuments
	}
	return o
}

// ParseOne reads text that must hold at most one document and returns its root (nil when empty).
func ParseOne(input Input, text string, opts Options) (*Node, error) {
	docs, err := Parse(input, text, opts)
	if err != nil {
		return nil, err
	}
	var root *Node
	for _, d := range docs {
		if d.Root == nil {
			continue
		}
		if root != nil {
			return nil, &Error{Input: input, Line: d.Line, Column: 1, Message: "expected a single document, found another one here"}
		}
		root = d.Root
	}
	return root, nil
}

// checkSeparator refuses, under YAML 1.1 (kubectl's reading), content written on a "---" line
// ("--- a: 1", "--- !!map"): kubectl's stream reader refuses it ("invalid Yaml document
// separator"), where kyaml reads "--- !!map" as a tag on the document's root. A comment may
// follow the marker under both.
func checkSeparator(input Input, c chunk, rules Rules) error {
	if !c.explicit || rules != YAML11 {
		return nil
	}
	first, _, _ := strings.Cut(c.text, "\n")
	rest := strings.TrimLeft(first[len("---"):], " \t")
	if rest == "" || strings.HasPrefix(rest, "#") {
		return nil
	}
	return &Error{Input: input, Line: c.firstLine, Column: len(first) - len(rest) + 1,
		Message: "invalid document separator: kubectl reads nothing on a \"---\" line, found " + strconv.Quote(Abbreviate(strings.TrimSpace(rest), 40)) + ": move it to the next line"}
}

// checkLeadingEndIn refuses a document end marker ("...") that opens a document
// as kubectl's reader cuts the stream: it cuts at every line starting with "---" but the first
// line, and refuses a piece whose content starts with "..." ("did not find expected node
// content"; observed with apimachinery v0.37.2). A "---" on the first line stays with its piece,
// where "---" then "..." is an empty document. kyaml's reader refuses the same. The lines of
// text outside from..to (whole lines) are those of a text that passed it, in the same order: it
// reads the lines from..to (fromLine the 0-based index of the line at from), then on to the first line of content after them (past which a "---"
// or "..." reads as it did before).
func checkLeadingEndIn(input Input, text string, from, fromLine, to int) error {
	i := fromLine
	opening := openingAt(text, from)
	for start := from; start < len(text); i++ {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text) - start
		}
		line := text[start : start+end]
		start += end + 1
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "---"):
			opening = i > 0
		case trimmed == "" || trimmed[0] == '#':
		case opening && isMarker(line+"\n", "..."):
			return &Error{Input: input, Line: i + 1, Column: 1, Message: "a document end marker (...) where kubectl's reader expects a document: it refuses it (did not find expected node content)"}
		default:
			opening = false
			if start > to {
				return nil // past the lines read, after a line of content: as before
			}
		}
	}
	return nil
}

// openingAt reports whether checkLeadingEndIn, at the line starting at offset at, is at the
// opening of a document: after a "---" line (not the first line), or at the start of the text,
// with only blank and comment lines between.
func openingAt(text string, at int) bool {
	for end := at; end > 0; {
		start := strings.LastIndexByte(text[:end-1], '\n') + 1
		line := text[start : end-1]
		end = start
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "---"):
			return start > 0
		case trimmed == "" || trimmed[0] == '#':
		default:
			return false
		}
	}
	return true
}
