package reproduce

import (
	"strings"
	"testing"
)

// TestReplaceBytesAsReplacer checks replaceBytes against strings.NewReplacer with the pairs the
// package uses.
func TestReplaceBytesAsReplacer(t *testing.T) {
	pairs := [][]string{
		{"\n", `\n`, "\r", `\r`},
		{`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`},
	}
	for _, text := range []string{"", "plain", "a\nb\r\nc", `say "hi"\n`, "\t\\\"\n\r", "ünïcødé\n€", "\xff\n"} {
		for _, p := range pairs {
			if got, want := replaceBytes(text, p...), strings.NewReplacer(p...).Replace(text); got != want {
				t.Errorf("replaceBytes(%q, %q) = %q, strings.Replacer gives %q", text, p, got, want)
			}
		}
	}
}
