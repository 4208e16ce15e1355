package linediff

import "sync"

// Memo compares resources as Resources does, keeping the hunks of each pair of documents it
// compared in its last call: a pair that comes again (a document that did not change between
// two requests, on either side) is not compared again. So an edit of one document of a long
// stream compares that document only. A Memo is safe for concurrent use; its zero value is
// ready; a nil Memo keeps nothing (each call is Resources). It holds one call's hunks, which are
// as large as that call's answer.
type Memo struct {
	mu   sync.Mutex
	last map[string]comparison
}

// comparison is a resource's live document's text, the result document's it was compared with,
// and the hunks. The memo finds it by the resource's name, then compares the texts: a name is
// short to hash, where hashing both documents cost as much as comparing them again (in wasm,
// on a one-resource example, at every key).
type comparison struct {
	before, after string
	hunks         []Hunk
}

// Resources returns what the package's Resources returns, reusing the last call's comparisons.
func (m *Memo) Resources(live []Named, result string, names []string) []Hunk {
	if m == nil {
		return Resources(live, result, names)
	}
	m.mu.Lock()
	last := m.last
	m.mu.Unlock()
	next := make(map[string]comparison, len(names))
	hunks := resources(live, result, names, func(name, before, after string) []Hunk {
		c, ok := last[name]
		if !ok || c.before != before || c.after != after {
			c = comparison{before, after, Diff(before, after)}
		}
		next[name] = c
		return clipped(c.hunks)
	})
	m.mu.Lock()
	m.last = next
	m.mu.Unlock()
	return hunks
}

// clipped returns a copy of hunks whose lines cannot be appended to in place: the kept hunks
// stay as they were computed, whatever a caller does with the answer.
func clipped(hunks []Hunk) []Hunk {
	out := make([]Hunk, len(hunks))
	for i, h := range hunks {
		out[i] = Hunk{Op: h.Op, Lines: h.Lines[:len(h.Lines):len(h.Lines)]}
	}
	return out
}
