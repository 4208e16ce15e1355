package jsonmerge

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ThreeWay returns the JSON merge patch kubectl apply sends for an object without a
// strategic-merge schema, as k8s.io/apimachinery's jsonmergepatch.CreateThreeWayJSONMergePatch
// computes it with the preconditions kubectl passes:
//
//   - the additions and changes are the non-null part of the patch from current (live) to
//     modified (the config): every field the config names is forced back to the config's value;
//   - the deletions are the null part of the patch from original (last-applied) to modified: a
//     field is deleted only if the original had it;
//   - the two are merged, deletions first, additions and changes after.
//
// A nil input counts as an empty object, and so does a null. Inputs that are not objects give an
// *InputError. A *ConflictError is returned when the two parts overlap, which cannot happen for
// objects (see the package documentation), and a *PreconditionError when the patch would change
// apiVersion, kind or metadata.name.
//
// It takes no overwrite flag: kubectl ignores --overwrite=false for objects it patches with a
// JSON merge patch, so live drift never stops such an apply.
func ThreeWay(original, modified, current *yamltree.Node) (patch *yamltree.Node, err error) {
	inputs := []struct {
		role string
		node *yamltree.Node
	}{{"original", original}, {"modified", modified}, {"current", current}}
	for _, in := range inputs {
		if err = checkJSON(in.role, in.node); err != nil {
			return nil, err
		}
	}
	original, modified, current = orEmpty(original), orEmpty(modified), orEmpty(current)
	changes, err := patchPart(current, modified, "current", additionsOf)
	if err != nil {
		return nil, err
	}
	deletions, err := patchPart(original, modified, "original", deletionsOf)
	if err != nil {
		return nil, err
	}
	if paths := conflicts(changes, deletions, ""); len(paths) > 0 {
		return nil, &ConflictError{Paths: paths, Changes: changes, Deletions: deletions}
	}
	patch = mergeObjects(deletions, changes)
	if paths := changedIdentity(patch); len(paths) > 0 {
		return nil, &PreconditionError{Paths: paths, Patch: patch}
	}
	return patch, nil
}

// orEmpty stands an empty object in for a missing document, as the reference does for empty
// input.
func orEmpty(n *yamltree.Node) *yamltree.Node {
	if n == nil {
		return yamltree.NewMap()
	}
	return n
}

// patchPart diffs from against modified and keeps the part filter selects.
func patchPart(from, modified *yamltree.Node, role string,
	filter func(*yamltree.Node) *yamltree.Node) (*yamltree.Node, error) {
	diff, err := twoWay(from, modified, role)
	if err != nil {
		return nil, fmt.Errorf("diffing %s against modified: %w", role, err)
	}
	if !diff.IsMap() {
		return nil, fmt.Errorf("diffing %s against modified: %w", role,
			inputError(role, from, ErrBadDocument, "a three-way merge patch needs objects, not lists"))
	}
	return filter(diff), nil
}

// additionsOf keeps the non-null values of a patch: its additions and changes. An object emptied
// by the filter is dropped; an object that was empty in the patch is a value and stays.
func additionsOf(patch *yamltree.Node) *yamltree.Node {
	out := mapLike(patch)
	for _, f := range patch.Fields {
		v := f.Value
		switch {
		case v.IsNull():
			continue
		case v.IsMap() && len(v.Fields) > 0:
			v = additionsOf(v)
			if len(v.Fields) == 0 {
				continue
			}
		}
		out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: v})
	}
	return out
}

// deletionsOf keeps the nulls of a patch, with the objects that lead to them.
func deletionsOf(patch *yamltree.Node) *yamltree.Node {
	out := mapLike(patch)
	for _, f := range patch.Fields {
		v := f.Value
		switch {
		case v.IsNull():
		case v.IsMap():
			v = deletionsOf(v)
			if len(v.Fields) == 0 {
				continue
			}
		default:
			continue
		}
		out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: v})
	}
	return out
}
