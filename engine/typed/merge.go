package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Merge merges config into live as server-side apply does, and returns the result; nil only when
// both are absent. The config wins wherever both hold a leaf (a scalar, an atomic list or map, or
// two empty or null lists or maps); maps merge key by key, associative lists item by item.
//
// Map keys come in live's order, then the config's new keys in its order. Associative list items
// come in the reference's order: the config's items in the config's order, each item only live
// has kept after the live item before it. An item live holds twice merges with the config's item
// as if live lacked it; the config may not hold an item twice.
//
// The result shares nodes with live and config: clone it before changing it.
func Merge(t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	return merge(nil, t, live, config)
}

func merge(path fieldpath.Path, t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	if live == nil && config == nil {
		return nil, nil
	}
	decide := config
	if decide == nil {
		decide = live
	}
	switch shapeOf(t, decide) {
	case shapeList:
		return mergeList(path, t, live, config)
	case shapeMap:
		return mergeMap(path, t, live, config)
	case shapeScalar:
		return keepConfig(live, config), nil
	}
	return nil, &Error{Pos: decide.Pos, Path: path, Message: "the schema's type for this value declares no scalar, list or map"}
}

// keepConfig is the rule on a leaf: the config's value when it has one, else live's.
func keepConfig(live, config *yamltree.Node) *yamltree.Node {
	if config != nil {
		return config
	}
	return live
}

func mergeMap(path fieldpath.Path, t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	lf, cf := mapFields(live), mapFields(config)
	if isAtomicMap(t) || (len(lf) == 0 && len(cf) == 0) {
		return keepConfig(live, config), nil
	}
	out := newMapLike(live, config)
	for _, f := range lf {
		child, err := merge(path.Field(f.Key.Value), t.FieldType(f.Key.Value), f.Value, fieldValue(config, f.Key.Value))
		if err != nil {
			return nil, err
		}
		if child != nil {
			out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: child})
		}
	}
	for _, f := range cf {
		if live.IsMap() && live.Has(f.Key.Value) {
			continue
		}
		child, err := merge(path.Field(f.Key.Value), t.FieldType(f.Key.Value), nil, f.Value)
		if err != nil {
			return nil, err
		}
		if child != nil {
			out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: child})
		}
	}
	if len(out.Fields) == 0 {
		return nil, nil
	}
	return out, nil
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
			return &yamltree.Node{Kind: yamltree.MapNode, Pos: n.Pos, Comments: n.Comments, Style: n.Style}
		}
	}
	return yamltree.NewMap()
}

// newListLike returns an empty list carrying the layout of the first given node that is a list.
func newListLike(nodes ...*yamltree.Node) *yamltree.Node {
	for _, n := range nodes {
		if n.IsList() {
			return &yamltree.Node{Kind: yamltree.ListNode, Pos: n.Pos, Comments: n.Comments, Style: n.Style,
				IndentedItems: n.IndentedItems}
		}
	}
	return yamltree.NewList()
}

// listSide is one side of a list merge: its items, their elements, and each element's item (a
// null for an element live holds twice).
type listSide struct {
	items []*yamltree.Node
	elems []fieldpath.Element
}

// item returns the item selected by e: nil when the side lacks it, a null when it holds e twice.
func (s listSide) item(e fieldpath.Element) *yamltree.Node {
	i := indexElement(s.elems, e)
	switch {
	case i < 0:
		return nil
	case countElement(s.elems, e) > 1:
		return yamltree.NewNull()
	}
	return s.items[i]
}

func (s listSide) has(e fieldpath.Element) bool { return containsElement(s.elems, e) }

func mergeList(path fieldpath.Path, t *schema.Type, live, config *yamltree.Node) (*yamltree.Node, error) {
	li, ci := listItems(live), listItems(config)
	if isAtomicList(t) || (len(li) == 0 && len(ci) == 0) {
		return keepConfig(live, config), nil
	}
	ls, cs, err := listSides(path, t, li, ci)
	if err != nil {
		return nil, err
	}
	m := listMerger{path: path, t: t, live: ls, config: cs, out: newListLike(live, config)}
	if err := m.run(); err != nil {
		return nil, err
	}
	if len(m.out.Items) == 0 {
		return nil, nil
	}
	return m.out, nil
}

func listSides(path fieldpath.Path, t *schema.Type, li, ci []*yamltree.Node) (listSide, listSide, error) {
	le, err := itemElements(t, li)
	if err != nil {
		return listSide{}, listSide{}, withPath(err, path)
	}
	ce, err := itemElements(t, ci)
	if err != nil {
		return listSide{}, listSide{}, withPath(err, path)
	}
	for i, e := range ce {
		if countElement(ce[:i], e) > 0 {
			return listSide{}, listSide{}, &Error{Pos: ci[i].Pos, Path: path.Append(e), Message: "duplicate entries for this key"}
		}
	}
	return listSide{items: li, elems: le}, listSide{items: ci, elems: ce}, nil
}

// withPath sets the path of an *Error that has none.
func withPath(err error, path fieldpath.Path) error {
	if e, ok := err.(*Error); ok && e.Path == nil {
		e.Path = path
	}
	return err
}

// listMerger interleaves the items of live and config in the reference's order.
type listMerger struct {
	path         fieldpath.Path
	t            *schema.Type
	live, config listSide
	out          *yamltree.Node
	li, ci       int                 // the next live and config items
	done         []fieldpath.Element // config elements already written
	shared       []fieldpath.Element // config elements live holds too, in config order, not yet merged
}

// run walks both lists at once. Each round either merges the two current items (same element),
// skips a live item whose turn has not come or that was written already, writes a live-only
// item, or writes the current config item (merged with live's, when live has it).
func (m *listMerger) run() error {
	for _, e := range m.config.elems {
		if m.live.has(e) {
			m.shared = append(m.shared, e)
		}
	}
	for m.li < len(m.live.elems) || m.ci < len(m.config.elems) {
		advanced, err := m.pair()
		if !advanced && err == nil {
			advanced, err = m.liveItem()
		}
		if !advanced && err == nil {
			err = m.configItem()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// pair merges the current items when they have one element, and skips a shared live item whose
// turn has not come. It reports whether it moved on.
func (m *listMerger) pair() (bool, error) {
	if m.li >= len(m.live.elems) || m.ci >= len(m.config.elems) {
		return false, nil
	}
	le := m.live.elems[m.li]
	if fieldset.Equal(le, m.config.elems[m.ci]) {
		if err := m.emit(le, m.live.item(le), m.config.item(le)); err != nil {
			return false, err
		}
		m.done = append(m.done, le)
		m.popShared()
		m.li, m.ci = m.li+1, m.ci+1
		return true, nil
	}
	if m.config.has(le) && len(m.shared) > 0 && !fieldset.Equal(m.shared[0], le) {
		m.li++
		return true, nil
	}
	return false, nil
}

// liveItem writes the current live item when the config lacks it (and reports so), or skips it
// when its config item was written already (and goes on to the config item).
func (m *listMerger) liveItem() (bool, error) {
	if m.li >= len(m.live.elems) {
		return false, nil
	}
	le := m.live.elems[m.li]
	if !m.config.has(le) {
		if err := m.emit(le, m.live.items[m.li], nil); err != nil {
			return false, err
		}
		m.li++
		return true, nil
	}
	if containsElement(m.done, le) {
		m.li++
	}
	return false, nil
}

// configItem writes the current config item, merged with live's item when live has one.
func (m *listMerger) configItem() error {
	if m.ci >= len(m.config.elems) {
		return nil
	}
	ce := m.config.elems[m.ci]
	m.done = append(m.done, ce)
	if err := m.emit(ce, m.live.item(ce), m.config.item(ce)); err != nil {
		return err
	}
	m.ci++
	if len(m.shared) > 0 && fieldset.Equal(m.shared[0], ce) {
		m.popShared()
	}
	return nil
}

func (m *listMerger) popShared() {
	if len(m.shared) > 0 {
		m.shared = m.shared[1:]
	}
}

func (m *listMerger) emit(e fieldpath.Element, live, config *yamltree.Node) error {
	item, err := merge(m.path.Append(e), m.t.ListElem(), live, config)
	if err != nil {
		return err
	}
	if item != nil {
		m.out.Items = append(m.out.Items, item)
	}
	return nil
}
