package merge3

import "github.com/mergeplay/mergeplay/engine/fieldpath"

// pathStore hands out the paths the marks record, from storage allocated a chunk at a time
// rather than one allocation a path (fieldpath.Path.Append's). Each path it returns has its own
// capacity, so that appending to it moves it, and no path it returned is written again: the
// decision log keeps them. A path whose parent was the last one handed out extends it in
// place (the first entry of a map, the first field of an item), sharing its parent's elements.
// One store serves a request's marks; its zero value is ready.
type pathStore struct {
	chunk []fieldpath.Element
	// used counts the elements of chunk handed out; last is where the last path handed out
	// starts in chunk (when used is not 0).
	used, last int
}

// pathChunk is the most elements a pathStore allocates at once (64 bytes each); it starts with
// firstChunk and doubles, so that a small request's marks take little.
const (
	pathChunk  = 256
	firstChunk = 16
)

// append returns p followed by e, as p.Append does.
func (s *pathStore) append(p fieldpath.Path, e fieldpath.Element) fieldpath.Path {
	if len(p) > 0 && s.used > 0 && s.used < len(s.chunk) && s.last+len(p) == s.used && &s.chunk[s.last] == &p[0] {
		s.chunk[s.used] = e // p is the last path handed out, with room after it
		s.used++
		return s.chunk[s.last:s.used:s.used]
	}
	n := len(p) + 1
	if len(s.chunk)-s.used < n {
		s.chunk, s.used = make([]fieldpath.Element, max(min(2*len(s.chunk), pathChunk), firstChunk, n)), 0
	}
	out := s.chunk[s.used : s.used+n : s.used+n]
	copy(out, p)
	out[len(p)] = e
	s.last, s.used = s.used, s.used+n
	return out
}
