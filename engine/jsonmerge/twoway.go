package jsonmerge

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TwoWay returns the JSON merge patch that turns original into modified, as
// gopkg.in/evanphx/json-patch.v4 CreateMergePatch computes it: keys added or changed in modified
// with modified's value (objects diffed recursively, lists and scalars whole, a change of JSON
// type replacing the value), keys removed from original as null. An empty object means no change.
//
// Both inputs must be objects (a null counts as an empty object), or both lists of the same
// length holding objects or nulls, which are diffed pairwise into a list of patches. Anything
// else is an *InputError. The patch lists changed keys in modified's order, then removed keys in
// original's order; values are copies of modified's nodes.
func TwoWay(original, modified *yamltree.Node) (*yamltree.Node, error) {
	if err := checkJSON("original", original); err != nil {
		return nil, err
	}
	if err := checkJSON("modified", modified); err != nil {
		return nil, err
	}
	return twoWay(original, modified, "original")
}

// twoWay is TwoWay on inputs known to hold only JSON values; role names original in errors.
func twoWay(original, modified *yamltree.Node, role string) (*yamltree.Node, error) {
	switch {
	case original.IsList() && modified.IsList():
		return diffDocumentLists(original, modified, role)
	case original.IsList() || modified.IsList():
		return nil, inputError("modified", modified, ErrMismatchedTypes,
			"one input is a list of documents and the other is not")
	}
	if err := checkDiffable(role, original); err != nil {
		return nil, err
	}
	if err := checkDiffable("modified", modified); err != nil {
		return nil, err
	}
	return diffObjects(original, modified), nil
}

// checkDiffable accepts an object or a null, the documents CreateMergePatch can decode.
func checkDiffable(role string, n *yamltree.Node) error {
	switch {
	case n == nil:
		return inputError(role, nil, ErrBadDocument, "no document")
	case n.IsMap() || n.IsNull():
		return nil
	}
	return inputError(role, n, ErrBadDocument, "expected an object, found a "+typeName(n))
}

// diffDocumentLists diffs two lists of documents pair by pair.
func diffDocumentLists(original, modified *yamltree.Node, role string) (*yamltree.Node, error) {
	if len(original.Items) != len(modified.Items) {
		return nil, inputError("modified", modified, ErrBadDocument,
			strconv.Itoa(len(modified.Items))+" documents to diff against "+strconv.Itoa(len(original.Items)))
	}
	out := yamltree.NewList()
	for i, o := range original.Items {
		if err := checkDiffable(role, o); err != nil {
			return nil, err
		}
		if err := checkDiffable("modified", modified.Items[i]); err != nil {
			return nil, err
		}
		out.Items = append(out.Items, diffObjects(o, modified.Items[i]))
	}
	return out, nil
}

// diffObjects returns the merge patch from original to modified, each an object or a null.
func diffObjects(original, modified *yamltree.Node) *yamltree.Node {
	out := mapLike(modified)
	if modified.IsNull() {
		out = yamltree.NewMap()
	}
	before := indexOf(original)
	for _, f := range modified.Fields {
		i, found := before[f.Name()]
		if !found {
			out.Fields = append(out.Fields, field(f.Key, f.Value.Clone()))
			continue
		}
		if change := diffValue(original.Fields[i].Value, f.Value); change != nil {
			out.Fields = append(out.Fields, field(f.Key, change))
		}
	}
	after := indexOf(modified)
	for _, f := range original.Fields {
		if _, found := after[f.Name()]; !found {
			out.Fields = append(out.Fields, field(f.Key, removal(f.Value)))
		}
	}
	return out
}

// diffValue returns the patch value for a key both sides hold, or nil when it is unchanged.
func diffValue(original, modified *yamltree.Node) *yamltree.Node {
	switch {
	case typeOf(original) != typeOf(modified):
		return modified.Clone()
	case modified.IsMap():
		if change := diffObjects(original, modified); len(change.Fields) > 0 {
			return change
		}
		return nil
	case sameValue(original, modified):
		return nil
	}
	return modified.Clone()
}

// removal returns the null that deletes a key, placed where the removed value was.
func removal(removed *yamltree.Node) *yamltree.Node {
	null := yamltree.NewNull()
	null.Pos = removed.Pos
	return null
}

// typeName names n's JSON type for messages.
func typeName(n *yamltree.Node) string {
	return [...]string{"null", "boolean", "number", "string", "list", "object"}[typeOf(n)]
}
