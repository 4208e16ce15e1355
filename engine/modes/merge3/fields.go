package merge3

import "github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"

// mergeMap merges a map key by key, in sorted key order. A key's comments are decided as a
// scalar's are (by scalarTable) and written onto the local key.
func (m *merger) mergeMap(t triple, sc *sch, path []string) (*ynode.Node, record, error) {
	r := decide(mapTable, factsOf(t, nil))
	rec := m.record(r.rule, t, nil)
	var dest *ynode.Node
	switch r.effect {
	case startMap:
		dest = ynode.NewMap()
	case mergeLive:
		dest = t.live
	default:
		return nil, rec, nil
	}
	t.live = dest
	for _, name := range fieldNames(t) {
		if err := m.mergeField(t, sc, name, append(path[:len(path):len(path)], name)); err != nil {
			return nil, rec, err
		}
	}
	return dest, rec, nil
}

// mergeField merges the entry name of the three maps into t.live.
func (m *merger) mergeField(t triple, sc *sch, name string, path []string) error {
	keys := triple{keyOf(t.original, name), keyOf(t.updated, name), keyOf(t.live, name)}
	values, commentSch, keys3 := m.fieldValues(t, name)
	fieldSch := sc.fieldOf(name)
	if commentSch != nil {
		fieldSch = commentSch
	}
	val, rec, err := m.merge(values, fieldSch, path)
	if err != nil {
		return err
	}
	comments := keyComments(keys)
	if removed := values.live; val == nil && removed != nil {
		m.records[removed] = rec
	}
	if final := setField(t.live, name, val, comments, keyStyle(values, keys3, val)); final != nil {
		m.records[final] = rec
	}
	return nil
}

// keyComments decides a key's comments as a scalar's (the winning key's head, line and foot
// comments), writes them onto the local key and returns them for a new one.
func keyComments(keys triple) [3]string {
	k, _ := apply(decide(scalarTable, factsOf(keys, sameScalar)), keys)
	if k.IsNull() {
		return [3]string{}
	}
	comments := [3]string{k.HeadComment, k.LineComment, k.FootComment}
	if !keys.live.IsNull() {
		keys.live.HeadComment, keys.live.LineComment, keys.live.FootComment = comments[0], comments[1], comments[2]
	}
	return comments
}

// keyOf returns the key node of entry name in map n, nil when missing or a null key.
func keyOf(n *ynode.Node, name string) *ynode.Node {
	k, _ := n.Field(name)
	if k.IsNull() {
		return nil
	}
	return k
}

// fieldValues returns the three versions of entry name and their keys, and the schema a comment
// gives the entry (on the value, else on the key; the first version in byLive's order that has
// one wins).
func (m *merger) fieldValues(t triple, name string) (triple, *sch, triple) {
	var commentSch *sch
	entry := func(n *ynode.Node) (*ynode.Node, *ynode.Node) {
		k, v := n.Field(name)
		if k != nil && commentSch == nil {
			if commentSch = commentSchema(v, m.defs); commentSch == nil {
				commentSch = commentSchema(k, m.defs)
			}
		}
		return k, v
	}
	var values, keys triple
	keys.live, values.live = entry(t.live)
	keys.original, values.original = entry(t.original)
	keys.updated, values.updated = entry(t.updated)
	return values, commentSch, keys
}

// keyStyle returns the style of the key whose value val is (0 for a value the merge made).
func keyStyle(values, keys triple, val *ynode.Node) ynode.Style {
	switch {
	case val == nil:
		return 0
	case val == values.live:
		return keys.live.Style
	case val == values.original:
		return keys.original.Style
	case val == values.updated:
		return keys.updated.Style
	}
	return 0
}
