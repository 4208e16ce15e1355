package typed

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules Merge records, one per field it visits (package decision).
const (
	// RuleMerged: the config names the field, so the result holds the config's value (merged
	// with live's, below a granular map or an associative list).
	RuleMerged decision.Rule = "ssa/merged"
	// RuleLeftAlone: only live has the field; the merge leaves it as it is.
	RuleLeftAlone decision.Rule = "ssa/left-alone"
)

// Merge merges config into live as server-side apply does, and returns the result; nil only when
// both are absent. The config wins wherever both hold a leaf (a scalar, an atomic list or map, or
// two empty or null lists or maps); maps merge key by key, associative lists item by item.
//
// Map keys come in live's order, then the config's new keys in its order; associative list items
// in the order itemOrder describes. An item live holds twice merges with the config's item as if
// live lacked it; the config may not hold an item twice.
//
// Every field of live and config the merge visits is recorded in log (nil records nothing), at
// its path, as RuleMerged when the config holds it and RuleLeftAlone when only live does.
//
// The result shares nodes with live and config: clone it before changing it.
func Merge(t *schema.Type, live, config *yamltree.Node, log *decision.Log) (*yamltree.Node, error) {
	return merger{log: log}.value(nil, t, live, config)
}

// Record records rule, with the inputs held, at every field of v into log, as Merge would visit
// them merging v with nothing. v must be valid for t.
func Record(t *schema.Type, v *yamltree.Node, log *decision.Log, rule decision.Rule, held decision.Held) {
	_, _ = merger{log: log, rule: rule, held: held}.value(nil, t, v, nil)
}

// merger walks live and config together, aligned field by field and item by item.
type merger struct {
	log *decision.Log
	// rule, when set, is recorded everywhere (with held) instead of the merge's own rules.
	rule decision.Rule
	held decision.Held
}

// aligned is one list item as live and the config hold it (nil where one lacks it). When live
// holds the item several times, live is a null and twins are live's items.
type aligned struct {
	elem         fieldpath.Element
	live, config *yamltree.Node
	twins        []*yamltree.Node
}

// mergeStep is what the merge does with one aligned value.
type mergeStep uint8

const (
	takeLeaf   mergeStep = iota // the value is compared whole: the config's when it has one
	mergeList                   // an associative list: item by item
	mergeMap                    // a granular map: key by key
	noTypePart                  // the schema's type declares no part for it: an error
)

// stepFor is the merge's decision on one value: the part of t that describes it (the config's
// value decides when it has one), and whether that part is walked into. Atomic parts, and lists
// or maps empty on both sides, are leaves.
func stepFor(t *schema.Type, live, config *yamltree.Node) mergeStep {
	decide := config
	if decide == nil {
		decide = live
	}
	switch shapeOf(t, decide) {
	case shapeScalar:
		return takeLeaf
	case shapeList:
		if isAtomicList(t) || (len(listItems(live)) == 0 && len(listItems(config)) == 0) {
			return takeLeaf
		}
		return mergeList
	case shapeMap:
		if isAtomicMap(t) || (len(mapFields(live)) == 0 && len(mapFields(config)) == 0) {
			return takeLeaf
		}
		return mergeMap
	}
	return noTypePart
}

func (m merger) value(path fieldpath.Path, t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	if live == nil && config == nil {
		return nil, nil
	}
	m.record(path, live, config)
	switch stepFor(t, live, config) {
	case takeLeaf:
		if config != nil {
			return config, nil
		}
		return live, nil
	case mergeList:
		return m.list(path, t, live, config)
	case mergeMap:
		return m.fields(path, t, live, config)
	}
	where := config
	if where == nil {
		where = live
	}
	return nil, &Error{Pos: where.Pos, Path: path, Message: "the schema's type for this value declares no scalar, list or map"}
}

// record writes the merge's decision on one value into the log.
func (m merger) record(path fieldpath.Path, live, config *yamltree.Node) {
	switch {
	case m.log == nil:
		return
	case m.rule != "":
		m.log.Record(path, m.rule, m.held)
		return
	}
	var held decision.Held
	if live != nil {
		held |= decision.Live
	}
	if config == nil {
		m.log.Record(path, RuleLeftAlone, held)
		return
	}
	m.log.Record(path, RuleMerged, held|decision.Updated)
}

// fields merges a granular map field by field, aligned by key: live's keys in live's order, then
// the keys only the config has, in the config's order. A map left without fields is absent.
func (m merger) fields(path fieldpath.Path, t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	out := newMapLike(live, config)
	add := func(key, live, config *yamltree.Node) error {
		child, err := m.value(path.Field(key.Value), t.FieldType(key.Value), live, config)
		if child != nil {
			out.Fields = append(out.Fields, yamltree.Field{Key: key, Value: child})
		}
		return err
	}
	for _, f := range mapFields(live) {
		if err := add(f.Key, f.Value, fieldValue(config, f.Key.Value)); err != nil {
			return nil, err
		}
	}
	for _, f := range onlyIn(config, live) {
		if err := add(f.Key, nil, f.Value); err != nil {
			return nil, err
		}
	}
	if len(out.Fields) == 0 {
		return nil, nil
	}
	return out, nil
}

// onlyIn returns the fields of m whose keys other (a map or not) lacks, in m's order.
func onlyIn(m, other *yamltree.Node) []yamltree.Field {
	fields := mapFields(m)
	if !other.IsMap() {
		return fields
	}
	var out []yamltree.Field
	for _, f := range fields {
		if !other.Has(f.Key.Value) {
			out = append(out, f)
		}
	}
	return out
}

// list merges an associative list: its aligned items, each merged; a list left without items is
// absent.
func (m merger) list(path fieldpath.Path, t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	items, err := alignItems(path, t, listItems(live), listItems(config))
	if err != nil {
		return nil, err
	}
	out := newListLike(live, config)
	for _, a := range items {
		m.recordTwins(path.Append(a.elem), t.ListElem(), a.twins)
		item, err := m.value(path.Append(a.elem), t.ListElem(), a.live, a.config)
		if err != nil {
			return nil, err
		}
		if item != nil {
			out.Items = append(out.Items, item)
		}
	}
	if len(out.Items) == 0 {
		return nil, nil
	}
	return out, nil
}

// recordTwins records the fields of the items live holds several times for one element, which the
// config's item replaces whole, as RuleMerged (before the config's item is merged, so that its own
// decisions stand where both have a field).
func (m merger) recordTwins(path fieldpath.Path, t *schema.Type, twins []*yamltree.Node) {
	if m.log == nil || m.rule != "" {
		return
	}
	for _, twin := range twins {
		_, _ = merger{log: m.log, rule: RuleMerged, held: decision.Live}.value(path, t, twin, nil)
	}
}

// fieldValue returns the value of key in m when m is a map, else nil.
func fieldValue(m *yamltree.Node, key string) *yamltree.Node {
	if m.IsMap() {
		return m.Get(key)
	}
	return nil
}

// newMapLike returns an empty map carrying the layout (position, comments, style) of the first of
// the given nodes that is a map.
func newMapLike(nodes ...*yamltree.Node) *yamltree.Node {
	for _, n := range nodes {
		if n.IsMap() {
			out := &yamltree.Node{Kind: yamltree.MapNode, Pos: n.Pos, Style: n.Style}
			out.CopyComments(n)
			return out
		}
	}
	return yamltree.NewMap()
}

// newListLike returns an empty list carrying the layout of the first given node that is a list.
func newListLike(nodes ...*yamltree.Node) *yamltree.Node {
	for _, n := range nodes {
		if n.IsList() {
			out := &yamltree.Node{Kind: yamltree.ListNode, Pos: n.Pos, Style: n.Style, IndentedItems: n.IndentedItems}
			out.CopyComments(n)
			return out
		}
	}
	return yamltree.NewList()
}
