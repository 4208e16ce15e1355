package merge3

import (
	"math/rand"
	"regexp"
	"slices"
	"testing"
)

// separatorPattern is the pattern kioSeparators writes out (kio's ByteReader's).
var separatorPattern = regexp.MustCompile(`\n---.*\n`)

func patternSeparators(text string) [][2]int {
	var out [][2]int
	for _, loc := range separatorPattern.FindAllStringIndex(text, -1) {
		out = append(out, [2]int{loc[0], loc[1]})
	}
	return out
}

func TestKioSeparatorsAreThePattern(t *testing.T) {
	for _, text := range []string{"", "a: 1\n", "a: 1\n---\nb: 2\n", "a\n---\n---\nb\n", "a\n--- # c\nb", "a\n---", "\n---\n", "a\n----x\r\nb\n", "---\na\n", "a\n-- -\nb\n", "a\n---\xff\nb\n"} {
		if got, want := kioSeparators(text), patternSeparators(text); !slices.Equal(got, want) {
			t.Errorf("kioSeparators(%q) = %v, the pattern finds %v", text, got, want)
		}
	}
	r := rand.New(rand.NewSource(11))
	pieces := []string{"\n", "-", "---", "a", " ", "#", "\r", "\n---\n", "\n---"}
	for range 20000 {
		var text string
		for range r.Intn(10) {
			text += pieces[r.Intn(len(pieces))]
		}
		if got, want := kioSeparators(text), patternSeparators(text); !slices.Equal(got, want) {
			t.Fatalf("kioSeparators(%q) = %v, the pattern finds %v", text, got, want)
		}
	}
}
