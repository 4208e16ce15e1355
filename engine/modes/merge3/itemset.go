package merge3

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// How kyaml finds and sets list items by key texts, observed through its merges. A list of
// primitives has the one key "" (the item's own text).

var errNotMap = errors.New("wrong node kind: expected MappingNode")

// findItem returns the first item of list whose key fields hold exactly values (a list of
// primitives: whose text is values[0]); nil when none does or list is not a list.
func findItem(list *ynode.Node, keys, values []string) *ynode.Node {
	if list == nil || list.Kind != ynode.ListNode {
		return nil
	}
	if len(values) == 0 {
		values = []string{""}
	}
	if len(keys) == 0 || keys[0] == "" {
		for _, item := range list.Content {
			if item.Value == values[0] {
				return item
			}
		}
		return nil
	}
	if len(keys) != len(values) {
		return nil
	}
	for _, item := range list.Content {
		if item.Kind == ynode.MapNode && holds(item, keys, values) {
			return item
		}
	}
	return nil
}

// holds reports whether every key field of item is there with exactly its value's text.
func holds(item *ynode.Node, keys, values []string) bool {
	for i, key := range keys {
		if v := item.Get(key); v == nil || v.Value != values[i] {
			return false
		}
	}
	return true
}

// putItem sets item into list by keys and values: it replaces every item that matches (or
// removes them when item is nil), or is appended when none matches. On the way the list's null
// and empty items are dropped, and with no values every item that does not match is too.
func putItem(list, item *ynode.Node, keys, values []string) error {
	if len(keys) == 0 {
		keys = []string{""}
	}
	byMap := keys[0] != "" && len(values) > 0 && values[0] != ""
	var content []*ynode.Node
	found := false
	for _, it := range list.Content {
		if it.IsEmptyMap() {
			continue
		}
		if it.Kind != ynode.MapNode && byMap {
			content = append(content, it)
			continue
		}
		ok, err := matches(it, keys, values)
		switch {
		case err != nil:
			return err
		case !ok && len(values) > 0:
			content = append(content, it)
		case ok:
			found = true
			if item != nil {
				content = append(content, item)
			}
		}
	}
	list.Content = content
	if !found && !item.IsNull() {
		list.Content = append(list.Content, item)
	}
	return nil
}

// matches tests an item against keys and values: each key with its value, where "" matches any
// value of a field that is there; a key past the values repeats the last answer. A list of
// primitives matches an item by its text, and holds scalars only.
func matches(item *ynode.Node, keys, values []string) (bool, error) {
	var v *ynode.Node
	for j, key := range keys {
		if j < len(values) {
			var err error
			if v, err = fieldMatching(item, key, values[j]); err != nil {
				return false, err
			}
		}
		if v == nil {
			return false, nil
		}
	}
	return true, nil
}

// fieldMatching returns the field name of item when it is there with value's text ("" for any
// text), or item itself when name is "" and item is a scalar with that text; nil otherwise.
func fieldMatching(item *ynode.Node, name, value string) (*ynode.Node, error) {
	if item.IsNull() {
		return nil, nil
	}
	if name == "" {
		if item.Kind != ynode.ScalarNode {
			return nil, errors.New("wrong node kind: expected ScalarNode")
		}
		if item.Text() == value {
			return item, nil
		}
		return nil, nil
	}
	if item.Kind != ynode.MapNode {
		return nil, errNotMap
	}
	_, v := item.Field(name)
	if v == nil || (value != "" && v.Value != value) {
		return nil, nil
	}
	return v, nil
}

// placeItems sets the merged items into list: each replaces the local items with its key values
// or is appended. An item missing a key field is appended as it is, and then still set by the
// keys it has (with several keys, the items matching it are removed first).
func placeItems(list, merged *ynode.Node, keys []string) error {
	for _, item := range merged.Content {
		if keys[0] == "" {
			if err := putItem(list, item, keys, []string{item.Value}); err != nil {
				return err
			}
			continue
		}
		var values []string
		for _, key := range keys {
			if item.Kind != ynode.MapNode {
				return errNotMap
			}
			_, v := item.Field(key)
			if v == nil {
				list.Content = append(list.Content, item)
				continue
			}
			values = append(values, v.Value)
		}
		if len(keys) > 1 {
			if err := putItem(list, nil, keys, values); err != nil {
				return err
			}
		}
		if err := putItem(list, item, keys, values); err != nil {
			return err
		}
	}
	return nil
}
