package linediff

// shortest appends the shortest edit script of a[a0:a1] into b[b0:b1] (Myers' O(ND) greedy
// search, keeping each round's furthest reaching points to walk the path back), or deletes and
// inserts the stretch whole when the script would be longer than MaxEdits.
func (d *differ) shortest(a0, a1, b0, b1 int) {
	n, m := a1-a0, b1-b0
	limit := min(n+m, MaxEdits)
	offset := limit + 1
	// far[k+offset] is the furthest x reached on diagonal k (k = x - y) in the current round.
	far := make([]int, 2*limit+3)
	r := newRounds(n, m)
	for edits := 0; edits <= limit; edits++ {
		for k := -edits; k <= edits; k += 2 {
			var x int
			if k == -edits || (k != edits && far[k-1+offset] < far[k+1+offset]) {
				x = far[k+1+offset] // down: an insertion
			} else {
				x = far[k-1+offset] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && d.a[a0+x] == d.b[b0+y] {
				x, y = x+1, y+1
			}
			far[k+offset] = x
			if x >= n && y >= m {
				r.keep(far, offset, edits)
				d.walkBack(r, edits, a0, b0, n, m)
				return
			}
		}
		r.keep(far, offset, edits)
	}
	d.deletes(a0, a1)
	d.inserts(b0, b1)
}

// rounds keeps each round's furthest reaching points for the walk back. The walk back stays on
// diagonals -m to n (x within a, y within b) and reads their neighbours, so round e keeps
// diagonals max(-e, -m-1) to min(e, n+1) only, one round after another in one slice: the memory
// of a script of D edits is at most D*D points, about half that when one side is much the
// longer.
type rounds struct {
	n, m   int
	points []int32
	starts []int // starts[e] is where round e begins in points
}

// newRounds returns empty rounds for a stretch of n lines into m, with room for the rounds a
// script needs at least (|n-m| edits).
func newRounds(n, m int) *rounds {
	least := max(n-m, m-n) + 1
	return &rounds{n: n, m: m, points: make([]int32, 0, least*(min(least, n+2)+min(least, m+2))), starts: make([]int, 0, least)}
}

// low returns the first diagonal round e keeps.
func (r *rounds) low(e int) int { return max(-e, -r.m-1) }

// keep appends round e's points from far.
func (r *rounds) keep(far []int, offset, e int) {
	r.starts = append(r.starts, len(r.points))
	for k := r.low(e); k <= min(e, r.n+1); k++ {
		r.points = append(r.points, int32(far[k+offset]))
	}
}

// reached returns the furthest x of round e on diagonal k.
func (r *rounds) reached(e, k int) int { return int(r.points[r.starts[e]+k-r.low(e)]) }

// walkBack turns the rounds of the search, the last being round last, into steps, from the end
// to the start, then appends them in order.
func (d *differ) walkBack(r *rounds, last, a0, b0, n, m int) {
	var rev []step
	x, y := n, m
	for edits := last; edits > 0; edits-- {
		k := x - y
		var prevK int
		if k == -edits || (k != edits && r.reached(edits-1, k-1) < r.reached(edits-1, k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := r.reached(edits-1, prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			rev = append(rev, step{Equal, a0 + x})
		}
		if prevK == k+1 {
			y--
			rev = append(rev, step{Insert, b0 + y})
		} else {
			x--
			rev = append(rev, step{Delete, a0 + x})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, step{Equal, a0 + x})
	}
	for i := len(rev) - 1; i >= 0; i-- {
		d.steps = append(d.steps, rev[i])
	}
}
