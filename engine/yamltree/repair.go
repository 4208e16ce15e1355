package yamltree

import (
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// Some legal YAML that both references read is refused by goccy/go-yaml. Rather than scan YAML a
// second time, parseRepaired lets the parser find each such place, rewrites the text there
// without moving any other character (every repair keeps the line's length), and parses again.
// The builder reads the repaired values from the original lines, so no text is lost:
//   - a comment line inside a multi-line flow map or list: blanked (the parser loses its way);
//   - "\'" in a double-quoted scalar: both references read it as "'"; double-quoted scalars are
//     decoded from the source anyway (quoted.go);
//   - a continuation line of a double-quoted scalar indented with a tab: the tab becomes a
//     space (leading white space of such a line is not part of the value);
//   - a tab inside double-quoted text: a space (the parser otherwise reads on past the scalar's
//     line);
//   - a keep-chomped block scalar ("|+", ">+") with no content line: its header becomes an empty
//     quoted scalar, and the builder gives it the value the references give: one line break per
//     empty line that follows.

// maxRepairs bounds how many places of one document are repaired.
const maxRepairs = 1000

// repairs records the values of block scalars whose header was rewritten, by 1-based line and
// column within the document.
type repairs map[[2]int]string

// parseRepaired parses a document's text, repairing what the parser wrongly refuses. lines are
// the text's lines; a repair works on a copy of them.
func parseRepaired(text string, lines []string) (*ast.File, repairs, error) {
	var fixed repairs
	changed := false
	var last error
	for range maxRepairs {
		src := text
		if changed {
			src = strings.Join(lines, "\n")
		}
		file, err := parser.ParseBytes([]byte(src), parser.ParseComments, parser.AllowDuplicateMapKey())
		if err == nil {
			return file, fixed, nil
		}
		if !changed {
			lines, fixed = append([]string(nil), lines...), repairs{}
		}
		if !repairAt(lines, err, fixed) {
			return nil, nil, err
		}
		changed, last = true, err
	}
	return nil, nil, last
}

// repairAt rewrites lines at the place err names, when it is one the parser wrongly refuses.
func repairAt(lines []string, err error, fixed repairs) bool {
	type located interface{ GetMessage() string }
	le, ok := err.(located)
	tk := errorToken(err)
	if !ok || tk == nil || tk.Position == nil {
		return false
	}
	line, column := tk.Position.Line, tk.Position.Column
	if line < 1 || line > len(lines) {
		return false
	}
	message := le.GetMessage()
	switch {
	case strings.HasPrefix(strings.TrimSpace(lines[line-1]), "#"):
		lines[line-1] = strings.Repeat(" ", len(lines[line-1]))
		return true
	case strings.Contains(message, "unknown escape character '\\''"):
		return replaceEscapedQuote(lines, line)
	case strings.Contains(message, "tab character cannot be used for indentation in double-quoted text"):
		return untabIndent(lines, line)
	case strings.Contains(message, "could not find multi-line content"):
		return repairEmptyKeepBlock(lines, line, column, fixed)
	}
	return untabQuoted(lines, line)
}

// untabQuoted turns the tabs inside double-quoted text on a line into spaces: the parser takes
// the line break after such a scalar for part of it. The value is decoded from the source.
func untabQuoted(lines []string, line int) bool {
	text := []byte(lines[line-1])
	inside, changed := false, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case inside && c == '\\':
			i++
		case c == '"':
			inside = !inside
		case inside && c == '\t':
			text[i], changed = ' ', true
		}
	}
	lines[line-1] = string(text)
	return changed
}

// untabIndent turns the tabs indenting the continuation line of a double-quoted scalar into
// spaces: the line the parser names, or the next one (it names the scalar's line at times).
func untabIndent(lines []string, line int) bool {
	for l := line; l <= min(line+1, len(lines)); l++ {
		text := lines[l-1]
		indent := len(text) - len(strings.TrimLeft(text, " \t"))
		if strings.Contains(text[:indent], "\t") {
			lines[l-1] = strings.Repeat(" ", indent) + text[indent:]
			return true
		}
	}
	return false
}

// replaceEscapedQuote turns the first "\'" of a line into "\\" (same length).
func replaceEscapedQuote(lines []string, line int) bool {
	text := lines[line-1]
	at := strings.Index(text, `\'`)
	if at < 0 {
		return false
	}
	lines[line-1] = text[:at] + `\\` + text[at+2:]
	return true
}

// repairEmptyKeepBlock finds the header of the keep-chomped block scalar without content that
// ends before line, writes an empty quoted scalar in its place and records its value.
func repairEmptyKeepBlock(lines []string, line, _ int, fixed repairs) bool {
	header := line - 1 // 1-based line of the header: the last non-blank line before line
	for header >= 1 && strings.TrimSpace(lines[header-1]) == "" {
		header--
	}
	if header < 1 {
		return false
	}
	text := lines[header-1]
	content := strings.TrimRight(stripComment(text), " \t")
	at := max(strings.LastIndexByte(content, '|'), strings.LastIndexByte(content, '>'))
	indicator := content[max(at, 0):]
	if at < 0 || !strings.Contains(indicator, "+") || strings.TrimLeft(indicator[1:], "+-0123456789") != "" {
		return false
	}
	empty := 0
	for i := header; i < len(lines) && strings.TrimSpace(lines[i]) == ""; i++ {
		empty++
	}
	if header+empty == len(lines) && lines[len(lines)-1] == "" {
		empty-- // the text's final line break ends the last line; it opens none
	}
	lines[header-1] = text[:at] + `""` + strings.Repeat(" ", len(indicator)-2) + text[at+len(indicator):]
	fixed[[2]int{header, columnOf(text, at)}] = strings.Repeat("\n", max(empty, 0))
	return true
}

// stripComment drops a comment that follows white space on a line.
func stripComment(text string) string {
	for i := 1; i < len(text); i++ {
		if text[i] == '#' && (text[i-1] == ' ' || text[i-1] == '\t') {
			return text[:i]
		}
	}
	return text
}
