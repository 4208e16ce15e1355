package twoway

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// drift is a field where the two-way upgrade leaves live out of sync with the new render: the
// three-way upgrade would give it another value (or none).
type drift struct {
	path fieldpath.Path
	// two is the value the two-way upgrade leaves (nil: absent); three is what the three-way
	// upgrade gives (nil: absent).
	two, three *yamltree.Node
}

// drifts lists where the two results differ, read from one alignment of them (the two-way
// result as updated, the three-way one as live): maps field by field, lists merged by key item
// by item, anything else whole.
func drifts(two, three *yamltree.Node, sch smp.Schema) []drift {
	d := &differ{}
	d.maps(smp.Align(nil, two, three, sch))
	return d.out
}

// The sides of the results in their alignment.
const (
	twoSide   = smp.Updated
	threeSide = smp.Live
)

type differ struct {
	out []drift
}

// maps compares a place where both results hold maps.
func (d *differ) maps(a *smp.Aligned) {
	for _, c := range a.Fields() {
		d.value(c)
	}
}

// value compares one place.
func (d *differ) value(c *smp.Aligned) {
	two, three := c.At(twoSide), c.At(threeSide)
	switch {
	case two == nil || three == nil:
		d.out = append(d.out, drift{path: c.Path(), two: two, three: three})
	case two.IsMap() && three.IsMap():
		d.maps(c)
	case two.IsList() && three.IsList():
		items, keyed := c.KeyedItems(twoSide, threeSide)
		if !keyed {
			d.whole(c)
			return
		}
		for _, it := range items {
			if it.At(twoSide) != nil && it.At(threeSide) != nil {
				d.maps(it)
			} else {
				d.value(it)
			}
		}
	default:
		d.whole(c)
	}
}

func (d *differ) whole(c *smp.Aligned) {
	if !yamltree.Equal(c.At(twoSide), c.At(threeSide)) {
		d.out = append(d.out, drift{path: c.Path(), two: c.At(twoSide), three: c.At(threeSide)})
	}
}
