package linediff

import "sort"

// pair is a line at index a of one side and index b of the other.
type pair struct{ a, b int }

// commonUnique returns the lines that occur exactly once in a and once in b, as pairs of
// indexes, keeping the longest chain that is increasing on both sides (so that the anchors can
// all be kept in order), in order.
func commonUnique(a, b []int) []pair {
	type seen struct{ inA, inB, atA, atB int }
	count := map[int]*seen{}
	for i, l := range a {
		s := count[l]
		if s == nil {
			s = &seen{}
			count[l] = s
		}
		s.inA++
		s.atA = i
	}
	for i, l := range b {
		if s := count[l]; s != nil {
			s.inB++
			s.atB = i
		}
	}
	var pairs []pair
	for _, l := range a {
		if s := count[l]; s.inA == 1 && s.inB == 1 {
			pairs = append(pairs, pair{s.atA, s.atB})
		}
	}
	return longestIncreasing(pairs)
}

// longestIncreasing returns the longest subsequence of pairs (already increasing in a) that is
// increasing in b, by patience sorting: O(n log n).
func longestIncreasing(pairs []pair) []pair {
	if len(pairs) == 0 {
		return nil
	}
	// tops[k] is the index in pairs of the smallest b ending an increasing run of length k+1;
	// back[i] the index of the pair before pairs[i] in its run.
	tops := []int{}
	back := make([]int, len(pairs))
	for i, p := range pairs {
		k := sort.Search(len(tops), func(j int) bool { return pairs[tops[j]].b >= p.b })
		back[i] = -1
		if k > 0 {
			back[i] = tops[k-1]
		}
		if k == len(tops) {
			tops = append(tops, i)
		} else {
			tops[k] = i
		}
	}
	run := make([]pair, len(tops))
	for i, k := tops[len(tops)-1], len(tops)-1; k >= 0; i, k = back[i], k-1 {
		run[k] = pairs[i]
	}
	return run
}
