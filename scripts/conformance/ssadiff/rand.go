package ssadiff

import "math/rand/v2"

// dice draws the generator's choices from one seeded source.
type dice struct {
	r *rand.Rand
}

func newDice(seed uint64) *dice {
	return &dice{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// chance is true with probability p.
func (d *dice) chance(p float64) bool { return d.r.Float64() < p }

// intn returns a number in [0, n).
func (d *dice) intn(n int) int { return d.r.IntN(n) }

// pick returns one of the options.
func pick[T any](d *dice, options ...T) T { return options[d.intn(len(options))] }

// subset returns a random subset of options, in their order, with at least min items.
func subset[T any](d *dice, min int, options ...T) []T {
	for {
		var out []T
		for _, o := range options {
			if d.chance(0.5) {
				out = append(out, o)
			}
		}
		if len(out) >= min {
			return out
		}
	}
}
