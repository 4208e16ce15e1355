package twoway

import (
	"context"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/modes"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the twoway mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:    "twoway",
		Summary: "Helm 2's two-way merge beside the three-way one: what drift it leaves behind, and the repair",
		Rules:   yamltree.YAML11,
		Reads:   []yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live},
		Run:     Run,
	}
}

// Action is what the upgrade does with one resource.
type Action string

// The actions.
const (
	Create Action = "create"
	Patch  Action = "patch"
	Delete Action = "delete"
	Leave  Action = "none"
)

// upgraded is one resource and both upgrades of it.
type upgraded struct {
	triple    stream.Triple
	action    Action
	schema    smp.Schema // nil: JSON merge patches
	twoPatch  *yamltree.Node
	two       *yamltree.Node // the two-way result (nil when deleted)
	three     *yamltree.Node // the three-way result
	repair    *yamltree.Node // the patch that brings two into line with the new render
	outOfSync []drift
	threeErr  error // why the three-way upgrade fails (three is then nil)
}

// Run upgrades every resource both ways.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	triples, err := stream.Pair(stream.Inputs{Original: in.Original, Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	var done []*upgraded
	for _, t := range triples {
		u, err := upgrade(t, in.PatchSchema(t.ID))
		if err != nil {
			resp.AddError(inputOf(t), err)
			continue
		}
		done = append(done, u)
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	respond(resp, done)
	return resp
}

// upgrade runs both upgrades on one resource.
func upgrade(t stream.Triple, sch smp.Schema) (*upgraded, error) {
	u := &upgraded{triple: t, schema: sch}
	switch {
	case t.Updated == nil && t.Live != nil && t.Original != nil:
		u.action = Delete
		return u, nil
	case t.Updated == nil:
		u.action = Leave
		if t.Live != nil {
			u.two, u.three = t.Live.Root.Clone(), t.Live.Root.Clone()
		}
		return u, nil
	case t.Live == nil:
		u.action = Create
		u.two, u.three = t.Updated.Root.Clone(), t.Updated.Root.Clone()
		return u, nil
	case t.Original == nil:
		return nil, notInRelease(t.Updated)
	}
	u.action = Patch
	original := root(t.Original)
	var err error
	if u.twoPatch, err = twoWayPatch(original, t.Updated.Root, sch); err != nil {
		return nil, err
	}
	if u.two, err = applyPatch(t.Live.Root, u.twoPatch, sch); err != nil {
		return nil, err
	}
	// The three-way upgrade is only the comparison: Helm 2 never computed it. When it fails
	// (the API server would refuse Helm 3's patch, e.g. a $setElementOrder over a list with a
	// merge key twice), the two-way upgrade still stands; the failure becomes a warning and the
	// resource is left out of extra.threeWay.
	threePatch, err := threeWayPatch(original, t.Updated.Root, t.Live.Root, sch)
	if err == nil {
		u.three, err = applyPatch(t.Live.Root, threePatch, sch)
	}
	if err != nil {
		u.three, u.threeErr = nil, err
	}
	if u.repair, err = threeWayPatch(t.Updated.Root, t.Updated.Root, u.two, sch); err != nil {
		if u.threeErr == nil {
			return nil, err
		}
		// The repair patch is a three-way patch too, and fails when Helm 3's does (an item of
		// a merged list without its merge key): the two-way result still stands, without a
		// repair, and the three-way failure's warning says why.
		u.repair = nil
	}
	if u.three != nil {
		u.outOfSync = drifts(u.two, u.three, sch)
	}
	return u, nil
}

// notInRelease is Helm 2's refusal of an object that the new render and the cluster hold but the
// previous release does not: the upgrade has nothing to patch it from, so it stops there with
// Helm's message (Helm 3 stops on the same check).
func notInRelease(r *stream.Resource) error {
	const why = "is in the cluster and in the new render but not in the previous release, so Helm 2 " +
		"has nothing to patch it from (add it to the previous render, or remove it from live, to see the upgrade)"
	if r.ID.Kind == "" && r.ID.Name == "" {
		return yamltree.Errorf(r.Root.Pos, "the upgrade fails here, as Helm 2's does: the object %s", why)
	}
	return yamltree.Errorf(r.Root.Pos, "the upgrade fails here, as Helm 2's does: no %s with the name %q found. %s %q %s",
		r.ID.Kind, r.ID.Name, r.ID.Kind, r.ID.Name, why)
}

func twoWayPatch(original, updated *yamltree.Node, sch smp.Schema) (*yamltree.Node, error) {
	// Helm 2's createPatch sends no patch at all when the two renders are the same data (it
	// compares their JSON before calling CreateTwoWayMergePatch). The comparison matters: for
	// a list of primitives in an unsorted order, CreateTwoWayMergePatch (which sorts the
	// original's list in place) yields a $setElementOrder even between equal renders, and that
	// would reorder live's list.
	if original != nil && yamltree.Equal(original, updated) {
		return yamltree.NewMap(), nil
	}
	if sch == nil {
		p, err := jsonmerge.TwoWay(orEmpty(original), updated)
		return p, helmError(err)
	}
	p, err := smp.TwoWay(original, updated, sch)
	return p, helmError(err)
}

func threeWayPatch(original, updated, live *yamltree.Node, sch smp.Schema) (*yamltree.Node, error) {
	if sch == nil {
		p, err := jsonmerge.ThreeWay(original, updated, live, true)
		return p, helmError(err)
	}
	p, _, err := smp.ThreeWay(original, updated, live, sch, true)
	return p, helmError(err)
}

func applyPatch(live, patch *yamltree.Node, sch smp.Schema) (*yamltree.Node, error) {
	if len(patch.Fields) == 0 {
		return live.Clone(), nil
	}
	if sch == nil {
		r, err := jsonmerge.Apply(live, patch)
		return r, helmError(err)
	}
	r, err := smp.Apply(live, patch, sch)
	return r, helmError(err)
}

func helmError(err error) error {
	if err == nil {
		return nil
	}
	return smp.Located(err, "the upgrade fails here: ")
}

func orEmpty(n *yamltree.Node) *yamltree.Node {
	if n == nil {
		return yamltree.NewMap()
	}
	return n
}

func root(r *stream.Resource) *yamltree.Node {
	if r == nil {
		return nil
	}
	return r.Root
}

func inputOf(t stream.Triple) string {
	if t.Updated != nil {
		return string(yamltree.Updated)
	}
	return string(yamltree.Live)
}

// describe names a resource's identity for messages.
func describe(id stream.ID) string {
	if s := id.String(); s != "" {
		return s
	}
	return "the object"
}
