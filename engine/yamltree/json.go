package yamltree

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
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
			fields = append([]Field(nil), fields...)
			sort.SliceStable(fields, func(i, j int) bool { return fields[i].Key.Value < fields[j].Key.Value })
		}
		b.WriteByte('{')
		for i, f := range fields {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(jsonString(f.Key.Value))
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
			return Errorf(n.Pos, "the number %s cannot be written as JSON", n.Value)
		}
		b.WriteString(jsonNumberText(f))
	default:
		b.WriteString(jsonString(n.Value))
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

// jsonString quotes s as encoding/json does (with HTML characters escaped).
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == 0xfffd:
			b.WriteString("\ufffd")
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// NumberNode returns an int or float scalar holding f, written as JSON writes it.
func NumberNode(f float64) *Node {
	text := FormatNumber(f)
	if _, err := strconv.ParseInt(text, 10, 64); err == nil {
		return NewScalar(IntTag, text)
	}
	return NewScalar(FloatTag, text)
}
