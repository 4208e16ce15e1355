package applydiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// layout is how a document is written: lists indented under their key or not (both are common
// in hand-written manifests; kubectl writes them flush), and an optional leading comment.
type layout struct {
	indentLists bool
	comment     string
}

// emitter writes a tree as block-style YAML.
type emitter struct {
	b   strings.Builder
	lay layout
}

// emitDoc writes one document.
func emitDoc(doc *omap, lay layout) string {
	e := &emitter{lay: lay}
	if lay.comment != "" {
		e.b.WriteString("# " + lay.comment + "\n")
	}
	e.mapBody(doc, 0, false)
	return e.b.String()
}

// emitStream writes documents separated by ---.
func emitStream(docs []string) string {
	return strings.Join(docs, "---\n")
}

// mapBody writes a map's entries at indent. With inline set the first key follows a "- " that
// is already written.
func (e *emitter) mapBody(m *omap, indent int, inline bool) {
	for i, k := range m.keys {
		if i > 0 || !inline {
			e.b.WriteString(strings.Repeat(" ", indent))
		}
		e.b.WriteString(formatKey(k) + ":")
		e.afterKey(m.vals[k], indent)
	}
}

// afterKey writes a value that follows "key:".
func (e *emitter) afterKey(v any, indent int) {
	switch t := v.(type) {
	case *omap:
		if len(t.keys) == 0 {
			e.b.WriteString(" {}\n")
			return
		}
		e.b.WriteString("\n")
		e.mapBody(t, indent+2, false)
	case *olist:
		if len(t.items) == 0 || t.flow {
			e.b.WriteString(" " + flowText(t) + "\n")
			return
		}
		e.b.WriteString("\n")
		if e.lay.indentLists {
			indent += 2
		}
		e.listBody(t, indent)
	default:
		e.scalar(v, indent+2)
	}
}

// listBody writes a block list's items at indent.
func (e *emitter) listBody(l *olist, indent int) {
	pad := strings.Repeat(" ", indent)
	for _, it := range l.items {
		e.b.WriteString(pad + "-")
		switch t := it.(type) {
		case *omap:
			if len(t.keys) == 0 {
				e.b.WriteString(" {}\n")
				continue
			}
			e.b.WriteString(" ")
			e.mapBody(t, indent+2, true)
		case *olist:
			if len(t.items) == 0 || t.flow {
				e.b.WriteString(" " + flowText(t) + "\n")
				continue
			}
			e.b.WriteString("\n")
			e.listBody(t, indent+2)
		default:
			e.scalar(it, indent+2)
		}
	}
}

// scalar writes " value\n", or a literal block scalar for multi-line strings.
func (e *emitter) scalar(v any, indent int) {
	s, ok := v.(string)
	if ok && literalBlockOK(s) {
		e.literal(s, indent)
		return
	}
	e.b.WriteString(" " + formatScalar(v, false) + "\n")
}

// literal writes a string as a | or |- block scalar.
func (e *emitter) literal(s string, indent int) {
	chomp := "-"
	body := s
	if strings.HasSuffix(s, "\n") {
		chomp = ""
		body = strings.TrimSuffix(s, "\n")
	}
	e.b.WriteString(" |" + chomp + "\n")
	pad := strings.Repeat(" ", indent)
	for _, line := range strings.Split(body, "\n") {
		e.b.WriteString(pad + line + "\n")
	}
}

// literalBlockOK reports whether s is best written as a literal block and reads back unchanged
// from one: several lines or one ending in a newline (as kubectl writes the last-applied
// annotation), at most one trailing newline, no leading or trailing blanks, no empty lines.
func literalBlockOK(s string) bool {
	body := strings.TrimSuffix(s, "\n")
	if body == s && !strings.Contains(body, "\n") || body == "" || strings.ContainsAny(body, "\t\r") {
		return false
	}
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.TrimSpace(line) != line {
			return false
		}
	}
	return true
}

// flowText writes a list in flow style.
func flowText(l *olist) string {
	parts := make([]string, len(l.items))
	for i, it := range l.items {
		parts[i] = formatScalar(it, true)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// formatKey writes a map key.
func formatKey(k string) string { return formatScalar(k, false) }

// formatScalar writes a scalar; inFlow quotes strings holding flow indicators too.
func formatScalar(v any, inFlow bool) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case raw:
		return t.text
	case bool:
		return strconv.FormatBool(t)
	case int64:
		return strconv.FormatInt(t, 10)
	case int:
		return strconv.Itoa(t)
	case float64:
		return formatFloat(t)
	case string:
		if plainOK(t, inFlow) {
			return t
		}
		return quote(t)
	}
	panic(fmt.Sprintf("applydiff: cannot write %T as YAML", v))
}

// formatFloat writes a float so that it reads back as a float.
func formatFloat(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatFloat(f, 'f', 1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// quote writes a double-quoted scalar (JSON's escapes are YAML's).
func quote(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(buf.String(), "\n")
}

// yaml11Words are the plain scalars YAML 1.1 reads as booleans or null.
var yaml11Words = map[string]bool{
	"y": true, "n": true, "yes": true, "no": true, "true": true, "false": true,
	"on": true, "off": true, "null": true, "~": true,
}

// quantity matches the plain scalars that start with a digit and still read as strings:
// resource quantities and percentages (500m, 64Mi, 25%).
var quantity = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?(m|k|Ki|Mi|Gi|Ti|M|G|%)$`)

// plainOK reports whether s may be written unquoted and still read back as the same string
// under YAML 1.1 (conservatively: anything else that might be a number is quoted).
func plainOK(s string, inFlow bool) bool {
	if s == "" || strings.TrimSpace(s) != s || yaml11Words[strings.ToLower(s)] {
		return false
	}
	if strings.ContainsAny(s, "\n\t\r\\") || (inFlow && strings.ContainsAny(s, ",[]{}")) {
		return false
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") {
		return false
	}
	switch {
	case quantity.MatchString(s):
		return true
	case strings.HasPrefix(s, "---"):
		return false
	case s[0] == '-' && len(s) > 1 && !strings.ContainsAny(s[1:2], " .0123456789"):
		return true
	}
	return !strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`.+0123456789")
}
