package stream

// hashIndex finds the items of a list by a 64-bit hash each already has (an identity's, worked
// out when its document was split): an open-addressed table, so that no hash is worked out again
// at a lookup. A Go map keyed by the hash hashes it again, which in wasm (no hardware hashing)
// cost what hashing the identity did, at every key for every resource of a stream.
type hashIndex struct {
	slots  []int32  // by slot: 1 + the index of the first item given with the slot's hash, 0 for none
	hashes []uint64 // by slot: the hash of the item there
	mask   uint64
	filled int // the slots taken: the table doubles before half of them are
}

// newHashIndex returns an empty index sized for n items (it grows past them).
func newHashIndex(n int) hashIndex {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	return hashIndex{slots: make([]int32, size), hashes: make([]uint64, size), mask: uint64(size - 1)}
}

// find returns the index of the first item added with hash h; false when there is none.
func (x *hashIndex) find(h uint64) (int, bool) {
	for s := h & x.mask; ; s = (s + 1) & x.mask {
		switch {
		case x.slots[s] == 0:
			return 0, false
		case x.hashes[s] == h:
			return int(x.slots[s]) - 1, true
		}
	}
}

// add records item i under hash h, unless an item holds h already.
func (x *hashIndex) add(h uint64, i int) {
	s := h & x.mask
	for ; x.slots[s] != 0; s = (s + 1) & x.mask {
		if x.hashes[s] == h {
			return
		}
	}
	x.slots[s], x.hashes[s] = int32(i+1), h
	if x.filled++; 2*x.filled > len(x.slots) {
		x.grow()
	}
}

// grow doubles the table, every item in it again.
func (x *hashIndex) grow() {
	bigger := newHashIndex(len(x.slots))
	for s, i := range x.slots {
		if i != 0 {
			bigger.add(x.hashes[s], int(i)-1)
		}
	}
	*x = bigger
}
