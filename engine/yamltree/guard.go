package yamltree

import "strings"

// keepTrailingLines recomputes the value of a keep-chomped block scalar ("|+", ">+") from the
// source: goccy/go-yaml may lose its trailing blank lines. headerLine is the 1-based line of the
// "|+" indicator within the document. The value is corrected only when the source shows more
// trailing line breaks than the parser kept.
func (b *builder) keepTrailingLines(headerLine int, value string) string {
	lines := b.lines
	indent := -1
	last := headerLine                         // 1-based line of the last content line
	end := headerLine                          // 1-based line of the last line belonging to the scalar
	for i := headerLine; i < len(lines); i++ { // lines[i] is line i+1
		line := lines[i]
		if strings.TrimSpace(line) == "" {
			end = i + 1
			continue
		}
		ind := len(line) - len(strings.TrimLeft(line, " "))
		if indent < 0 {
			indent = ind
		}
		if ind < indent || indent == 0 {
			break
		}
		last, end = i+1, i+1
	}
	if indent < 0 {
		// no content line: one line break per empty line after the header, as the references
		// read it (the parser gives one more when the scalar ends the document)
		empty := end - headerLine
		if end == len(lines) && lines[len(lines)-1] == "" {
			empty--
		}
		return strings.Repeat("\n", max(empty, 0))
	}
	// the final line of the document text is empty after its last "\n"
	breaks := end - last
	if end == len(lines) && lines[len(lines)-1] == "" {
		breaks--
	}
	want := strings.TrimRight(value, "\n") + strings.Repeat("\n", breaks+1)
	if len(want) > len(value) && strings.HasPrefix(want, strings.TrimRight(value, "\n")) {
		return want
	}
	return value
}
