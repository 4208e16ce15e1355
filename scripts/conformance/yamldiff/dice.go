package yamldiff

import (
	"hash/fnv"
	"math/rand/v2"
)

// dice draws a case's choices; the same seed, class, mode and index always give the same case.
type dice struct{ r *rand.Rand }

func newDice(seed uint64, class, mode string, index int) *dice {
	h := fnv.New64a()
	h.Write([]byte(class + "/" + mode))
	return &dice{r: rand.New(rand.NewPCG(seed^h.Sum64(), uint64(index)))}
}

// pick returns one of options.
func pick[T any](d *dice, options ...T) T { return options[d.r.IntN(len(options))] }

// chance is true with probability p.
func (d *dice) chance(p float64) bool { return d.r.Float64() < p }

// intn returns a number in [0, n).
func (d *dice) intn(n int) int { return d.r.IntN(n) }
