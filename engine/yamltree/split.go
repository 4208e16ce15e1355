package yamltree

import "strings"

// chunk is the text of one document of a stream and where it starts in the stream.
type chunk struct {
	text      string
	firstLine int  // 1-based line of the chunk's first line in the stream
	explicit  bool // the document opened with "---"
}

// splitDocuments cuts a stream into documents at "---" and "..." markers written at the start of
// a line. A marker at column 0 always ends a document in YAML (content of a block scalar or a
// quoted string may not start a line with one), so a line scan is exact. Parsing each document
// alone is what keeps every document of "a: 1\n---\n---\nb: 2\n", which goccy/go-yaml would drop.
func splitDocuments(text string) []chunk {
	lines := strings.SplitAfter(text, "\n")
	var chunks []chunk
	var cur strings.Builder
	start, explicit, open := 1, false, false
	flush := func() {
		if open || strings.TrimSpace(cur.String()) != "" {
			chunks = append(chunks, chunk{text: cur.String(), firstLine: start, explicit: explicit})
		}
		cur.Reset()
		open, explicit = false, false
	}
	for i, line := range lines {
		switch {
		case isMarker(line, "---"):
			flush()
			start, explicit, open = i+1, true, true
			cur.WriteString(line)
		case isMarker(line, "..."):
			flush()
			start = i + 2
		default:
			if cur.Len() == 0 && !open {
				start = i + 1
			}
			cur.WriteString(line)
		}
	}
	flush()
	return chunks
}

// isMarker reports whether line is the document marker m, alone or followed by white space.
func isMarker(line, m string) bool {
	if !strings.HasPrefix(line, m) {
		return false
	}
	rest := line[len(m):]
	return rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r'
}
