package typed

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// Each case names items by one letter: live's, the config's, and the merged order, where an
// upper-case letter is the config's item and a lower-case one live's item the config lacks.
func TestItemOrder(t *testing.T) {
	tests := []struct{ live, config, want string }{
		{"", "ab", "AB"},
		{"ab", "", "ab"},
		{"ab", "ab", "AB"},
		{"ab", "ba", "BA"},
		{"axb", "ba", "xBA"},    // a out of turn passed over; x written when read
		{"xab", "yb", "xaYB"},   // the config's y waits for b, the item both have
		{"abx", "acb", "ACBx"},  // c, the config's alone, written before b's turn
		{"bax", "aby", "AxBY"},  // b passed over, a written, x follows it
		{"aax", "ay", "AYx"},    // a repeat once all are written brings y along
		{"aaxb", "ayb", "AxYB"}, // a repeat while b is due is passed over
		{"aba", "ba", "BA"},     // a repeat of a written item
	}
	for _, tc := range tests {
		live, config := letters(tc.live), letters(tc.config)
		var got strings.Builder
		for _, w := range itemOrder(live, config) {
			if w.config >= 0 {
				got.WriteString(strings.ToUpper(config[w.config].Field))
			} else {
				got.WriteString(live[w.live].Field)
			}
		}
		if got.String() != tc.want {
			t.Errorf("live %s, config %s: got %s, want %s", tc.live, tc.config, got.String(), tc.want)
		}
	}
}

func letters(s string) []fieldpath.Element {
	out := make([]fieldpath.Element, len(s))
	for i, r := range s {
		out[i] = fieldpath.Element{Field: string(r)}
	}
	return out
}
