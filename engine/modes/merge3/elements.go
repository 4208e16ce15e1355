package merge3

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// The list helpers kyaml's keyed-list merge is built from (yaml/fns.go, yaml/rnode.go), with
// their exact matching rules: kyaml finds items by the text of their key fields, and an empty
// text means "any value" in one helper and "an empty value" in another.

var errNotMap = errors.New("wrong node kind: expected MappingNode")

// elementValues returns, for each item of list, the text of each key field ("" when missing,
// null or empty).
func elementValues(list *ynode.Node, keys []string) [][]string {
	if list == nil || list.Kind != ynode.ListNode {
		return nil
	}
	out := make([][]string, len(list.Content))
	for i, item := range list.Content {
		for _, key := range keys {
			v := item.Get(key)
			if v.IsNilOrEmpty() {
				out[i] = append(out[i], "")
			} else {
				out[i] = append(out[i], v.Value)
			}
		}
	}
	return out
}

// elementList returns the first item of list whose key fields hold exactly values (kyaml's
// ElementList). With no key (a list of primitives) it matches an item by its text.
func elementList(list *ynode.Node, keys, values []string) *ynode.Node {
	if list == nil || list.Kind != ynode.ListNode {
		return nil
	}
	if len(keys) == 0 {
		keys = []string{""}
	}
	if len(values) == 0 {
		values = []string{""}
	}
	if keys[0] == "" {
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
		if item.Kind != ynode.MapNode {
			continue
		}
		if itemMatches(item, keys, values) {
			return item
		}
	}
	return nil
}

func itemMatches(item *ynode.Node, keys, values []string) bool {
	for i, key := range keys {
		if v := item.Get(key); v == nil || v.Value != values[i] {
			return false
		}
	}
	return true
}

// fieldMatch is kyaml's FieldMatcher{Name: name, StringValue: value} on an item: with a name, the
// item must be a map holding the field, with that text unless value is "" (then any value
// does); without a name, the item must be a scalar with that text.
func fieldMatch(item *ynode.Node, name, value string) (*ynode.Node, error) {
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

// setElement is kyaml's ElementSetter on list: items matching keys and values are replaced by
// element, or removed when element is nil; element is appended when nothing matched. On the way,
// empty items (null, {}) are dropped, and when values is empty every item is.
func setElement(list, element *ynode.Node, keys, values []string) error {
	if len(keys) == 0 {
		keys = []string{""}
	}
	mappingSetter := keys[0] != "" && len(values) > 0 && values[0] != ""
	var content []*ynode.Node
	found := false
	for _, item := range list.Content {
		if item.IsEmptyMap() {
			continue
		}
		if item.Kind != ynode.MapNode && mappingSetter {
			content = append(content, item)
			continue
		}
		matched, err := elementMatches(item, keys, values)
		if err != nil {
			return err
		}
		if !matched {
			if len(values) > 0 {
				content = append(content, item)
			}
			continue
		}
		found = true
		if element != nil {
			content = append(content, element)
		}
	}
	list.Content = content
	if element.IsNull() {
		return nil
	}
	if !found {
		list.Content = append(list.Content, element)
	}
	return nil
}

// elementMatches runs ElementSetter's test: each key with its value, a key beyond the values
// reusing the last answer.
func elementMatches(item *ynode.Node, keys, values []string) (bool, error) {
	var v *ynode.Node
	for j, key := range keys {
		if j < len(values) {
			var err error
			if v, err = fieldMatch(item, key, values[j]); err != nil {
				return false, err
			}
		}
		if v == nil {
			return false, nil
		}
	}
	return true, nil
}

// appendItems is kyaml's appendListNode: each merged item replaces the items of list with its
// key values, or is appended. An item missing a key field is appended as it is, and then still
// set by the keys it has.
func appendItems(list, items *ynode.Node, keys []string) error {
	for _, item := range items.Content {
		if keys[0] == "" {
			if err := setElement(list, item, []string{""}, []string{item.Value}); err != nil {
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
			if err := setElement(list, nil, keys, values); err != nil {
				return err
			}
		}
		if err := setElement(list, item, keys, values); err != nil {
			return err
		}
	}
	return nil
}

// validateKeys keeps the keys that some tuple of valuesList has a value for, and values' entries
// for them; when no tuple has any, all keys and values stay.
func validateKeys(valuesList [][]string, values, keys []string) ([]string, []string) {
	valid := map[string]bool{}
	for _, vs := range valuesList {
		for i, v := range vs {
			if v != "" {
				valid[keys[i]] = true
			}
		}
	}
	if len(valid) == 0 {
		return keys, values
	}
	validKeys := make([]string, 0, len(keys))
	for _, k := range keys {
		if valid[k] {
			validKeys = append(validKeys, k)
		}
	}
	validValues := make([]string, 0, len(values))
	for i, v := range values {
		if v != "" || valid[keys[i]] {
			validValues = append(validValues, v)
		}
	}
	return validKeys, validValues
}

// mergeValues joins tuples that agree wherever both have a value and share at least one value
// (8080 with no protocol and 8080/TCP are one port), as kyaml does, pair by pair in order.
func mergeValues(valuesList [][]string) [][]string {
	for i, v1 := range valuesList {
		for j := range valuesList {
			if ok, merged := matchValues(v1, valuesList[j]); ok {
				valuesList[i] = merged
				valuesList[j] = merged
			}
		}
	}
	return valuesList
}

func matchValues(a, b []string) (bool, []string) {
	if len(a) != len(b) {
		return false, nil
	}
	common := false
	var out []string
	for i := range a {
		switch {
		case a[i] == b[i]:
			common = true
			out = append(out, a[i])
		case a[i] != "" && b[i] != "":
			return false, nil
		case a[i] != "":
			out = append(out, a[i])
		default:
			out = append(out, b[i])
		}
	}
	return common, out
}
