package patchdiff

import "math/rand/v2"

// dice draws a case's random choices from a source of its own, so that case i is the same
// whatever other cases are generated. The stream differs from the applydiff generator's (the
// second word is offset), which builds the targets from the same seed and index.
type dice struct {
	r *rand.Rand
}

// newDice returns the dice of case index under seed, on the given stream.
func newDice(seed uint64, index int, stream uint64) dice {
	return dice{r: rand.New(rand.NewPCG(seed^stream, uint64(index)))}
}

// chance is true with probability p.
func (d dice) chance(p float64) bool { return d.r.Float64() < p }

// intn returns a number in [0, n).
func (d dice) intn(n int) int { return d.r.IntN(n) }

// pick returns one of xs.
func pick[T any](d dice, xs ...T) T { return xs[d.r.IntN(len(xs))] }

// shuffled returns a shuffled copy of xs.
func shuffled[T any](d dice, xs []T) []T {
	out := append([]T(nil), xs...)
	d.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// weighted returns an index drawn with the given weights (all >= 0, some > 0).
func (d dice) weighted(weights ...float64) int {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	x := d.r.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}
