package yamltree

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mergeplay/mergeplay/internal/verb"
)

// JSON writes n as compact JSON, keys in the node's order. It fails on values JSON cannot hold
// (infinities and NaN), as the references do when they convert YAML to JSON.
func JSON(n *Node) (string, error) {
	var b strings.Builder
	if err := writeJSON(&b, n, false); err != nil {
		return "", err
	}
	return b.String(), nil
}

// SortedJSON writes n as compact JSON with every map's keys sorted, as Go's encoding/json writes
// a map: the form of kubectl's last-applied annotation and of the patches it sends.
func SortedJSON(n *Node) (string, error) {
	var b strings.Builder
	if err := writeJSON(&b, n, true); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeJSON(b *strings.Builder, n *Node, sorted bool) error {
	switch {
	case n == nil:
		b.WriteString("null")
	case n.Kind == MapNode:
		fields := n.Fields
		if sorted {
			fields = byKey(fields)
		}
		b.WriteByte('{')
		for i, f := range fields {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, f.Key.Value)
			b.WriteByte(':')
			if err := writeJSON(b, f.Value, sorted); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case n.Kind == ListNode:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, it, sorted); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		return writeScalarJSON(b, n)
	}
	return nil
}

// byKey returns fields sorted by key, stably: fields itself when they are in order already (most
// maps of a config: apiVersion, kind, metadata, spec), a sorted copy otherwise, by insertion for
// the few keys most maps have (sort.SliceStable's swaps through reflection were 5% of an apply's
// time in the page's wasm).
func byKey(fields []Field) []Field {
	inOrder := true
	for i := 1; i < len(fields) && inOrder; i++ {
		inOrder = fields[i-1].Key.Value <= fields[i].Key.Value
	}
	if inOrder {
		return fields
	}
	out := append([]Field(nil), fields...)
	if len(out) > 32 {
		sort.SliceStable(out, func(i, j int) bool { return out[i].Key.Value < out[j].Key.Value })
		return out
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Key.Value < out[j-1].Key.Value; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func writeScalarJSON(b *strings.Builder, n *Node) error {
	switch n.Tag {
	case NullTag:
		b.WriteString("null")
	case BoolTag:
		b.WriteString(n.Canonical())
	case IntTag, FloatTag:
		if exact, ok := exactInt(n.Value); ok && n.Tag == IntTag {
			b.WriteString(exact)
			return nil
		}
		f, ok := n.Float()
		if !ok || math.IsInf(f, 0) || math.IsNaN(f) {
			return ErrorAt(n.Pos, "the number "+n.Value+" cannot be written as JSON")
		}
		b.WriteString(jsonNumberText(f))
	default:
		writeJSONString(b, n.Value)
	}
	return nil
}

// jsonNumberText writes a float as kubectl's JSON holds it: as encoding/json writes it, except
// -0, which kubectl reads back as the integer 0 (observed: -0.0 in a config is 0 in its
// last-applied annotation).
func jsonNumberText(f float64) string {
	if f == 0 {
		return "0"
	}
	return FormatNumber(f)
}

// writeJSONString writes s quoted as encoding/json quotes it (with HTML characters escaped),
// copying the runs of characters that need no escape whole: the last-applied annotation of every
// resource of a stream is written through here.
func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	plain := 0 // s[plain:i] needs no escape
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b.WriteString(s[plain:i])
			writeEscapedByte(b, c)
			i++
			plain = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b.WriteString(s[plain:i])
			if r == utf8.RuneError {
				b.WriteString("\ufffd") // an invalid byte, as encoding/json replaces it
			} else {
				b.WriteString(`\u` + verb.Hex(uint64(r), 4))
			}
			plain = i + size
		}
		i += size
	}
	b.WriteString(s[plain:])
	b.WriteByte('"')
}

// writeEscapedByte writes an ASCII character that a JSON string escapes.
func writeEscapedByte(b *strings.Builder, c byte) {
	switch c {
	case '"':
		b.WriteString(`\"`)
	case '\\':
		b.WriteString(`\\`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	case '\b':
		b.WriteString(`\b`)
	case '\f':
		b.WriteString(`\f`)
	default: // another control character, or <, > and &
		b.WriteString(`\u` + verb.Hex(uint64(c), 4))
	}
}

// NumberNode returns an int or float scalar holding f, written as JSON writes it.
func NumberNode(f float64) *Node {
	text := FormatNumber(f)
	if _, err := strconv.ParseInt(text, 10, 64); err == nil {
		return NewScalar(IntTag, text)
	}
	return NewScalar(FloatTag, text)
}
