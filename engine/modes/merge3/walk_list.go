package merge3

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// keyed reports whether a list merges item by item (schema.IsAssociative): with a schema, when
// its patch strategy says merge; without one, only when guessing keys is on and some version's
// items all carry one of the guessed keys.
func (w *walker) keyed(sc *sch, s sources) bool {
	if sc != nil {
		return sc.merges()
	}
	for _, n := range s.all() {
		if !n.IsNull() && w.associativeKey(n) != "" {
			return true
		}
	}
	return false
}

// associativeKey returns the first guessed key every item of list carries ("" when none; an
// empty list carries them all).
func (w *walker) associativeKey(list *ynode.Node) string {
	for _, key := range w.infer {
		all := true
		for _, item := range list.Content {
			if k, _ := item.Field(key); k == nil {
				all = false
				break
			}
		}
		if all {
			return key
		}
	}
	return ""
}

// walkKeyedList merges a list item by item (walk/associative_sequence.go): items are matched by
// their key values across the three versions, each is merged as a map (or, for a list of
// primitives, as a scalar), and the results replace the local items in place or are appended.
func (w *walker) walkKeyedList(s sources, sc *sch, path []string) (*ynode.Node, decision, error) {
	dest, r := visitKeyedList(s)
	info := &listInfo{kind: sc.kindName(), schemaPath: sc.pathName(), fromComment: sc.fromComment()}
	d := w.decide(r, s, info)
	if dest == nil {
		return nil, d, nil
	}
	s.local = dest
	strategy, keys := sc.strategyAndKeys()
	if strategy == "" && len(keys) == 0 {
		key, err := w.elementKey(s, path)
		if err != nil {
			return nil, d, err
		}
		if key != "" {
			keys, info.inferred = []string{key}, true
		}
	}
	info.keys = keys
	values := allElementValues(s, keys)
	var err error
	if len(values) != 0 || len(keys) > 0 {
		dest, err = w.setElements(s, sc, values, keys, info)
	} else {
		info.keys = nil
		dest, err = w.setElements(s, sc, primitiveValues(s), []string{""}, info)
	}
	return dest, d, err
}

// elementKey guesses the key of a list no schema describes: every version with items must agree.
func (w *walker) elementKey(s sources, path []string) (string, error) {
	key := ""
	for _, n := range s.all() {
		if n == nil || len(n.Content) == 0 {
			continue
		}
		next := w.associativeKey(n)
		if key != "" && key != next {
			return "", located(n, fmt.Sprintf("kyaml stops here: conflicting merge keys [%s,%s] for field %s: the items of one version all carry %q, of another %q", key, next, strings.Join(path, "."), key, next))
		}
		key = next
	}
	if key == "" {
		return "", located(s.local, fmt.Sprintf("kyaml stops here: no merge key found for field %s", strings.Join(path, ".")))
	}
	return key, nil
}

// allElementValues lists the key tuples of every item, local items first, then the original's,
// then the updated's, each tuple once.
func allElementValues(s sources, keys []string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, n := range s.all() {
		if n == nil {
			continue
		}
		for _, vs := range elementValues(n, keys) {
			id := strings.Join(vs, "\x00")
			if len(vs) == 0 || seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, vs)
		}
	}
	return out
}

// primitiveValues lists the texts of the items of a list of primitives, local first, each once.
func primitiveValues(s sources) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, n := range s.all() {
		if n == nil {
			continue
		}
		for _, item := range n.Content {
			if !seen[item.Value] {
				seen[item.Value] = true
				out = append(out, []string{item.Value})
			}
		}
	}
	return out
}

// setElements merges each key tuple's items and sets the results into the local list
// (setAssociativeSequenceElements).
func (w *walker) setElements(s sources, sc *sch, valuesList [][]string, keys []string, info *listInfo) (*ynode.Node, error) {
	dest := s.local
	items := ynode.NewList()
	elemSch := sc.elements()
	if len(keys) > 1 {
		valuesList = mergeValues(valuesList)
	}
	var validKeys, validValues []string
	for _, values := range valuesList {
		if len(values) == 0 {
			continue
		}
		validKeys, validValues = validateKeys(valuesList, values, keys)
		if err := w.setElement(s, elemSch, dest, items, validKeys, validValues, info); err != nil {
			return nil, err
		}
	}
	if len(valuesList) > 0 {
		if err := appendItems(dest, items, validKeys); err != nil {
			return nil, located(dest, "kyaml stops here: "+err.Error())
		}
	}
	return dest, nil
}

// setElement merges the items with one key tuple and queues the result, or removes the local
// items with that tuple when nothing is left of them.
func (w *walker) setElement(s sources, elemSch *sch, dest, items *ynode.Node, keys, values []string, info *listInfo) error {
	item := elementSources(s, keys, values)
	val, d, err := w.walk(item, elemSch, nil)
	if err != nil {
		return err
	}
	d.list = info
	if val.IsEmptyMap() {
		if item.local != nil {
			if d.rule == ruleMerged || d.rule == ruleNewMap {
				d.rule = ruleEmptied
			}
			w.log[item.local] = d
		}
		if err := setElement(dest, nil, keys, values); err != nil {
			return located(dest, "kyaml stops here: "+err.Error())
		}
		return nil
	}
	for i, key := range keys {
		if val.Get(key) == nil && values[i] != "" {
			if err := w.restoreKey(val, key, values[i], item); err != nil {
				return err
			}
		}
	}
	w.log[val] = d
	if err := setElement(items, val, keys, values); err != nil {
		return located(dest, "kyaml stops here: "+err.Error())
	}
	return nil
}

// restoreKey puts an item's key back after the merge left the item without it (SetField with a
// new string scalar; on an item that is itself a scalar, the scalar takes the text).
func (w *walker) restoreKey(val *ynode.Node, key, value string, item sources) error {
	switch {
	case val.Kind == ynode.ScalarNode && key == "":
		setScalar(val, value)
		return nil
	case val.Kind != ynode.MapNode || key == "":
		return located(val, "kyaml stops here: wrong node kind: an item of this list is a "+shapeName(val.Kind))
	}
	if final := setField(val, key, ynode.NewScalar(value), [3]string{}, 0); final != nil {
		w.log[final] = w.decide(ruleKeyRestored, sources{item.local.Get(key), item.original.Get(key), item.updated.Get(key)}, nil)
	}
	return nil
}

// elementSources finds the items with one key tuple in each version; only the keys the tuple has
// values for are matched.
func elementSources(s sources, keys, values []string) sources {
	keys, values = validateKeys([][]string{values}, values, keys)
	return sources{
		local:    elementList(s.local, keys, values),
		original: elementList(s.original, keys, values),
		updated:  elementList(s.updated, keys, values),
	}
}
