package smp

import "container/heap"

// removeRepeats removes, in out's own array, the values whose text repeats an earlier value's,
// as the reference does (withoutRepeats): scanning from the first value, each later value with
// the same text is overwritten by the list's last value and the list shortened, the overwritten
// place then checked again. [1 1 3 6] becomes [1 6 3].
//
// It does so without comparing every pair: each value's text is computed once, and the places
// holding a text are kept in a min-heap, so that the next place to overwrite is the smallest
// one still holding the text being removed (O(n log n) rather than the n² comparisons of
// scanning, which took minutes on a list of 10,000 finalizers). repeats_test.go checks it
// against the scan on random lists.
func removeRepeats[T any](out []T, text func(T) string) []T {
	texts := make([]string, len(out))
	places := map[string]*placeHeap{}
	for i, v := range out {
		texts[i] = text(v)
		h := places[texts[i]]
		if h == nil {
			h = &placeHeap{}
			places[texts[i]] = h
		}
		*h = append(*h, i) // ascending: already a heap
	}
	if len(places) == len(out) {
		return out // no text repeats
	}
	n := len(out)
	for i := 0; i < n; i++ {
		h := places[texts[i]]
		for {
			p, ok := h.nextAfter(i, n, texts, texts[i])
			if !ok {
				break
			}
			last := n - 1
			out[p], texts[p] = out[last], texts[last]
			n--
			if p < n {
				heap.Push(places[texts[p]], p)
			}
		}
	}
	return out[:n]
}

// placeHeap holds places of a list (indexes), smallest first. An entry may be stale (the place
// now holds another text, or lies past the list's end): nextAfter skips those.
type placeHeap []int

// nextAfter pops and returns the smallest place after i, within the first n, that still holds
// text; ok is false when there is none.
func (h *placeHeap) nextAfter(i, n int, texts []string, text string) (place int, ok bool) {
	for h.Len() > 0 {
		p := heap.Pop(h).(int)
		if p > i && p < n && texts[p] == text {
			return p, true
		}
	}
	return 0, false
}

func (h placeHeap) Len() int           { return len(h) }
func (h placeHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h placeHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }

// Push adds a place (heap.Interface).
func (h *placeHeap) Push(x any) { *h = append(*h, x.(int)) }

// Pop removes the last place (heap.Interface).
func (h *placeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
