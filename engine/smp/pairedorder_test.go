package smp

import (
	"slices"
	"sort"
	"strconv"
	"testing"
)

// byText is what pairedOrder sorted with sort.Sort before it used sort.Slice.
type byText struct {
	texts []string
	index []int
}

func (s *byText) Len() int           { return len(s.index) }
func (s *byText) Less(i, j int) bool { return s.texts[s.index[i]] <= s.texts[s.index[j]] }
func (s *byText) Swap(i, j int)      { s.index[i], s.index[j] = s.index[j], s.index[i] }

// TestPairedOrderAsSortSort checks that pairedOrder moves equal texts exactly as sort.Sort with
// the reference's "less or equal" comparison does, on lists long enough for pdqsort's every
// branch (insertion sort, partitions, the heap sort fallback on patterns).
func TestPairedOrderAsSortSort(t *testing.T) {
	for _, n := range []int{0, 1, 5, 12, 13, 50, 200, 1000} {
		for _, distinct := range []int{1, 2, 7, 1000} {
			texts := make([]string, n)
			for i := range texts {
				texts[i] = strconv.Itoa((i*7919 + i/3) % distinct)
			}
			s := &byText{texts: texts, index: make([]int, n)}
			for i := range s.index {
				s.index[i] = i
			}
			sort.Sort(s)
			if got := pairedOrder(texts); !slices.Equal(got, s.index) {
				t.Errorf("%d texts, %d distinct: pairedOrder = %v, sort.Sort gives %v", n, distinct, got, s.index)
			}
		}
	}
}
