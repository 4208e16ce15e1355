package merge3diff

import "math/rand/v2"

// dice draws a case's random choices from its own seeded source.
type dice struct {
	r *rand.Rand
}

func newDice(seed uint64, index int) dice {
	return dice{r: rand.New(rand.NewPCG(seed, uint64(index)))}
}

func (d dice) chance(p float64) bool { return d.r.Float64() < p }

func (d dice) intn(n int) int { return d.r.IntN(n) }

func (d dice) between(lo, hi int) int { return lo + d.r.IntN(hi-lo+1) }

func pick[T any](d dice, xs ...T) T { return xs[d.r.IntN(len(xs))] }
