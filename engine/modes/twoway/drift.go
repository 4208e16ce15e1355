package twoway

import (
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
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

// drifts lists where the two results differ, descending maps by key and merged lists by merge
// key, comparing anything else whole. sch describes the object (nil: no schema).
func drifts(two, three *yamltree.Node, sch smp.Schema) []drift {
	d := &differ{}
	d.maps(fieldpath.Path{}, two, three, sch)
	return d.out
}

type differ struct {
	out []drift
}

// maps compares two maps that sch describes.
func (d *differ) maps(path fieldpath.Path, a, b *yamltree.Node, sch smp.Schema) {
	for _, f := range a.Fields {
		d.entry(path.Field(f.Key.Value), f.Value, b.Get(f.Key.Value), sch, f.Key.Value)
	}
	for _, f := range b.Fields {
		if !a.Has(f.Key.Value) {
			d.out = append(d.out, drift{path: path.Field(f.Key.Value), three: f.Value})
		}
	}
}

// entry compares the values of key in a map that parent describes.
func (d *differ) entry(path fieldpath.Path, a, b *yamltree.Node, parent smp.Schema, key string) {
	switch {
	case a.IsMap() && b.IsMap():
		d.maps(path, a, b, structOf(parent, key))
	case a.IsList() && b.IsList():
		items, mergeKey := listOf(parent, key)
		if mergeKey == "" || !allMaps(a) || !allMaps(b) {
			d.whole(path, a, b)
			return
		}
		d.keyed(path, a, b, items, mergeKey)
	default:
		d.whole(path, a, b)
	}
}

func (d *differ) keyed(path fieldpath.Path, a, b *yamltree.Node, items smp.Schema, mergeKey string) {
	for _, it := range a.Items {
		k := explain.Key{Field: mergeKey, Value: it.Get(mergeKey)}
		if other := explain.FindItem(b, k); other != nil {
			d.maps(path.Key(mergeKey, k.Value), it, other, items)
		} else {
			d.out = append(d.out, drift{path: path.Key(mergeKey, k.Value), two: it})
		}
	}
	for _, it := range b.Items {
		k := explain.Key{Field: mergeKey, Value: it.Get(mergeKey)}
		if explain.FindItem(a, k) == nil {
			d.out = append(d.out, drift{path: path.Key(mergeKey, k.Value), three: it})
		}
	}
}

func (d *differ) whole(path fieldpath.Path, a, b *yamltree.Node) {
	if !yamltree.Equal(a, b) {
		d.out = append(d.out, drift{path: path, two: a, three: b})
	}
}

// structOf is the schema of the map under key, nil when unknown.
func structOf(parent smp.Schema, key string) smp.Schema {
	if parent == nil {
		return nil
	}
	sub, _, err := parent.Struct(key)
	if err != nil {
		return nil
	}
	return sub
}

// listOf is the item schema and merge key of a merged list under key; the merge key is empty
// for lists merged otherwise or replaced whole.
func listOf(parent smp.Schema, key string) (smp.Schema, string) {
	if parent == nil {
		return nil, ""
	}
	items, meta, err := parent.Slice(key)
	if err != nil {
		return nil, ""
	}
	for _, s := range meta.Strategies {
		if s == "merge" {
			return items, meta.MergeKey
		}
	}
	return nil, ""
}

func allMaps(l *yamltree.Node) bool {
	for _, it := range l.Items {
		if !it.IsMap() {
			return false
		}
	}
	return true
}
