package shell

import (
	"os/exec"
	"strings"
	"testing"
)

// hostile are words that must reach a command's argv byte for byte.
var hostile = []string{
	"web", "", " ", "a b", "it's", "'", "''", `"`, `\`, `\'`, "$(touch /tmp/mergeplay-pwned)",
	"`touch /tmp/mergeplay-pwned`", "${HOME}", "$HOME", "a\nb", "\n", "*", "?", "[a]", "~", "#x",
	"x;y", "x|y", "x&y", "x>y", "--flag", "-n", "é", "{\"a\":\"b'c\"}", "a\tb", "!x",
}

func TestQuotePlainWordsStayAsTheyAre(t *testing.T) {
	for _, w := range []string{"web", "apps/v1", "kubectl", "--field-manager=x", "a.b-c_d:e,f@g%h+i"} {
		if got := Quote(w); got != w {
			t.Errorf("Quote(%q) = %q, want it unquoted", w, got)
		}
	}
	for _, tt := range []struct{ word, want string }{
		{"", "''"}, {"a b", "'a b'"}, {"it's", `'it'\''s'`}, {"$(x)", "'$(x)'"}, {"a\nb", "'a\nb'"},
	} {
		if got := Quote(tt.word); got != tt.want {
			t.Errorf("Quote(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

// TestQuoteReachesArgvUnchanged runs sh on a command line of every hostile word and reads each
// argument back as the shell passed it: each must arrive whole and unchanged, and nothing may run.
func TestQuoteReachesArgvUnchanged(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	script := `for a in "$@"; do printf '%s\0' "$a"; done`
	line := Join(append([]string{"sh", "-c", script, "sh"}, hostile...)...)
	out, err := exec.Command("sh", "-c", line).Output()
	if err != nil {
		t.Fatalf("sh -c %s: %v", line, err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(hostile) {
		t.Fatalf("got %d arguments, want %d: %q", len(got), len(hostile), got)
	}
	for i, w := range hostile {
		if got[i] != w {
			t.Errorf("argument %d: got %q, want %q", i, got[i], w)
		}
	}
}
