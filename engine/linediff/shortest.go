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
	var rounds [][]int
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
				rounds = append(rounds, append([]int(nil), far...))
				d.walkBack(rounds, offset, a0, b0, n, m)
				return
			}
		}
		rounds = append(rounds, append([]int(nil), far...))
	}
	d.deletes(a0, a1)
	d.inserts(b0, b1)
}

// walkBack turns the rounds of the search into steps, from the end to the start, then appends
// them in order.
func (d *differ) walkBack(rounds [][]int, offset, a0, b0, n, m int) {
	var rev []step
	x, y := n, m
	for edits := len(rounds) - 1; edits > 0; edits-- {
		prev := rounds[edits-1]
		k := x - y
		var prevK int
		if k == -edits || (k != edits && prev[k-1+offset] < prev[k+1+offset]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := prev[prevK+offset]
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
