package smp

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Effects lists what the patch did to each value of the object, in the result's order, at the
// grain marks are made: a map's fields one by one (then the fields it removed), a list merged by
// key item by item (a whole item when added, removed or left alone, its fields otherwise), a set
// value by value, and anything else whole. Each effect knows its place in the alignment a (nil:
// none), from which named says whether the input the mode calls updated (the config, the new
// render) names an item of a list merged by key: only then, or when the patch merged into it,
// are its fields told apart.
func (o *Outcome) Effects(a *Aligned, named func(at *Aligned) bool, visit func(Effect)) {
	w := &effectWalk{o: o, named: named, at: a, visit: visit}
	w.mapFields(make(fieldpath.Path, 0, 16), o.Result, o.liveOf[o.Result], o.sch)
}

// effectWalk walks the result. The path it passes down shares one array, element by element
// (each effect takes a copy).
type effectWalk struct {
	o     *Outcome
	named func(*Aligned) bool
	visit func(Effect)
	// at is the place walked in the alignment (nil: none).
	at      *Aligned
	repeats int
	holder  fieldpath.Element
	// carried counts the values the patch set above the one walked.
	carried int
}

// mapFields walks a map of the result beside live's.
func (w *effectWalk) mapFields(path fieldpath.Path, result, live *yamltree.Node, sch Schema) {
	for _, f := range result.Fields {
		var l *yamltree.Node
		if live.IsMap() {
			l = live.Get(f.Key.Value)
		}
		e := fieldpath.Element{Field: f.Key.Value}
		outer := w.enter(e)
		w.value(append(path, e), f.Value, l, sch, f.Key.Value)
		w.at = outer
	}
	w.removed(path, result)
}

// enter steps the alignment place into element e and returns the place it left.
func (w *effectWalk) enter(e fieldpath.Element) *Aligned {
	outer := w.at
	w.at = outer.Step(e)
	return outer
}

// removed adds the values the patch removed from a map or list of the result.
func (w *effectWalk) removed(path fieldpath.Path, holder *yamltree.Node) {
	for _, r := range w.o.removed[holder] {
		outer := w.enter(r.elem)
		w.add(Effect{Path: append(path, r.elem), Cause: r.cause, Shape: r.shape, Key: r.key, Live: r.live, Patch: r.patch})
		w.at = outer
	}
}

// value walks one field's value.
func (w *effectWalk) value(path fieldpath.Path, result, live *yamltree.Node, sch Schema, name string) {
	if w.o.setBy[result] != nil && result.IsMap() && (live.IsMap() || live == nil) {
		w.carried++
		defer func() { w.carried-- }()
	}
	switch {
	case result.IsMap() && len(result.Fields) == 0 && live.IsMap() && len(live.Fields) == 0 && len(w.o.removed[result]) == 0:
		w.leaf(path, result, live, Scalar) // {} in both: a value with no field to walk (resources: {})
	case result.IsMap() && (live.IsMap() || live == nil):
		meta, _ := sch.mapField(name)
		if meta.strategy.Has(schema.PatchReplace) && live != nil {
			w.leaf(path, result, live, ReplacedMap)
			return
		}
		w.mapFields(path, result, live, meta.schema)
	case result.IsList() && live.IsList():
		lm, _ := sch.listField(name)
		switch {
		case !lm.merge:
			w.leaf(path, result, live, AtomicList)
		case len(lm.key) == 0:
			w.values(path, result, live)
		case allMaps(result) && allMaps(live):
			w.items(path, result, lm)
		default:
			w.leaf(path, result, live, AtomicList)
		}
	case result.IsList():
		// live holds no list here: the value is taken whole, atomic or not.
		whole := Scalar
		if lm, _ := sch.listField(name); !lm.merge {
			whole = AtomicList
		}
		w.leaf(path, result, live, whole)
	default:
		w.leaf(path, result, live, Scalar)
	}
}

// leaf adds a value compared whole.
func (w *effectWalk) leaf(path fieldpath.Path, result, live *yamltree.Node, whole Whole) {
	e := Effect{Path: path, Cause: Kept, Shape: Leaf, Whole: whole, Result: result, Live: live, Patch: w.o.setBy[result]}
	switch {
	case e.Patch != nil:
		e.Cause = Set
	case w.carried > 0:
		e.Cause = Carried
	}
	w.add(e)
}

// items walks the items of a list merged by key.
func (w *effectWalk) items(path fieldpath.Path, result *yamltree.Node, lm listMeta) {
	for _, it := range result.Items {
		k, keyed := keyOf(it, lm.key)
		if !keyed {
			k = fieldpath.Element{Value: it}
		}
		outer := w.enter(k)
		if keyed {
			w.item(append(path, k), it, lm)
		} else {
			w.leaf(append(path, k), it, w.o.liveOf[it], Scalar)
		}
		w.at = outer
	}
	w.removed(path, result)
}

// item walks one item of a list merged by key that holds its key.
func (w *effectWalk) item(p fieldpath.Path, it *yamltree.Node, lm listMeta) {
	live := w.o.liveOf[it]
	switch {
	case live == nil:
		w.add(Effect{Path: p, Cause: Added, Shape: Item, Result: it, Patch: w.o.setBy[it]})
	case w.o.setBy[it] == nil && w.o.merged[it] == nil && !w.named(w.at):
		w.add(Effect{Path: p, Cause: Kept, Shape: Item, Result: it, Live: live})
	default:
		outer, outerHolder := w.repeats, w.holder
		if n := w.o.merges[it]; n > 1 {
			w.repeats, w.holder = n, p[len(p)-1]
		}
		w.mapFields(p, it, live, lm.items)
		w.repeats, w.holder = outer, outerHolder
	}
}

// values walks the values of a set of primitives.
func (w *effectWalk) values(path fieldpath.Path, result, live *yamltree.Node) {
	listed := map[string]*Value{}
	if p := w.o.merged[result]; p != nil && p.List != nil {
		for _, it := range p.List.Items {
			if t, ok := matchTextOf(it, nil); ok {
				listed[t] = it
			}
		}
	}
	for _, v := range result.Items {
		outer := w.enter(fieldpath.Element{Value: v})
		e := Effect{Path: append(path, fieldpath.Element{Value: v}), Cause: Kept, Shape: SetValue, Result: v, Live: w.o.liveOf[v], Patch: w.o.setBy[v]}
		if t, ok := (&positions{}).matchText(v); ok && listed[t] != nil {
			e.Cause, e.Patch = Set, listed[t]
		}
		if e.Live == nil {
			e.Cause = Added
		}
		w.add(e)
		w.at = outer
	}
	w.removed(path, result)
}

// add reports an effect, with a path of its own, its place and the repeats of the item it is in.
func (w *effectWalk) add(e Effect) {
	e.Path = slices.Clone(e.Path)
	e.At, e.Repeats, e.Holder = w.at, w.repeats, w.holder
	w.visit(e)
}

func allMaps(l *yamltree.Node) bool {
	for _, it := range l.Items {
		if !it.IsMap() {
			return false
		}
	}
	return true
}
