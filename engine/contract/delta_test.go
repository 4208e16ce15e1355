package contract

import (
	"reflect"
	"strings"
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

// TestCommonLines checks commonLines, which compares runs of bytes at once, against the same
// ends found a byte at a time, on texts whose difference stands before, across and after a
// run's boundary, at either end, and on texts one of which is the other's start or end.
func TestCommonLines(t *testing.T) {
	byBytes := func(a, b string) (head, tail int) {
		for head < len(a) && head < len(b) && a[head] == b[head] {
			head++
		}
		head = strings.LastIndexByte(b[:head], '\n') + 1
		for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
			tail++
		}
		for tail > 0 && tail < len(b) && b[len(b)-tail-1] != '\n' {
			tail--
		}
		return head, tail
	}
	base := strings.Repeat("line of text\n", 3*compareRun/13+7)
	cases := 0
	for _, at := range []int{0, 1, compareRun - 1, compareRun, compareRun + 1, len(base) / 2, len(base) - compareRun, len(base) - 1} {
		for _, edit := range []func(string) string{
			func(s string) string { return s[:at] + "x" + s[at+1:] },
			func(s string) string { return s[:at] + "inserted\n" + s[at:] },
			func(s string) string { return s[:at] + s[at+1:] },
			func(s string) string { return s[:at] },
			func(s string) string { return s[at:] },
		} {
			b := edit(base)
			for _, pair := range [][2]string{{base, b}, {b, base}} {
				gotHead, gotTail := commonLines(pair[0], pair[1])
				wantHead, wantTail := byBytes(pair[0], pair[1])
				if gotHead != wantHead || gotTail != wantTail {
					t.Errorf("edit at %d: commonLines %d, %d; byte by byte %d, %d", at, gotHead, gotTail, wantHead, wantTail)
				}
				cases++
			}
		}
	}
	if cases < 80 {
		t.Fatalf("%d cases", cases)
	}
}

// TestSameCommandReadsEveryField wants two commands whose JSON differs in any one field (each
// field of Command changed in turn, and an output of null against an empty one) told apart by
// sameCommand, and commands whose JSON is the same (warnings nil or empty) found the same.
func TestSameCommandReadsEveryField(t *testing.T) {
	base := Command{Tool: "kubectl", Line: "kubectl apply -f config.yaml", About: "apply", Output: []string{"a configured"}, Error: "", Warnings: []string{"w"}}
	changed := []Command{base, base, base, base, base, base, base}
	changed[0].Tool = "helm"
	changed[1].Line = "kubectl diff"
	changed[2].About = "diff"
	changed[3].Output = []string{"a unchanged"}
	changed[4].Error = "error: x"
	changed[5].Warnings = nil
	changed[6].Output = nil
	if fields := reflect.TypeFor[Command]().NumField(); fields != 6 {
		t.Fatalf("Command has %d fields: make sameCommand and this test compare the new ones", fields)
	}
	for i, c := range changed {
		if sameCommand(base, c) || sameCommand(c, base) {
			t.Errorf("change %d: found the same as the command it changes", i)
		}
	}
	emptyOutput := base
	emptyOutput.Output = []string{}
	if sameCommand(changed[6], emptyOutput) {
		t.Error("an output of null and an empty one found the same: their JSON differs")
	}
	a, b := base, base
	a.Warnings, b.Warnings = nil, []string{}
	if !sameCommand(a, b) {
		t.Error("warnings nil and empty told apart: their JSON is the same")
	}
}

// TestUTF16Length wants utf16Length to count what JavaScript's length counts, on texts mixing
// ASCII runs of every length around its eight-byte steps with runes of two, three and four bytes.
func TestUTF16Length(t *testing.T) {
	parts := []string{"a", "abcdefg", "abcdefgh", "abcdefghijklmnopq", "é", "€", "😀", "\n"}
	for i := range 2000 {
		var b strings.Builder
		for k := i; k > 0; k /= len(parts) {
			b.WriteString(parts[k%len(parts)])
		}
		text := b.String()
		if got, want := utf16Length(text), len(utf16.Encode([]rune(text))); got != want {
			t.Fatalf("%q: %d, want %d", text, got, want)
		}
	}
}
