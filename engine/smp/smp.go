package smp

import "github.com/mergeplay/mergeplay/engine/yamltree"

// ThreeWay computes the patch client-side kubectl apply sends for one object: the changes from
// live to the config (updated, with its new last-applied annotation) combined with the
// deletions from last-applied (original) to the config. It reads the alignment a of the three.
func ThreeWay(a *Aligned) (*Map, error) {
	patch, err := changes(a, changesFromLive)
	if err != nil {
		return nil, err
	}
	del, err := deletions(a, deletionsFromLastApplied)
	if err != nil {
		return nil, err
	}
	if err := combine(a.sch, patch, del); err != nil {
		return nil, err
	}
	return patch, nil
}

// TwoWay computes the patch from the previous render (original) to the new one (updated) alone,
// as Helm 2 (and kubectl's CreateTwoWayMergePatch) does: live is not consulted.
func TwoWay(a *Aligned) (*Map, error) {
	patch, err := changes(a, betweenRenders)
	if err != nil {
		return nil, err
	}
	del, err := deletions(a, betweenRenders)
	if err != nil {
		return nil, err
	}
	return patch, join(a.sch, patch, del)
}

// orEmpty returns n, or an empty map for an absent object.
func orEmpty(n *yamltree.Node) *yamltree.Node {
	if n == nil {
		return yamltree.NewMap()
	}
	return n
}
