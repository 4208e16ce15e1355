package merge3

import (
	"sort"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// fieldRow is one entry of a map as the three versions hold it: its key and its value.
type fieldRow struct {
	_    incomparable.Field
	name string
	// keys and values are the versions' key and value nodes (nil where a version lacks the
	// entry).
	keys, values triple
	// commentSch is the schema a comment declares for the entry, nil when none does
	// (factCommentOnEntry).
	commentSch *sch
}

// mergeMap merges a map: decided by mapTable, then its entries aligned (alignFields) and each
// merged into the local map, or into the empty map started for it.
func (m *merger) mergeMap(t triple, sc *sch, path []string) (*ynode.Node, record, error) {
	r := decide(mapTable, factsOf(t, nil))
	rec := m.record(r.rule, t, nil)
	switch r.effect {
	case startMap:
		t.live = ynode.NewMap()
	case mergeLive:
	default:
		return nil, rec, nil
	}
	if err := factEmptyKeyStops(t, path); err != nil {
		return nil, rec, err
	}
	if len(path) == cap(path) {
		// room for the entries' names and the names below them, which each entry writes over
		// the last one's: the walk keeps no path past its visit (droppedAlias copies its own)
		path = append(make([]string, 0, len(path)+8), path...)
	}
	for _, f := range m.alignFields(t) {
		if err := m.mergeField(t.live, f, sc, append(path, f.name)); err != nil {
			return nil, rec, err
		}
	}
	return t.live, rec, nil
}

// factEmptyKeyStops: kyaml refuses to walk a map that any version holds with an empty key (”,
// or "?" alone), wherever the walk goes into it (a map only the local copy has, or only upstream
// added, or upstream deleted where the local copy holds it; not one that upstream deleted and
// the local copy lacks, nor one inside a list replaced whole): "wrong node kind:
// expected ScalarNode but got MappingNode". A resource one side alone has is copied without a
// walk, so such a key passes there, and its next merge is refused. Observed with kyaml v0.21.3
// through merge3diff (TestWalkFacts/factEmptyKeyStops).
func factEmptyKeyStops(t triple, path []string) error {
	for i, n := range t.liveFirst() {
		if n == nil || n.Kind != ynode.MapNode {
			continue
		}
		for j := 0; j+1 < len(n.Content); j += 2 {
			if k := n.Content[j]; k.Kind == ynode.ScalarNode && k.Value == "" {
				return located(k, "kyaml stops here: "+pathText(path)+" holds an empty key in "+inputNames[i]+
					", which kyaml cannot walk (wrong node kind: expected ScalarNode but got MappingNode)")
			}
		}
	}
	return nil
}

// alignFields aligns the entries of the three maps by name (the first entry of a name, where a
// map repeats one), in sorted order (factSortedFields).
func (m *merger) alignFields(t triple) []fieldRow {
	size := 0
	for _, n := range t.liveFirst() {
		if n != nil && n.Kind == ynode.MapNode {
			size = max(size, len(n.Content)/2)
		}
	}
	rows := make([]fieldRow, 0, size)
	at := make(map[string]int, size)
	for v, n := range t.liveFirst() {
		if n == nil || n.Kind != ynode.MapNode {
			continue
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			name := n.Content[i].Value
			j, seen := at[name]
			if !seen {
				j = len(rows)
				at[name] = j
				rows = append(rows, fieldRow{name: name})
			}
			rows[j].hold(v, n.Content[i], n.Content[i+1])
		}
	}
	factSortedFields(rows)
	for i := range rows {
		rows[i].commentSch = m.factCommentOnEntry(rows[i])
	}
	return rows
}

// hold notes key and value as version v's entry (in liveFirst's order), unless the version
// already holds one of that name.
func (f *fieldRow) hold(v int, key, value *ynode.Node) {
	keys, values := f.keys.liveFirstRefs(), f.values.liveFirstRefs()
	if *keys[v] == nil {
		*keys[v], *values[v] = key, value
	}
}

// factSortedFields: kyaml visits a map's entries in the sorted order of their names, so the
// entries it adds land at the end of the local map in that order. Observed with kyaml v0.21.x
// through merge3diff ("field added upstream"; TestWalkFacts/factSortedFields).
func factSortedFields(rows []fieldRow) {
	// sort.Slice rather than slices.SortFunc: the generic sort of this struct weighs about 20 KB
	// in the wasm, sort.Slice's code is shared.
	sort.Slice(rows, func(i, j int) bool { return rows[i].name < rows[j].name })
}

// factCommentOnEntry: a comment may declare an entry's schema on its value, else on its key; the
// first version holding the entry, in factLiveFirst's order, whose value or key declares one
// decides. Observed with kyaml v0.21.x (examples/merge3-comment-schema, merge3diff's
// comment-schema mutations, which write the comment after "key:").
func (m *merger) factCommentOnEntry(f fieldRow) *sch {
	values := f.values.liveFirst()
	for v, k := range f.keys.liveFirst() {
		if k == nil {
			continue
		}
		if c := commentSchema(values[v], m.defs); c != nil {
			return c
		}
		if c := commentSchema(k, m.defs); c != nil {
			return c
		}
	}
	return nil
}

// mergeField merges the entry f into the map dest (the local map, or the one started for it).
func (m *merger) mergeField(dest *ynode.Node, f fieldRow, sc *sch, path []string) error {
	fieldSch := sc.fieldOf(f.name)
	if f.commentSch != nil {
		fieldSch = f.commentSch
	}
	val, rec, err := m.merge(f.values, fieldSch, path)
	if err != nil {
		return err
	}
	comments := keyComments(f.commentKeys())
	if removed := f.values.live; val == nil && removed != nil {
		m.records[removed] = rec
	}
	if final := setField(dest, f.name, val, comments, f.keyStyle(val)); final != nil {
		m.records[final] = rec
	}
	return nil
}

// commentKeys are the entry's keys whose comments count: a key tagged null has none.
func (f fieldRow) commentKeys() triple {
	keys := f.keys
	for _, k := range []**ynode.Node{&keys.original, &keys.updated, &keys.live} {
		if (*k).IsNull() {
			*k = nil
		}
	}
	return keys
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

// keyStyle returns the style of the key whose value val is (0 for a value the merge made).
func (f fieldRow) keyStyle(val *ynode.Node) ynode.Style {
	switch {
	case val == nil:
		return 0
	case val == f.values.live:
		return f.keys.live.Style
	case val == f.values.original:
		return f.keys.original.Style
	case val == f.values.updated:
		return f.keys.updated.Style
	}
	return 0
}
