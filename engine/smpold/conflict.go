package smpold

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Conflict is a field the patch would change that live changed too (since last-applied).
type Conflict struct {
	Path fieldpath.Path
	// Patch is the patch's value at the path; Changed is live's change (nil when either is a
	// whole map or list that differs in shape).
	Patch, Changed *yamltree.Node
}

// Conflicts lists where a patch and the changes made since original (changed, a two-way diff
// from original to live) disagree: the fields kubectl apply --overwrite=false refuses to touch.
// The reference stops at the first one; all are listed here, in patch order.
func Conflicts(patch, changed *yamltree.Node, schema Schema) ([]Conflict, error) {
	c := &conflictFinder{}
	err := c.maps(fieldpath.Path{}, patch, changed, schema)
	return c.found, err
}

type conflictFinder struct {
	found []Conflict
}

func (c *conflictFinder) add(path fieldpath.Path, left, right *yamltree.Node) {
	c.found = append(c.found, Conflict{Path: path, Patch: left, Changed: right})
}

// field compares one value of the patch with the change at the same place.
func (c *conflictFinder) field(path fieldpath.Path, left, right *yamltree.Node, schema Schema, strategy, mergeKey string) error {
	switch kindOf(left) {
	case kindMap:
		if kindOf(right) != kindMap {
			c.add(path, left, right)
			return nil
		}
		ld, lok := left.Get(directiveKey), left.Has(directiveKey)
		rd, rok := right.Get(directiveKey), right.Has(directiveKey)
		if lok || rok {
			if lok != rok || !sameScalar(ld, rd) {
				c.add(path, left, right)
				return nil
			}
		}
		if strategy == replaceDirective {
			return nil
		}
		return c.maps(path, left, right, schema)
	case kindList:
		if kindOf(right) != kindList {
			c.add(path, left, right)
			return nil
		}
		return c.lists(path, left.Items, right.Items, schema, strategy, mergeKey)
	}
	if !equalValues(left, right) {
		c.add(path, left, right)
	}
	return nil
}

func (c *conflictFinder) maps(path fieldpath.Path, left, right *yamltree.Node, schema Schema) error {
	for _, f := range left.Fields {
		key := f.Key.Value
		if key == directiveKey || key == retainKeysKey || !right.Has(key) {
			continue
		}
		lv, rv := f.Value, right.Get(key)
		sub, meta := schema, Meta{}
		var err error
		switch kindOf(lv) {
		case kindList:
			sub, meta, err = schema.Slice(key)
		case kindMap:
			sub, meta, err = schema.Struct(key)
		}
		if err != nil {
			return err
		}
		_, strategy, err := meta.strategy()
		if err != nil {
			return err
		}
		if err := c.field(path.Field(key), lv, rv, sub, strategy, meta.MergeKey); err != nil {
			return err
		}
	}
	return nil
}

func (c *conflictFinder) lists(path fieldpath.Path, left, right []*yamltree.Node, schema Schema, strategy, mergeKey string) error {
	elem, err := elementKind(left, right)
	if err != nil {
		return err
	}
	if strategy == mergeDirective {
		if elem != kindMap {
			return nil
		}
		return c.keyedItems(path, left, right, schema, mergeKey)
	}
	if len(left) != len(right) {
		c.add(path, list(left), list(right))
		return nil
	}
	if elem != kindMap {
		// The reference sorts both lists in place: the patch kubectl then sends carries its
		// atomic lists of primitives deduplicated and sorted (the tail keeps leftover items).
		left = sortScalars(deduplicateScalars(left))
		right = sortScalars(deduplicateScalars(append([]*yamltree.Node(nil), right...)))
		if len(left) > len(right) {
			// The reference then reads past the end of the shorter list: kubectl panics.
			return errorAt(left[len(right)], "kubectl apply --overwrite=false crashes on this list (index out of range in strategicpatch's conflict check, which removes duplicate values from both copies of the list and compares them item by item: one keeps %d values, the other %d)", len(left), len(right))
		}
	}
	for i := range left {
		if err := c.field(path.Index(i), left[i], right[i], schema, "", ""); err != nil {
			return err
		}
	}
	return nil
}

// keyedItems compares the items of two merged lists that share a merge key value.
func (c *conflictFinder) keyedItems(path fieldpath.Path, left, right []*yamltree.Node, schema Schema, mergeKey string) error {
	for _, l := range append(append([]*yamltree.Node(nil), left...), right...) {
		if kindOf(l) != kindMap {
			return errorAt(l, "invalid element type in merging list:%s", printed(list(left)))
		}
		if !hasKey(l, mergeKey) {
			return errorAt(l, "cannot find merge key `%s` in merging list element:%s", mergeKey, printed(l))
		}
	}
	// As in the reference, each list becomes a map from key to item, the last item winning.
	last := func(items []*yamltree.Node) (map[string]*yamltree.Node, []string) {
		byKey, order := map[string]*yamltree.Node{}, []string{}
		for _, it := range items {
			k := keyText(keyOf(it, mergeKey))
			if _, seen := byKey[k]; !seen {
				order = append(order, k)
			}
			byKey[k] = it
		}
		return byKey, order
	}
	leftByKey, order := last(left)
	rightByKey, _ := last(right)
	for _, k := range order {
		l, r := leftByKey[k], rightByKey[k]
		if r == nil {
			continue
		}
		if err := c.field(keyPath(path, mergeKey, keyOf(l, mergeKey)), l, r, schema, "", ""); err != nil {
			return err
		}
	}
	return nil
}

// keyText is a map key for a merge key value that tells its type apart, as the reference's
// fmt.Sprintf("%s", value) does.
func keyText(key *yamltree.Node) string {
	return fmt.Sprintf("%d:%s", kindOf(key), printed(key))
}

// keyPath appends a list item selected by its merge key (one field or several) to path.
func keyPath(path fieldpath.Path, mergeKey string, key *yamltree.Node) fieldpath.Path {
	if !isMultiKey(mergeKey) {
		return path.Key(mergeKey, key)
	}
	e := fieldpath.Element{}
	for _, f := range keyFields(mergeKey) {
		e.Keys = append(e.Keys, fieldpath.KeyValue{Name: f, Value: key.Get(f)})
	}
	return path.Append(e)
}
