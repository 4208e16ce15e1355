package ynode

import (
	"math/rand"
	"regexp"
	"testing"
)

// floatPattern is the pattern floatSpelling writes out.
var floatPattern = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

func TestFloatSpellingIsThePattern(t *testing.T) {
	for _, s := range []string{"", "1", "-1", "+.5", ".", "1.", "1.e5", ".e5", "1e", "1e+", "1e+5", "-.5E-3", "1.2.3", "e5", "++1", "1_0", "0x1F", " 1", "1 ", "1\n", "١"} {
		if got, want := floatSpelling(s), floatPattern.MatchString(s); got != want {
			t.Errorf("floatSpelling(%q) = %v, the pattern says %v", s, got, want)
		}
	}
	r := rand.New(rand.NewSource(7))
	const alphabet = "0123456789.eE+-x \n"
	for range 20000 {
		b := make([]byte, r.Intn(8))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		if got, want := floatSpelling(string(b)), floatPattern.MatchString(string(b)); got != want {
			t.Fatalf("floatSpelling(%q) = %v, the pattern says %v", b, got, want)
		}
	}
}
