package applydiff

import "math/rand/v2"

// dice draws the generator's random choices from one seeded source.
type dice struct {
	r *rand.Rand
}

// newDice returns the dice of case index under seed: every case has a stream of its own, so a
// case is the same whatever other cases are generated.
func newDice(seed uint64, index int) dice {
	return dice{r: rand.New(rand.NewPCG(seed, uint64(index)))}
}

// chance is true with probability p.
func (d dice) chance(p float64) bool { return d.r.Float64() < p }

// intn returns a number in [0, n).
func (d dice) intn(n int) int { return d.r.IntN(n) }

// between returns a number in [lo, hi].
func (d dice) between(lo, hi int) int { return lo + d.r.IntN(hi-lo+1) }

// pick returns one of xs.
func pick[T any](d dice, xs ...T) T { return xs[d.r.IntN(len(xs))] }

// some returns between lo and hi distinct elements of xs, in xs's order shuffled.
func some[T any](d dice, lo, hi int, xs ...T) []T {
	n := min(d.between(lo, hi), len(xs))
	perm := d.r.Perm(len(xs))[:n]
	out := make([]T, n)
	for i, p := range perm {
		out[i] = xs[p]
	}
	return out
}

// shuffle reorders items in place, making sure the order changes when it can.
func (d dice) shuffle(items []any) {
	if len(items) < 2 {
		return
	}
	i := d.intn(len(items))
	j := (i + 1 + d.intn(len(items)-1)) % len(items)
	items[i], items[j] = items[j], items[i]
	if len(items) > 2 && d.chance(0.3) {
		d.r.Shuffle(len(items), func(a, b int) { items[a], items[b] = items[b], items[a] })
	}
}
