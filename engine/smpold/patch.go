package smpold

import "github.com/mergeplay/mergeplay/engine/yamltree"

// ThreeWay computes the patch client-side kubectl apply sends: the deletions from original
// (last-applied) to modified (the new config) merged with every difference from current (live)
// to modified, so that each field the config names is forced to the config's value. With
// overwrite false, fields live changed since original that the patch would also change are
// returned as conflicts instead (the patch is then nil).
func ThreeWay(original, modified, current *yamltree.Node, schema Schema, overwrite bool) (*yamltree.Node, []Conflict, error) {
	// Only modified needs a copy: its values land in the patch, which the merge and the conflict
	// check change in place. original and current are only read.
	original, modified, current = orEmpty(original), orEmpty(modified.Clone()), orEmpty(current)
	delta, err := diffMaps(current, modified, schema, diffPolicy{setElementOrder: true, skipDeletions: true})
	if err != nil {
		return nil, nil, err
	}
	deletions, err := diffMaps(original, modified, schema, diffPolicy{setElementOrder: true, skipAdditions: true})
	if err != nil {
		return nil, nil, err
	}
	patch, err := mergeMap(deletions, delta, schema, mergePolicy{})
	if err != nil {
		return nil, nil, err
	}
	if overwrite {
		return patch, nil, nil
	}
	changed, err := diffMaps(original, current, schema, diffPolicy{})
	if err != nil {
		return nil, nil, err
	}
	conflicts, err := Conflicts(patch, changed, schema)
	if err != nil || len(conflicts) > 0 {
		return nil, conflicts, err
	}
	return patch, nil, nil
}

// TwoWay computes the patch from original to modified alone, as Helm 2 (and kubectl's
// CreateTwoWayMergePatch) does: live is not consulted.
func TwoWay(original, modified *yamltree.Node, schema Schema) (*yamltree.Node, error) {
	return diffMaps(orEmpty(original.Clone()), orEmpty(modified.Clone()), schema, diffPolicy{setElementOrder: true})
}

// Apply merges a strategic merge patch into an object, as the API server does.
func Apply(object, patch *yamltree.Node, schema Schema) (*yamltree.Node, error) {
	if patch == nil {
		patch = newMap()
	}
	if kindOf(patch) != kindMap {
		return nil, errorAt(patch, "a strategic merge patch must be a map, found a %s", patch.Kind)
	}
	if object != nil && kindOf(object) != kindMap {
		return nil, errorAt(object, "the object to patch must be a map, found a %s", object.Kind)
	}
	target := orEmpty(object.Clone())
	withDecodedCapacity(target)
	return mergeMap(target, patch.Clone(), schema, mergePolicy{intoObject: true})
}

// withDecodedCapacity gives every list below n the spare capacity Go's JSON decoder leaves when
// it reads a list (it appends item by item), because the reference merges lists in place and
// its results depend on it (see mergeSlice).
func withDecodedCapacity(n *yamltree.Node) {
	switch kindOf(n) {
	case kindMap:
		for _, f := range n.Fields {
			withDecodedCapacity(f.Value)
		}
	case kindList:
		items := make([]*yamltree.Node, len(n.Items), decodedCapacity(len(n.Items)))
		copy(items, n.Items)
		n.Items = items
		for _, it := range items {
			withDecodedCapacity(it)
		}
	}
}

// decodedCapacity is the capacity of a []any grown by appending n items one by one.
func decodedCapacity(n int) int {
	s := make([]any, 0)
	for range n {
		s = append(s, nil)
	}
	return cap(s)
}

func orEmpty(n *yamltree.Node) *yamltree.Node {
	if n == nil || n.IsNull() {
		return newMap()
	}
	return n
}
