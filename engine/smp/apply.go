package smp

import (
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Apply merges a strategic merge patch into an object as the API server does, and returns the
// new object with how each of its values came about; live is not modified. sch describes the
// object's root.
func Apply(live *yamltree.Node, patch *Map, sch Schema) (*Outcome, error) {
	ap := &applier{o: newOutcome(sch)}
	if !live.IsMap() {
		live = yamltree.NewMap()
	}
	target := ap.o.copyOf(live)
	ap.o.liveOf[target] = live
	result, err := ap.mergeMap(target, patch, sch)
	if err != nil {
		return nil, err
	}
	ap.o.moveRecords(target, result)
	ap.o.Result = result
	return ap.o, nil
}

// applier carries out a patch on a copy of live, in place, recording what it does.
type applier struct {
	o *Outcome
}

// mergeMap merges a patch map into target (a map of the result), in the API server's order:
// "$patch" first, then "$retainKeys", the lists with a "$setElementOrder", the other fields in
// the patch's order, and the "$deleteFromPrimitiveList" directives last (the reference takes them
// in Go's map order, so a patch that deletes from a list it also adds to has two answers: this
// one, deletions last, is one of them).
func (ap *applier) mergeMap(target *yamltree.Node, p *Map, sch Schema) (*yamltree.Node, error) {
	if e := p.Get(PatchEntry, ""); e != nil {
		out, err := mapDirective(e, p)
		if err == nil {
			ap.replacedMap(target, out, p)
		}
		return out, err
	}
	if err := ap.retainKeys(target, p); err != nil {
		return nil, err
	}
	ordered := map[string]bool{}
	for _, e := range p.Entries {
		if e.Kind == SetElementOrderEntry {
			ordered[e.Name] = true
			if err := ap.orderedList(target, p, e, sch); err != nil {
				return nil, located(err, e.Key)
			}
		}
	}
	for _, e := range p.Entries {
		if e.Kind == FieldEntry && !ordered[e.Name] {
			if err := ap.field(target, e, sch); err != nil {
				return nil, located(err, e.Key)
			}
		}
	}
	for _, e := range p.Entries {
		if e.Kind == DeleteFromPrimitiveListEntry {
			deleteFromList(target, e, ap.o)
		}
	}
	return target, nil
}

// mapDirective carries out "$patch" in a map: replace makes the map the patch's (as written,
// its nulls and directives kept), delete empties it; anything else is refused.
func mapDirective(e *Entry, p *Map) (*yamltree.Node, error) {
	switch directiveOf(e.Value) {
	case "replace":
		rest := &Map{Node: p.Node}
		for _, x := range p.Entries {
			if x != e {
				rest.Entries = append(rest.Entries, x)
			}
		}
		return rest.node(keepAll), nil
	case "delete":
		return shell(p.Node, yamltree.MapNode), nil
	}
	return nil, errorAt(e.Key, "unknown patch type: "+directiveOf(e.Value)+" in map: "+printed(mapValue(p).Tree()))
}

// replacedMap records a map "$patch: replace" or "$patch: delete" made anew: its fields are the
// patch's, and live's other fields are gone.
func (ap *applier) replacedMap(target, out *yamltree.Node, p *Map) {
	if _, ok := ap.o.liveOf[out]; !ok {
		ap.o.moveRecords(target, out)
	}
	for _, f := range out.Fields {
		if e := p.Get(FieldEntry, f.Key.Value); e != nil {
			ap.o.set(f.Value, e.Value)
		}
	}
	for _, f := range target.Fields {
		if !out.Has(f.Key.Value) {
			ap.o.remove(out, removal{elem: fieldpath.Element{Field: f.Key.Value}, key: f.Key, live: f.Value, cause: Replaced, patch: mapValue(p)})
		}
	}
}

// retainKeys carries out "$retainKeys": the keys the patch sets must be listed, and every key
// of target the list leaves out goes.
func (ap *applier) retainKeys(target *yamltree.Node, p *Map) error {
	e := p.Get(RetainKeysEntry, "")
	if e == nil {
		return nil
	}
	bad := errorAt(e.Key, "invalid patch format of retainKeys")
	if e.Value.List == nil {
		return bad
	}
	keep := map[string]bool{}
	for _, it := range e.Value.List.Items {
		if it.Node.IsScalar() {
			keep[it.Node.Value] = true
		}
	}
	for _, x := range p.Entries {
		if x.Kind == FieldEntry && !x.Value.IsNull() && !keep[x.Name] {
			return errorAt(x.Key, bad.Message)
		}
	}
	kept := target.Fields[:0:0]
	for _, f := range target.Fields {
		if keep[f.Key.Value] {
			kept = append(kept, f)
		} else {
			ap.o.remove(target, removal{elem: fieldpath.Element{Field: f.Key.Value}, key: f.Key, live: f.Value, cause: ClearedByRetainKeys, patch: e.Value})
		}
	}
	target.Fields = kept
	return nil
}

// field merges one field of the patch into target.
func (ap *applier) field(target *yamltree.Node, e *Entry, sch Schema) error {
	v := e.Value
	i := target.Index(e.Name)
	switch {
	case v.IsNull():
		if i >= 0 {
			// A value this patch set (an earlier item repeating the key) is live's only where it
			// replaced live's.
			if live := ap.o.liveBefore(target.Fields[i].Value); live != nil {
				ap.o.remove(target, removal{elem: fieldpath.Element{Field: e.Name}, key: target.Fields[i].Key, live: live, cause: DeletedByNull, patch: v})
			}
			target.Fields = append(target.Fields[:i], target.Fields[i+1:]...)
		}
		return nil
	case v.Map != nil && takesDirective(v.Map) && (i < 0 || !target.Fields[i].Value.IsMap()):
		// A map holding "$patch" where live holds no map is not taken: the field goes (live's
		// null, string or list with it). Observed with apimachinery v0.37.2
		// (scripts/conformance/smpfacts: "a $patch map where live holds no map").
		if i >= 0 {
			ap.o.remove(target, removal{elem: fieldpath.Element{Field: e.Name}, key: target.Fields[i].Key, live: target.Fields[i].Value, cause: Replaced, patch: v})
			target.Fields = append(target.Fields[:i], target.Fields[i+1:]...)
		}
		return nil
	case i < 0:
		added := ap.o.set(v.node(asTaken), v)
		ap.o.restore(target, e.Name, added)
		target.Fields = slices.Insert(target.Fields, addedAt(target.Fields, e.Name), yamltree.Field{Key: keyNodeOf(e), Value: added})
		return nil
	}
	merged, err := ap.value(target.Fields[i].Value, v, e.Name, sch)
	if err != nil {
		return err
	}
	ap.o.replace(target.Fields[i].Value, merged)
	target.Fields[i].Value = merged
	return nil
}

// value merges a patch value into the value live holds under name.
func (ap *applier) value(current *yamltree.Node, v *Value, name string, sch Schema) (*yamltree.Node, error) {
	switch {
	case kindOf(current) != v.kind():
		return ap.o.set(v.node(asTaken), v), nil
	case v.Map != nil:
		meta, err := sch.mapField(name)
		if err != nil {
			return nil, err
		}
		if meta.strategy.Has(schema.PatchReplace) {
			return ap.o.set(v.node(keepAll), v), nil
		}
		return ap.mergeMap(current, v.Map, meta.schema)
	case v.List != nil:
		lm, err := sch.listField(name)
		if err != nil {
			return nil, err
		}
		if !lm.merge {
			return ap.o.set(v.node(keepAll), v), nil
		}
		return ap.mergeList(current, v.List, lm)
	}
	return ap.o.set(v.node(asTaken), v), nil
}

// keyNodeOf is the key of a field added to a map: as written in the patch.
func keyNodeOf(e *Entry) *yamltree.Node {
	k := yamltree.NewString(e.Name)
	if e.Key != nil {
		k.Pos, k.Style = e.Key.Pos, e.Key.Style
		k.CopyComments(e.Key)
	}
	return k
}

// deleteFromList carries out "$deleteFromPrimitiveList/<field>": every value it lists leaves the
// list (a list it does not hold, or a directive that is not a list, changes nothing).
func deleteFromList(target *yamltree.Node, e *Entry, o *Outcome) {
	list := target.Get(e.Name)
	if !list.IsList() || e.Value.List == nil {
		return
	}
	drop := map[string]bool{}
	for _, it := range e.Value.List.Items {
		if t, ok := matchTextOf(it, nil); ok {
			drop[t] = true
		}
	}
	kept := list.Items[:0:0]
	for _, it := range list.Items {
		if t, ok := (&positions{}).matchText(it); !ok || !drop[t] {
			kept = append(kept, it)
		} else if o != nil {
			o.remove(list, removal{elem: fieldpath.Element{Value: it}, live: it, cause: DeletedValue, patch: e.Value, shape: SetValue})
		}
	}
	list.Items = kept
}

// addedAt is where a field the patch adds goes among a map's fields: in its place in key order
// where the map's fields are in key order, as kubectl get -o yaml prints every object (so that
// an added replicas stands before template, as a cluster would show it); else after them.
func addedAt(fields []yamltree.Field, name string) int {
	for i := 1; i < len(fields); i++ {
		if fields[i-1].Key.Value >= fields[i].Key.Value {
			return len(fields)
		}
	}
	at, _ := slices.BinarySearchFunc(fields, name, func(f yamltree.Field, n string) int { return strings.Compare(f.Key.Value, n) })
	return at
}
