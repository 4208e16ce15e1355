package contract

import (
	"testing"
	"unicode/utf16"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// TestTextPartsKeepWholeRunes checks a text's part of a delta (writeText): the kept ends count
// UTF-16 code units, as JavaScript's strings do, and never cut a rune, whatever bytes the two
// texts share.
func TestTextPartsKeepWholeRunes(t *testing.T) {
	tests := []struct{ a, b string }{
		{"abc", "abd"},
		{"abc", "xbc"},
		{"", "new"},
		{"old", ""},
		{"aaa", "aaaa"},
		{"aaaa", "aaa"},
		{"é", "è"},          // two bytes each, sharing the first
		{"x😀y", "x😁y"},      // four bytes each, sharing three
		{"😀😀😀", "😀😀"},       // a surrogate pair taken away
		{"ab€cd", "ab€xcd"}, // three bytes kept before the edit
		{"名前: web", "名前: wob"},
		{"a\nb\nc\n", "a\nB\nc\n"},
		{"a\nb\nc", "a\nb\nc\nd"},
		{"x\n1\n2\n3\n4\n5\n6\n7\n8\n9\ny\n", "X\n1\n2\n3\n4\n5\n6\n7\n8\n9\nY\n"}, // kept between two changes
		{"é\n1\n2\n3\n4\n5\n6\n7\n8\n9\n😀\n", "è\n1\n2\n3\n4\n5\n6\n7\n8\n9\n😁\n"},
	}
	for _, tt := range tests {
		var w jsonwire.Writer
		w.OpenObject()
		writeText(&w, "result", tt.a, tt.b)
		w.CloseObject()
		text, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonwire.Value(text)
		if err != nil {
			t.Fatalf("%q → %q: %s is not JSON: %v", tt.a, tt.b, text, err)
		}
		units := utf16.Encode([]rune(tt.a))
		var out []uint16
		for _, e := range v.(map[string]any)["result"].(map[string]any)["edits"].([]any) {
			e := e.(map[string]any)
			switch {
			case e["keep"] != nil:
				out, units = append(out, units[:number(t, e["keep"])]...), units[number(t, e["keep"]):]
			case e["drop"] != nil:
				units = units[number(t, e["drop"]):]
			default:
				out = append(out, utf16.Encode([]rune(e["text"].(string)))...)
			}
		}
		if got := string(utf16.Decode(append(out, units...))); got != tt.b {
			t.Errorf("%q → %q: %s applied gives %q", tt.a, tt.b, text, got)
		}
	}
}

// number reads a JSON number jsonwire.Value gave.
func number(t *testing.T, v any) int {
	t.Helper()
	switch n := v.(type) {
	case float64:
		return int(n)
	case int:
		return n
	case int64:
		return int(n)
	}
	t.Fatalf("not a number: %T %v", v, v)
	return 0
}
