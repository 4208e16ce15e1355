package merge3

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestCheckTextAsWhole wants checkText, which scans only the lines an edit changed in a text the
// last request found strict, to say what the checks on the whole text say (checkSeparators and
// cutAlike), on texts made of lines kio and yamltree read differently, each edited by a line
// replaced, added or taken out, or by a character typed or deleted.
func TestCheckTextAsWhole(t *testing.T) {
	lines := []string{"a: 1", "---", "--- # c", "---#c", "--- x", "---x", "...", "... # c", "  ---", "b:", "- ---", "--- ", "#c", "", "x---x", "x...", "x--- #c"}
	random := rand.New(rand.NewPCG(1, 2))
	text := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = lines[random.IntN(len(lines))]
		}
		return out
	}
	strictCases, tried := 0, 0
	for range 3000 {
		ls := text(1 + random.IntN(6))
		end := []string{"", "\n"}[random.IntN(2)]
		last := strings.Join(ls, "\n") + end
		_, lastStrict := checkText(yamltree.Live, last, "")
		now := edit(random, ls, lines, end)
		want := checkSeparators(yamltree.Live, now) == nil && cutAlike(now)
		known := "" // the last text, when it was found strict
		if lastStrict {
			known = last
		}
		got, strict := checkText(yamltree.Live, now, known)
		if got != want {
			t.Fatalf("after %q, %q: checkText says %v, the whole checks %v", last, now, got, want)
		}
		if _, fully := checkText(yamltree.Live, now, ""); strict != fully {
			t.Fatalf("after %q, %q: strict %v, scanned whole %v", last, now, strict, fully)
		}
		if lastStrict {
			strictCases++
		}
		tried++
	}
	if strictCases < 500 {
		t.Fatalf("only %d of %d texts edited after a strict one", strictCases, tried)
	}
}

// edit returns the text of ls (its lines, then end) with a line replaced, added or taken out, or
// a character typed or deleted.
func edit(random *rand.Rand, ls, lines []string, end string) string {
	edited := append([]string{}, ls...)
	at := random.IntN(len(edited))
	text := strings.Join(ls, "\n") + end
	c := random.IntN(len(text) + 1)
	switch random.IntN(5) {
	case 0:
		edited[at] = lines[random.IntN(len(lines))]
	case 1:
		edited = append(edited[:at], append([]string{lines[random.IntN(len(lines))]}, edited[at:]...)...)
	case 2:
		edited = append(edited[:at], edited[at+1:]...)
	case 3:
		return text[:c] + string("\n-.# x"[random.IntN(6)]) + text[c:]
	default:
		if c < len(text) {
			return text[:c] + text[c+1:]
		}
	}
	return strings.Join(edited, "\n") + end
}
