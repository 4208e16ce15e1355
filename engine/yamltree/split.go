package yamltree

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// chunk is the text of one document of a stream and where it starts in the stream.
type chunk struct {
	_         incomparable.Field
	text      string
	start     int  // the byte offset of the chunk's text in the stream
	firstLine int  // 1-based line of the chunk's first line in the stream
	explicit  bool // the document opened with "---"
}

// cut is a document marker line of a stream: "---" (a document opens on it) or "..." (the
// document before it ends there).
type cut struct {
	at   int  // the byte offset where the marker's line starts
	next int  // the byte offset where the line after it starts
	line int  // the marker's 1-based line
	end  bool // the marker is "..."
}

// scanCuts appends to cuts the markers of the lines of text that start in from..to (from the
// start of a line, the 1-based line), in order. A stream is cut into documents at "---" and "..."
// markers written at the start of a line: a marker at column 0 always ends a document in YAML
// (content of a block scalar or a quoted string may not start a line with one), so a line scan is
// exact. Each document is then read alone, and a Reader reads again only the documents whose
// text changed.
func scanCuts(text string, from, to, line int, cuts []cut) []cut {
	for at := from; at < to; line++ {
		end := strings.IndexByte(text[at:], '\n') + 1
		if end == 0 {
			end = len(text) - at
		}
		next := at + end
		switch rest := text[at:next]; {
		case isMarker(rest, "---"):
			cuts = append(cuts, cut{at: at, next: next, line: line})
		case isMarker(rest, "..."):
			cuts = append(cuts, cut{at: at, next: next, line: line, end: true})
		}
		at = next
	}
	return cuts
}

// chunksOf cuts text into documents at its marker lines (cuts, in order): a document is the text
// from a "---" line, the start of the text or the line after a "..." to the next marker; one
// that holds only white space and did not open with "---" is no document.
func chunksOf(text string, cuts []cut) []chunk {
	chunks := make([]chunk, 0, len(cuts)+1)
	from, first := 0, 1 // where the current document's text starts, and its line
	explicit := false
	flush := func(end int) {
		if piece := text[from:end]; explicit || !isBlank(piece) {
			chunks = append(chunks, chunk{text: piece, start: from, firstLine: first, explicit: explicit})
		}
	}
	for _, c := range cuts {
		flush(c.at)
		if c.end {
			from, first, explicit = c.next, c.line+1, false
		} else {
			from, first, explicit = c.at, c.line, true
		}
	}
	flush(len(text))
	return chunks
}

// editedCuts returns the marker lines of text, a stream that differs from a stream read before
// (whose marker lines were before) only within edited: the lines above the edit are the same
// lines, and so are the lines that start past its end, moved by as many bytes and lines as the
// edit added; only the lines that start within it are read. It also returns the 0-based index of
// the line at edited.from.
func editedCuts(text, last string, before []cut, edited span) (cuts []cut, fromLine int) {
	scanTo := lineEnd(text, edited.tail)
	above := 0
	for above < len(before) && before[above].at < edited.from {
		above++
	}
	fromLine, counted := 0, 0 // the line at edited.from, counted from the last marker above it
	if above > 0 {
		fromLine, counted = before[above-1].line-1, before[above-1].at
	}
	fromLine += strings.Count(text[counted:edited.from], "\n")
	cuts = make([]cut, 0, len(before)+2)
	cuts = append(cuts, before[:above]...)
	cuts = scanCuts(text, edited.from, scanTo, fromLine+1, cuts)
	was := scanTo - edited.grew // where the lines read stopped, in the last stream
	lines := strings.Count(text[edited.from:scanTo], "\n") - strings.Count(last[edited.from:was], "\n")
	for _, c := range before[above:] {
		if c.at < was {
			continue
		}
		cuts = append(cuts, cut{at: c.at + edited.grew, next: c.next + edited.grew, line: c.line + lines, end: c.end})
	}
	return cuts, fromLine
}

// isBlank reports whether s holds only white space.
func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// isMarker reports whether line is the document marker m, alone or followed by white space.
func isMarker(line, m string) bool {
	if !strings.HasPrefix(line, m) {
		return false
	}
	rest := line[len(m):]
	return rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r'
}
