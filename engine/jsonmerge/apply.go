package jsonmerge

import "github.com/mergeplay/mergeplay/engine/yamltree"

// Apply returns target patched with the JSON merge patch patch, as
// gopkg.in/evanphx/json-patch.v4 MergePatch computes it:
//
//   - an object patch merges into an object target key by key: a null removes the key, an object
//     merges into an object, anything else replaces the value (pruned of nulls when the target
//     held no object there, see the package documentation);
//   - an object patch on a target that is a list or a scalar replaces it, pruned;
//   - a list patch replaces any target, pruned;
//   - a scalar or null patch, a null target, or a missing (nil) one is an *InputError.
//
// Neither input is modified. The result keeps the target's key order and positions; keys the
// patch adds follow, in the patch's order, with the patch's positions.
func Apply(target, patch *yamltree.Node) (*yamltree.Node, error) {
	if err := checkApplyInputs(target, patch); err != nil {
		return nil, err
	}
	return merge(target, patch), nil
}

// checkApplyInputs rejects what the reference cannot decode or refuses to merge.
func checkApplyInputs(target, patch *yamltree.Node) error {
	switch {
	case target == nil:
		return inputError("target", nil, ErrBadDocument, "no document")
	case patch == nil:
		return inputError("patch", nil, ErrBadPatch, "no patch")
	}
	if err := checkJSON("target", target); err != nil {
		return err
	}
	if err := checkJSON("patch", patch); err != nil {
		return err
	}
	switch {
	case target.IsNull():
		return inputError("target", target, ErrBadDocument, "the document is null")
	case patch.IsNull():
		return inputError("patch", patch, ErrBadPatch, "the patch is null")
	case !patch.IsMap() && !patch.IsList():
		return inputError("patch", patch, ErrBadPatch, "a merge patch must be an object or a list")
	}
	return nil
}

// merge patches a non-null target with a patch that is an object or a list.
func merge(target, patch *yamltree.Node) *yamltree.Node {
	if target.IsMap() && patch.IsMap() {
		return mergeObjects(target, patch)
	}
	return pruned(patch)
}

// mergeObjects merges patch into target, both objects.
func mergeObjects(target, patch *yamltree.Node) *yamltree.Node {
	out := mapLike(target)
	out.Fields = make([]yamltree.Field, len(target.Fields))
	for i, f := range target.Fields {
		out.Fields[i] = field(f.Key, f.Value.Clone())
	}
	index := indexOf(out)
	removed := make([]bool, len(out.Fields))
	for _, f := range patch.Fields {
		i, found := index[f.Name()]
		switch {
		case f.Value.IsNull():
			if found {
				removed[i] = true
			}
		case !found:
			out.Fields = append(out.Fields, field(f.Key, pruned(f.Value)))
		default:
			out.Fields[i].Value = mergeValue(out.Fields[i].Value, f.Value)
		}
	}
	return withoutRemoved(out, removed)
}

// mergeValue returns what a non-null patch value makes of the value the target holds.
func mergeValue(current, patch *yamltree.Node) *yamltree.Node {
	switch {
	case !current.IsMap():
		// Nothing to merge into (null, scalar or list): the patch value, pruned of nulls.
		return pruned(patch)
	case !patch.IsMap():
		// An object replaced by a list or a scalar: the reference takes it as is.
		return patch.Clone()
	}
	return mergeObjects(current, patch)
}

// withoutRemoved drops the fields of m marked removed (m's first len(removed) fields).
func withoutRemoved(m *yamltree.Node, removed []bool) *yamltree.Node {
	kept := m.Fields[:0]
	for i, f := range m.Fields {
		if i < len(removed) && removed[i] {
			continue
		}
		kept = append(kept, f)
	}
	m.Fields = kept
	return m
}
