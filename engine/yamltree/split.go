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

// splitDocuments cuts a stream into documents at "---" and "..." markers written at the start of
// a line. A marker at column 0 always ends a document in YAML (content of a block scalar or a
// quoted string may not start a line with one), so a line scan is exact. Each document is then
// read alone, and a Reader reads again only the documents whose text changed.
func splitDocuments(text string) []chunk {
	var chunks []chunk
	from, first := 0, 1 // where the current document's text starts, and its line
	explicit := false
	flush := func(end int) {
		if piece := text[from:end]; explicit || !isBlank(piece) {
			chunks = append(chunks, chunk{text: piece, start: from, firstLine: first, explicit: explicit})
		}
	}
	line := 1
	for at := 0; at < len(text); line++ {
		end := strings.IndexByte(text[at:], '\n') + 1
		if end == 0 {
			end = len(text) - at
		}
		next := at + end
		switch rest := text[at:next]; {
		case isMarker(rest, "---"):
			flush(at)
			from, first, explicit = at, line, true
		case isMarker(rest, "..."):
			flush(at)
			from, first, explicit = next, line+1, false
		}
		at = next
	}
	flush(len(text))
	return chunks
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
