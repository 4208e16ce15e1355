package merge3

import "github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"

// walkMap merges a map key by key (walk/map.go). Keys are visited in sorted order; a key's
// comments are decided like a scalar's and written onto the local key.
func (w *walker) walkMap(s sources, sc *sch, path []string) (*ynode.Node, decision, error) {
	dest, r := visitMap(s)
	d := w.decide(r, s, nil)
	if dest == nil {
		return nil, d, nil
	}
	s.local = dest
	for _, name := range fieldNames(s) {
		if err := w.walkField(s, sc, name, append(path[:len(path):len(path)], name)); err != nil {
			return nil, d, err
		}
	}
	return dest, d, nil
}

// walkField merges the entry name of the three maps into s.local.
func (w *walker) walkField(s sources, sc *sch, name string, path []string) error {
	keys := sources{keyOf(s.local, name), keyOf(s.original, name), keyOf(s.updated, name)}
	keyNode, _ := visitScalar(keys)
	fieldSch := sc.fieldOf(name)
	values, commentSch, keyStyles := w.fieldValues(s, name)
	if commentSch != nil {
		fieldSch = commentSch
	}
	val, d, err := w.walk(values, fieldSch, path)
	if err != nil {
		return err
	}
	var comments [3]string
	if !keyNode.IsNull() {
		comments = [3]string{keyNode.HeadComment, keyNode.LineComment, keyNode.FootComment}
		if !keys.local.IsNull() {
			keys.local.HeadComment, keys.local.LineComment, keys.local.FootComment = comments[0], comments[1], comments[2]
		}
	}
	if removed := values.local; val == nil && removed != nil {
		w.log[removed] = d
	}
	if final := setField(s.local, name, val, comments, keyStyles[val]); final != nil {
		w.log[final] = d
	}
	return nil
}

// keyOf returns the key node of entry name in map n, nil when missing or a null key.
func keyOf(n *ynode.Node, name string) *ynode.Node {
	k, _ := n.Field(name)
	if k.IsNull() {
		return nil
	}
	return k
}

// fieldValues returns the three versions of entry name, the schema a comment gives it (on the
// value, else on the key; the first version that has one wins), and the style of each version's
// key, by value.
func (w *walker) fieldValues(s sources, name string) (sources, *sch, map[*ynode.Node]ynode.Style) {
	var out [3]*ynode.Node
	var commentSch *sch
	styles := map[*ynode.Node]ynode.Style{}
	for i, n := range s.all() {
		k, v := n.Field(name)
		if k == nil {
			continue
		}
		out[i] = v
		styles[v] = k.Style
		if commentSch == nil {
			if commentSch = commentSchema(v, w.defs); commentSch == nil {
				commentSch = commentSchema(k, w.defs)
			}
		}
	}
	return sources{out[0], out[1], out[2]}, commentSch, styles
}
