package smp

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Conflict is a field the patch would change that live changed too since last-applied: what
// kubectl apply --overwrite=false refuses to touch.
type Conflict struct {
	Path fieldpath.Path
	// Patch is the patch's value at the path; Changed is live's change there (each nil when it
	// is a directive or a whole map or list the other side does not hold alike).
	Patch, Changed *yamltree.Node
}

// Conflicts lists where the patch and the changes live made since last-applied (the two-way diff
// from original to live, read from the same alignment a) disagree. The reference stops at the
// first one; all are listed here, in the patch's order.
func Conflicts(a *Aligned, patch *Map) ([]Conflict, error) {
	changed, err := changes(a, driftInLive)
	if err != nil {
		return nil, err
	}
	del, err := deletions(a, driftInLive)
	if err != nil {
		return nil, err
	}
	if err := join(a.sch, changed, del); err != nil {
		return nil, err
	}
	withoutOrdering(changed)
	c := &conflictWalk{}
	return c.out, c.maps(nil, patch, changed, a.sch)
}

type conflictWalk struct {
	out []Conflict
}

// maps compares a patch map with the change at the same place.
func (c *conflictWalk) maps(path fieldpath.Path, patch, changed *Map, sch Schema) error {
	c.directive(path, patch, changed)
	for _, e := range patch.Entries {
		other := changed.Get(e.Kind, e.Name)
		if other == nil {
			continue
		}
		switch {
		case e.Kind == FieldEntry:
		case e.Kind == PatchEntry || (e.Value.IsNull() && other.Value.IsNull()):
			continue // "$patch" is compared first (directive); two nulls agree
		case e.Kind == DeleteFromPrimitiveListEntry:
			// Both delete from one list of primitives: the reference then looks the directive up
			// as a field and fails, or reports a conflict, at random; kubectl refuses either way.
			c.add(path.Field(e.keyString()), nil, nil)
			continue
		default:
			// An order or "$retainKeys" both hold otherwise (one is a config's data): the
			// reference looks it up as a field. Observed with apimachinery v0.37.2
			// (scripts/conformance/smpfacts: "an order both sides hold is looked up").
			if _, _, err := sch.field(e.keyString()); err != nil {
				return err
			}
			c.add(path.Field(e.keyString()), e.Value.Tree(), other.Value.Tree())
			continue
		}
		if err := c.value(path.Field(e.Name), e.Value, other.Value, e.Name, sch); err != nil {
			return err
		}
	}
	return nil
}

// value compares the patch's value of a field with the change's.
func (c *conflictWalk) value(path fieldpath.Path, p, changed *Value, name string, sch Schema) error {
	switch {
	case p.Map != nil && changed.Map != nil:
		meta, err := sch.mapField(name)
		if err != nil || meta.strategy.Has(schema.PatchReplace) {
			c.directive(path, p.Map, changed.Map)
			return err // a map the patch replaces whole is no conflict, but for its "$patch"
		}
		return c.maps(path, p.Map, changed.Map, meta.schema)
	case p.List != nil && changed.List != nil:
		lm, err := sch.listField(name)
		if err != nil {
			return err
		}
		if len(p.List.Items) == 0 && len(changed.List.Items) == 0 {
			// Two empty lists at one field are refused whatever their strategy (the patch and
			// live's change meet on one field only where live repeats a key). Observed with
			// apimachinery v0.37.2 (scripts/conformance/smpfacts: "two empty lists under
			// overwrite=false fail").
			return &Error{Message: "no elements in any of the given slices"}
		}
		if key := lm.keyFor(append(append([]*Value(nil), p.List.Items...), changed.List.Items...)); len(key) > 0 {
			return c.items(path, p.List, changed.List, lm, key)
		}
		if lm.merge {
			return nil // values of a set of primitives add up: no conflict
		}
		if primitives(p.List) && primitives(changed.List) {
			return c.atomicValues(path, p.List, changed.List)
		}
		return c.atomicItems(path, p.List, changed.List, lm)
	}
	if !equalValues(p.Tree(), changed.Tree()) {
		c.add(path, p.Tree(), changed.Tree())
	}
	return nil
}

// items compares the items of two lists merged by key that share a key. As the reference does,
// each list is first read into a map from key to item, the last item of a key winning; an item
// without the key, in either list, is refused there. The diffs before let such an item through
// only where the list was added to an empty one (original without the field, live's list
// empty), and kubectl then refuses the apply: "cannot find merge key `name` in merging list
// element:map[value:1]". Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts:
// "an item without its key, added to live's empty list").
func (c *conflictWalk) items(path fieldpath.Path, p, changed *List, lm listMeta, key []string) error {
	for _, l := range [2]*List{p, changed} {
		for _, it := range l.Items {
			if _, ok := matchTextOf(it, key); !ok && it.Map.Get(PatchEntry, "") == nil {
				return errorAt(it.Node, "cannot find merge key `"+keyFieldsText(key)+"` in merging list element:"+printed(it.Tree()))
			}
		}
	}
	others := lastByKey(changed.Items, key)
	seen := map[string]bool{}
	mine := lastByKey(p.Items, key)
	for _, first := range p.Items {
		text, _ := matchTextOf(first, key)
		if seen[text] {
			continue
		}
		seen[text] = true
		it, other := mine[text], others[text]
		if other == nil {
			continue
		}
		k := keyValueOf(it.matchNode(key), key)
		if it.Map.Get(PatchEntry, "") != nil || other.Map.Get(PatchEntry, "") != nil {
			// an item one side deletes and the other changes (both deleting it agree)
			if !equalValues(it.Tree(), other.Tree()) {
				c.add(path.Append(k), it.Tree(), other.Tree())
			}
			continue
		}
		if err := c.maps(path.Append(k), it.Map, other.Map, lm.items); err != nil {
			return err
		}
	}
	return nil
}

// directive compares the "$patch" of two maps at one place (a config or last-applied writes it
// as data): held by one alone, or with different values, it conflicts, even in a map the patch
// replaces whole, and a null counts as a value (live lacking last-applied's "$patch" changed
// it to null). Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "a $patch
// live dropped conflicts").
func (c *conflictWalk) directive(path fieldpath.Path, patch, changed *Map) {
	pe, ce := patch.Get(PatchEntry, ""), changed.Get(PatchEntry, "")
	switch {
	case pe == nil && ce == nil:
	case pe == nil:
		c.add(path.Field(keyPrefix[PatchEntry]), nil, ce.Value.Tree())
	case ce == nil:
		c.add(path.Field(keyPrefix[PatchEntry]), pe.Value.Tree(), nil)
	case !equalValues(pe.Value.Tree(), ce.Value.Tree()):
		c.add(path.Field(keyPrefix[PatchEntry]), pe.Value.Tree(), ce.Value.Tree())
	}
}

// lastByKey maps each key's text to the last item with that key.
func lastByKey(items []*Value, key []string) map[string]*Value {
	out := make(map[string]*Value, len(items))
	for _, it := range items {
		if text, ok := matchTextOf(it, key); ok {
			out[text] = it
		}
	}
	return out
}

// atomicValues compares two atomic lists of primitives as the reference does, which changes the
// patch kubectl then sends: lists of different lengths conflict; otherwise both lose their
// repeats in place (withoutRepeatsInPlace) and are sorted by text in place, the patch list keeping
// its length (its last values stay behind the sorted ones: [3 1 1] is sent as [1 3 1]), and they
// conflict where they differ. When the patch's list keeps more values than live's, the reference
// reads past the end of live's and kubectl crashes. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "atomic lists under overwrite=false").
func (c *conflictWalk) atomicValues(path fieldpath.Path, p, changed *List) error {
	if len(p.Items) != len(changed.Items) {
		c.add(path, listValue(p.Items...).Tree(), listValue(changed.Items...).Tree())
		return nil
	}
	a, b := sortedInPlace(p.Items), sortedInPlace(append([]*Value(nil), changed.Items...))
	for i := range a {
		if i >= len(b) {
			return &Error{Message: "kubectl apply crashes (index out of range [" + strconv.Itoa(i) + "] with length " + strconv.Itoa(len(b)) +
				") comparing " + printed(listValue(p.Items...).Tree()) + " with live's change"}
		}
		if !equalValues(a[i].Node, b[i].Node) {
			c.add(path, listValue(p.Items...).Tree(), listValue(changed.Items...).Tree())
			return nil
		}
	}
	return nil
}

// atomicItems compares two atomic lists that hold maps: of different lengths they conflict;
// otherwise item by item, maps as maps (fields both set to different values conflict).
func (c *conflictWalk) atomicItems(path fieldpath.Path, p, changed *List, lm listMeta) error {
	if len(p.Items) != len(changed.Items) {
		c.add(path, listValue(p.Items...).Tree(), listValue(changed.Items...).Tree())
		return nil
	}
	for i, it := range p.Items {
		other := changed.Items[i]
		if it.Map != nil && other.Map != nil {
			if err := c.maps(path.Index(i), it.Map, other.Map, lm.items); err != nil {
				return err
			}
		} else if !equalValues(it.Tree(), other.Tree()) {
			c.add(path.Index(i), it.Tree(), other.Tree())
		}
	}
	return nil
}

// withoutOrdering removes from live's changes every "$setElementOrder" and "$retainKeys", and
// what only held them: the reference computes those changes without them, so an order live keeps
// (or a list of primitives not in sorted order) never conflicts. Only what the diff built is
// touched; values it took whole stay as they are, and so do the null orders of lists that
// last-applied wrote as data and live lacks.
func withoutOrdering(m *Map) bool {
	kept := m.Entries[:0:0]
	for _, e := range m.Entries {
		switch {
		case e.Kind == RetainKeysEntry || (e.Kind == SetElementOrderEntry && !e.Value.IsNull()):
			continue // a null order is last-applied's data, which live lacks
		case e.Kind == FieldEntry && e.Value.Map != nil && e.Value.Map.Node == nil:
			if !withoutOrdering(e.Value.Map) {
				continue
			}
		case e.Kind == FieldEntry && e.Value.List != nil && e.Value.List.Node == nil:
			if !itemsWithoutOrdering(e.Value.List) {
				continue
			}
		}
		kept = append(kept, e)
	}
	m.Entries = kept
	return len(kept) > 0
}

// itemsWithoutOrdering is withoutOrdering for the items of a built list: an item left holding
// its key alone goes.
func itemsWithoutOrdering(l *List) bool {
	kept := l.Items[:0:0]
	for _, it := range l.Items {
		if it.Map != nil && it.Map.Node == nil {
			keys := 0
			for _, e := range it.Map.Entries {
				if e.Kind == FieldEntry && it.at != nil && isKeyField(it.at, e.Name) {
					keys++
				}
			}
			if !withoutOrdering(it.Map) || (keys == len(it.Map.Entries) && it.Map.Get(PatchEntry, "") == nil) {
				continue
			}
		}
		kept = append(kept, it)
	}
	l.Items = kept
	return len(kept) > 0
}

// isKeyField reports whether name is one of the key fields of the item at place a.
func isKeyField(a *Aligned, name string) bool {
	for _, kv := range a.elem.Keys {
		if kv.Name == name {
			return true
		}
	}
	return false
}

// sortedInPlace removes repeats from values and sorts what is left, both in values' own array,
// and returns what is left.
func sortedInPlace(values []*Value) []*Value {
	text := func(v *Value) string { return printed(v.Node) }
	left := withoutRepeatsInPlace(values, text)
	order := pairedOrder(textsOf(left, text))
	sorted := make([]*Value, len(left))
	for i, j := range order {
		sorted[i] = left[j]
	}
	copy(left, sorted)
	return left
}

// primitives reports whether a patch list holds no map and no list.
func primitives(l *List) bool {
	for _, it := range l.Items {
		if it.Map != nil || it.List != nil {
			return false
		}
	}
	return true
}

func (c *conflictWalk) add(path fieldpath.Path, patch, changed *yamltree.Node) {
	c.out = append(c.out, Conflict{Path: path, Patch: patch, Changed: changed})
}
