package yamltree

import "testing"

// TestLongWordsArePlainByTheRules checks plainSafe's shortcut: every word longWord takes is one
// the resolution rules and indicators write plain too, in block and flow context; and the words
// it leaves to the rules (short words, digits first) include those that must not be plain.
func TestLongWordsArePlainByTheRules(t *testing.T) {
	const alphabet = "aZy0-_./:"
	var words []string
	var grow func(prefix string)
	grow = func(prefix string) {
		if len(prefix) >= 7 {
			return
		}
		words = append(words, prefix)
		for i := range len(alphabet) {
			grow(prefix + alphabet[i:i+1])
		}
	}
	for _, first := range []string{"a", "Y", "n", "0", "-", "."} {
		grow(first)
	}
	words = append(words, "apiVersion", "metadata", "nginx-1.27", "kubernetes.io/name", "yes-and", "FALSEY", "Nullable")
	taken := 0
	for _, w := range words {
		if !longWord(w) {
			continue
		}
		taken++
		for _, flow := range []bool{false, true} {
			if !plainByRules(w, flow) {
				t.Errorf("longWord takes %q, which the rules do not write plain (flow %v)", w, flow)
			}
		}
	}
	if taken < 1000 {
		t.Errorf("longWord took %d words", taken)
	}
	for _, w := range []string{"true", "False", "yes", "off", "null", "y", "1e3", "0x1F", ".inf", "-12", "no:x"} {
		if longWord(w) {
			t.Errorf("longWord takes %q", w)
		}
	}
}
