package linediff

// shortest appends the shortest edit script of a[a0:a1] into b[b0:b1] (Myers' O(ND) greedy
// search, keeping each round's furthest reaching points to walk the path back), or deletes and
// inserts the stretch whole when the script would be longer than MaxEdits.
//
// Round e reaches diagonals -e to e only, so only those 2e+1 points are kept: the rounds lie one
// after another in one slice, round e from index e*e (the rounds before it hold 1, 3, 5, …
// points), which keeps the memory of a script of D edits at D*D points, not D times the widest
// round's.
func (d *differ) shortest(a0, a1, b0, b1 int) {
	n, m := a1-a0, b1-b0
	limit := min(n+m, MaxEdits)
	offset := limit + 1
	// far[k+offset] is the furthest x reached on diagonal k (k = x - y) in the current round.
	far := make([]int, 2*limit+3)
	var rounds []int
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
				rounds = append(rounds, far[offset-edits:offset+edits+1]...)
				d.walkBack(rounds, edits, a0, b0, n, m)
				return
			}
		}
		rounds = append(rounds, far[offset-edits:offset+edits+1]...)
	}
	d.deletes(a0, a1)
	d.inserts(b0, b1)
}

// reached returns the furthest x of round e on diagonal k, from the rounds kept by shortest.
func reached(rounds []int, e, k int) int { return rounds[e*e+k+e] }

// walkBack turns the rounds of the search, the last being round last, into steps, from the end
// to the start, then appends them in order.
func (d *differ) walkBack(rounds []int, last, a0, b0, n, m int) {
	var rev []step
	x, y := n, m
	for edits := last; edits > 0; edits-- {
		k := x - y
		var prevK int
		if k == -edits || (k != edits && reached(rounds, edits-1, k-1) < reached(rounds, edits-1, k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := reached(rounds, edits-1, prevK)
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
