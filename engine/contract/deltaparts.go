package contract

import (
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// A delta's part of a text or a list is a script of edits that turns the last answer's value
// into this one's, read from the start: keep n (units or items, the kept items' numbers moved
// by shift), drop n, insert (text or items); what follows the last edit is kept as it is.
// script works it out from the common ends of the two values and, between them, from runs of
// resyncRun items found again further on (an edit that renames a resource changes its place
// and the end of the result, where live's resource left alone now stands).

// resyncRun is how many items in a row must match for the script to take them as kept between
// two changes.
const resyncRun = 8

// maxEdits bounds a script: past it (two unrelated answers, a mode switched) the part is the
// value whole.
const maxEdits = 64

// edit is one step of a script: keep (n, shift), drop (n) or insert (b[from:to]).
type edit struct {
	_        incomparable.Field
	kind     byte // 'k', 'd' or 'i'
	n        int
	from, to int
	shift    shift
}

// matcher compares the items of two lists: match tells whether b[j] is a[i] (its numbers moved by
// s, learnt when learn is set), key hashes an item's content but its numbers (0: no key, no
// resync on it).
type matcher struct {
	match  func(i, j int, s *shift, learn bool) bool
	keyA   func(i int) uint64
	keyB   func(j int) uint64
	la, lb int
}

// script returns the edits turning a into b; ok is false when they are too many (the part is
// then b whole).
func (m matcher) script() (edits []edit, ok bool) {
	head := 0
	var none shift // never learnt (learn false): one for every item, not one allocated per item
	for head < m.la && head < m.lb && m.match(head, head, &none, false) {
		head++
	}
	if head == m.la && head == m.lb {
		return nil, true
	}
	var tailShift shift
	ta, tb := m.la, m.lb
	for ta > head && tb > head && m.match(ta-1, tb-1, &tailShift, true) {
		ta--
		tb--
	}
	edits = keep(edits, head, shift{})
	edits = m.middle(edits, head, ta, head, tb)
	if tailShift.by != [spaces]int{} {
		edits = keep(edits, m.la-ta, tailShift)
	}
	return edits, len(edits) <= maxEdits
}

// keep appends a keep of n items (none when n is 0).
func keep(edits []edit, n int, s shift) []edit {
	if n == 0 {
		return edits
	}
	return append(edits, edit{kind: 'k', n: n, shift: s})
}

// middle appends the edits turning a[i:ta] into b[j:tb]: runs found again kept, the rest
// dropped and inserted.
func (m matcher) middle(edits []edit, i, ta, j, tb int) []edit {
	index := m.index(i, ta)
	for j < tb && len(edits) <= maxEdits {
		p, q, s, found := m.resync(index, i, ta, j, tb)
		if !found {
			break
		}
		edits = change(edits, p-i, j, q)
		n := 0
		for p+n < ta && q+n < tb && m.match(p+n, q+n, &s, true) {
			n++
		}
		edits = keep(edits, n, s)
		i, j = p+n, q+n
	}
	return change(edits, ta-i, j, tb)
}

// change appends a drop of n items and an insert of b[from:to] (each when not empty).
func change(edits []edit, n, from, to int) []edit {
	if n > 0 {
		edits = append(edits, edit{kind: 'd', n: n})
	}
	if to > from {
		edits = append(edits, edit{kind: 'i', from: from, to: to})
	}
	return edits
}

// index maps the keys of a[i:ta] to their positions, in order.
func (m matcher) index(i, ta int) map[uint64][]int {
	if m.keyA == nil {
		return nil
	}
	index := map[uint64][]int{}
	for ; i < ta; i++ {
		if k := m.keyA(i); k != 0 {
			index[k] = append(index[k], i)
		}
	}
	return index
}

// resync finds the first b[q] (q from j) that starts a run of resyncRun items matching a's from
// some a[p] (p from i), and the shift of that run.
func (m matcher) resync(index map[uint64][]int, i, ta, j, tb int) (p, q int, s shift, found bool) {
	if index == nil {
		return 0, 0, shift{}, false
	}
	for q = j; q+resyncRun <= tb; q++ {
		positions := index[m.keyB(q)]
		at, _ := slices.BinarySearch(positions, i)
		for _, p = range positions[at:min(at+4, len(positions))] {
			if p+resyncRun > ta {
				break
			}
			s = shift{}
			n := 0
			for n < resyncRun && m.match(p+n, q+n, &s, true) {
				n++
			}
			if n == resyncRun {
				return p, q, s, true
			}
		}
	}
	return 0, 0, shift{}, false
}

// writeShifted writes the part key when a list changed (m compares the last answer's items
// with this one's, items writes this one's from:to), as a script, or the list whole when the
// script would be long.
func writeShifted(w *jsonwire.Writer, key string, m matcher, items func(w *jsonwire.Writer, from, to int)) {
	edits, ok := m.script()
	if ok && edits == nil {
		return
	}
	if !ok {
		items(w.Key(key), 0, m.lb)
		return
	}
	writeScript(w, key, edits, items)
}

// writeScript writes the part key as a list's script, items writing the items an insert
// inserts (b[from:to]).
func writeScript(w *jsonwire.Writer, key string, edits []edit, items func(w *jsonwire.Writer, from, to int)) {
	writeEdits(w.Key(key), edits, items)
}

// writeEdits writes a list's script as an object at w: its edits, a keep with its shift, a drop,
// or the items an insert inserts (items writes b[from:to]).
func writeEdits(w *jsonwire.Writer, edits []edit, items func(w *jsonwire.Writer, from, to int)) {
	w.OpenObject()
	w.Key("edits").OpenArray()
	for _, e := range edits {
		w.OpenObject()
		switch e.kind {
		case 'k':
			w.Key("keep").Int(e.n)
			writeShift(w, e.shift)
		case 'd':
			w.Key("drop").Int(e.n)
		default:
			items(w.Key("items"), e.from, e.to)
		}
		w.CloseObject()
	}
	w.CloseArray()
	w.CloseObject()
}

// writeShift writes a keep's shift, when it moves anything.
func writeShift(w *jsonwire.Writer, s shift) {
	if s.by == [spaces]int{} {
		return
	}
	w.Key("shift").OpenObject()
	for i, by := range s.by {
		if by != 0 {
			w.Key(spaceNames[i]).Int(by)
		}
	}
	w.CloseObject()
}

// writeText writes the part key when its text changed from a to b: a script over the lines
// between the texts' common ends, counted in UTF-16 code units (JavaScript's strings), or b
// whole when the script would be long.
func writeText(w *jsonwire.Writer, key, a, b string) {
	if a == b {
		return
	}
	edits := textEdits(nil, a, b)
	if len(edits) > 0 && edits[len(edits)-1].kind == 'k' {
		edits = edits[:len(edits)-1] // what follows the last edit is kept
	}
	if len(edits) > maxEdits+1 {
		w.Key(key).String(b)
		return
	}
	writeTextScript(w, key, edits)
}

// commonLines returns the bytes of the whole lines a and b begin with alike (head) and end with
// alike (tail), not overlapping.
func commonLines(a, b string) (head, tail int) {
	n := min(len(a), len(b))
	for head+compareRun <= n && a[head:head+compareRun] == b[head:head+compareRun] {
		head += compareRun
	}
	for head < n && a[head] == b[head] {
		head++
	}
	head = strings.LastIndexByte(b[:head], '\n') + 1
	room := n - head
	for tail+compareRun <= room && a[len(a)-tail-compareRun:len(a)-tail] == b[len(b)-tail-compareRun:len(b)-tail] {
		tail += compareRun
	}
	for tail < room && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	for tail > 0 && tail < len(b) && b[len(b)-tail-1] != '\n' { // the kept end starts a line
		tail--
	}
	return head, tail
}

// compareRun is how many bytes commonLines compares at once (a string comparison, many times
// faster than byte by byte on a result of megabytes) before it finds the first difference byte
// by byte.
const compareRun = 256

// lines splits text after each new line (the last line may lack one).
func lines(text string) []string {
	out := make([]string, 0, strings.Count(text, "\n")+1)
	for text != "" {
		n := strings.IndexByte(text, '\n') + 1
		if n == 0 {
			n = len(text)
		}
		out = append(out, text[:n])
		text = text[n:]
	}
	return out
}

// hashText hashes a line (FNV-1a, 64 bits; never 0).
func hashText(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h | 1
}

// utf16Length counts the UTF-16 code units of the texts (JavaScript's length of the same text).
func utf16Length(texts ...string) int {
	n := 0
	for _, s := range texts {
		for i := 0; i < len(s); {
			if i+8 <= len(s) && s[i]|s[i+1]|s[i+2]|s[i+3]|s[i+4]|s[i+5]|s[i+6]|s[i+7] < 0x80 {
				n, i = n+8, i+8 // eight ASCII bytes at once: a long result's unchanged head is kept as its length
				continue
			}
			switch c := s[i]; {
			case c < 0x80 || c >= 0xC0 && c < 0xF0: // ASCII, or a rune of two or three bytes
				n++
			case c >= 0xF0: // a rune of four bytes: a surrogate pair
				n += 2
			}
			i++
		}
	}
	return n
}
