package smp

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// scanRepeats is the reference's removal written as the scan it performs (every pair
// compared): the definition removeRepeats must agree with.
func scanRepeats(out []string) []string {
	for i := 0; i < len(out); i++ {
		for j := i + 1; j < len(out); j++ {
			if out[j] == out[i] {
				out[j] = out[len(out)-1]
				out = out[:len(out)-1]
				j--
			}
		}
	}
	return out
}

func TestRemoveRepeats(t *testing.T) {
	same := func(s string) string { return s }
	tests := []struct{ in, want []string }{
		{[]string{"1", "1", "3", "6"}, []string{"1", "6", "3"}},
		{[]string{}, []string{}},
		{[]string{"a"}, []string{"a"}},
		{[]string{"a", "a", "a"}, []string{"a"}},
		{[]string{"a", "b", "a", "a"}, []string{"a", "b"}},
		{[]string{"a", "b", "b", "a", "c", "b"}, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		if got := removeRepeats(slices.Clone(tt.in), same); !slices.Equal(got, tt.want) {
			t.Errorf("removeRepeats(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	r := rand.New(rand.NewSource(17))
	for n := range 3000 {
		size, kinds := 1+r.Intn(40), 1+r.Intn(12)
		if n%100 == 0 {
			size, kinds = 200+r.Intn(300), 1+r.Intn(200)
		}
		in := make([]string, size)
		for i := range in {
			in[i] = fmt.Sprint(r.Intn(kinds))
		}
		want := scanRepeats(slices.Clone(in))
		if got := removeRepeats(slices.Clone(in), same); !slices.Equal(got, want) {
			t.Fatalf("case %d: removeRepeats(%v) = %v, the scan gives %v", n, in, got, want)
		}
	}
}

// TestRemoveRepeatsComputesEachTextOnce: a value's text may be costly (printed nodes).
func TestRemoveRepeatsComputesEachTextOnce(t *testing.T) {
	calls := 0
	in := []string{"a", "b", "a", "c", "b", "a"}
	removeRepeats(in, func(s string) string { calls++; return s })
	if calls != len(in) {
		t.Errorf("text called %d times for %d values", calls, len(in))
	}
}

func BenchmarkRemoveRepeats(b *testing.B) {
	in := make([]string, 100_000)
	for i := range in {
		in[i] = fmt.Sprint(i % 50_000)
	}
	for b.Loop() {
		removeRepeats(slices.Clone(in), func(s string) string { return s })
	}
}
