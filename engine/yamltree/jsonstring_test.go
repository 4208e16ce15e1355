package yamltree

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// quotedRuneByRune is writeJSONString's definition, rune by rune: encoding/json's escapes (HTML
// characters, U+2028 and U+2029 included), an invalid byte written as U+FFFD.
func quotedRuneByRune(s string) string {
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
		case r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029' || r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestWriteJSONStringQuotesAsEncodingJSON(t *testing.T) {
	pieces := []string{"a", "é", "日本", "\"", "\\", "\n", "\r", "\t", "\b", "\f", "\x00", "\x1f", "\x7f", "<", ">", "&", "\u2028", "\u2029", "\ufffd", "\xff", "\xe6\x97", " ", "x y"}
	r := rand.New(rand.NewSource(5))
	for n := range 20000 {
		var s strings.Builder
		for range r.Intn(8) {
			s.WriteString(pieces[r.Intn(len(pieces))])
		}
		var b strings.Builder
		writeJSONString(&b, s.String())
		if got, want := b.String(), quotedRuneByRune(s.String()); got != want {
			t.Fatalf("case %d: writeJSONString(%q) = %s, want %s", n, s.String(), got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(b.String()), &back); err != nil || utf8.ValidString(s.String()) && back != s.String() {
			t.Fatalf("case %d: %s reads back as %q (%v)", n, b.String(), back, err)
		}
	}
}
