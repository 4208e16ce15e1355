package stream

import (
	"github.com/mergeplay/mergeplay/engine/yamltree"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Triple is one resource as the three inputs hold it; a missing side is nil.
type Triple struct {
	_        incomparable.Field
	ID       ID
	Original *Resource
	Updated  *Resource
	Live     *Resource
}

// Identity returns t.ID.String(), written once when a resource of the triple was split.
func (t Triple) Identity() string {
	for _, r := range []*Resource{t.Updated, t.Live, t.Original} {
		if r != nil && r.ID == t.ID {
			return r.Identity()
		}
	}
	return t.ID.String()
}

// Inputs are the resources of the three inputs of a merge.
type Inputs struct {
	Original, Updated, Live []*Resource
}

// Pair matches the resources of the three inputs by identity. Triples come in the order each
// identity first appears, reading updated, then live, then original: the config's order first,
// as the result of an apply lists them.
//
// When no input holds more than one resource, resources without a complete identity are paired
// by position (byPosition); elsewhere such a resource is an error that names it.
func Pair(in Inputs) ([]Triple, error) {
	if len(in.Original) <= 1 && len(in.Updated) <= 1 && len(in.Live) <= 1 && !allComplete(in) {
		return byPosition(in)
	}
	most := max(len(in.Updated), len(in.Live), len(in.Original))
	// Triples by their identity's hash (worked out once per document split): a stream of
	// thousands of resources is paired at every key, and a map of identities hashed their four
	// strings again each time. Two identities that share a hash are told apart by a map of
	// identities, which then pairs all of them.
	byHash := newHashIndex(most)
	var byID map[ID]int
	triples := make([]Triple, 0, most)
	add := func(rs []*Resource, set func(*Triple, *Resource)) error {
		for _, r := range rs {
			if !r.ID.Complete() {
				return yamltree.ErrorAt(r.Root.Pos, "this resource has "+describeMissing(r.ID)+": in a stream of several resources each needs apiVersion, kind and metadata.name to be paired")
			}
			h := r.idHash()
			i, ok := byHash.find(h)
			if ok && triples[i].ID != r.ID && byID == nil {
				byID = make(map[ID]int, len(triples))
				for j, t := range triples {
					byID[t.ID] = j
				}
			}
			if byID != nil {
				i, ok = byID[r.ID]
			}
			if !ok {
				i = len(triples)
				byHash.add(h, i)
				if byID != nil {
					byID[r.ID] = i
				}
				triples = append(triples, Triple{ID: r.ID})
			}
			set(&triples[i], r)
		}
		return nil
	}
	if err := add(in.Updated, func(t *Triple, r *Resource) { t.Updated = r }); err != nil {
		return nil, err
	}
	if err := add(in.Live, func(t *Triple, r *Resource) { t.Live = r }); err != nil {
		return nil, err
	}
	if err := add(in.Original, func(t *Triple, r *Resource) { t.Original = r }); err != nil {
		return nil, err
	}
	return triples, nil
}

// byPosition pairs the single resources of the inputs, some without a complete identity, as one
// object, provided the complete identities among them name one object. Two that name different
// objects would pair by identity, and a resource without one could join either: it is an error
// that names it. Pairing them anyway made a merge that gives its result an identity pair
// otherwise the next time (a rename, say, with live the fragment "0:"), found by FuzzTwoWay.
func byPosition(in Inputs) ([]Triple, error) {
	t := Triple{Original: first(in.Original), Updated: first(in.Updated), Live: first(in.Live)}
	var named *Resource
	for _, r := range []*Resource{t.Updated, t.Live, t.Original} {
		if r == nil {
			continue
		}
		if t.ID == (ID{}) {
			t.ID = r.ID
		}
		if !r.ID.Complete() {
			continue
		}
		if named != nil && named.ID != r.ID {
			return nil, unpairable(t, named, r)
		}
		named = r
	}
	if t.Original == nil && t.Updated == nil && t.Live == nil {
		return nil, nil
	}
	return []Triple{t}, nil
}

// unpairable is the error of a resource without a complete identity beside two that name
// different objects, a and b.
func unpairable(t Triple, a, b *Resource) error {
	for _, r := range []*Resource{t.Updated, t.Live, t.Original} {
		if r != nil && !r.ID.Complete() {
			return yamltree.ErrorAt(r.Root.Pos, "this resource has "+describeMissing(r.ID)+", and the other inputs name two different objects ("+a.ID.String()+" at "+string(a.Root.Pos.Input)+", "+b.ID.String()+" at "+string(b.Root.Pos.Input)+"): it cannot be paired with either; give it apiVersion, kind and metadata.name")
		}
	}
	return nil
}

func allComplete(in Inputs) bool {
	for _, rs := range [][]*Resource{in.Original, in.Updated, in.Live} {
		for _, r := range rs {
			if !r.ID.Complete() {
				return false
			}
		}
	}
	return true
}

func first(rs []*Resource) *Resource {
	if len(rs) == 0 {
		return nil
	}
	return rs[0]
}
