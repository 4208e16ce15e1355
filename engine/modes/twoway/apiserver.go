package twoway

import (
	"time"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The field managers of the two upgrades. Neither Helm sends a fieldManager with its requests,
// so the API server names the manager after the first word of the request's User-Agent
// (observed on kube-apiserver v1.37.2: engine/modes/writer/testdata/observed.txt, sequence E).
// Helm 2's Tiller sends client-go's default User-Agent, which begins with the binary's name,
// "tiller/v2.17.0 (linux/amd64) kubernetes/..." (client-go's documented default, not observed
// from Tiller itself); Helm 3 since v3.7.0 writes as "helm" (helm/helm#9870; observed with helm
// v3.21.4 on kube-apiserver v1.37.2, 2026-12-06: an Update entry of helm,
// engine/modes/helm/testdata/observed.txt), and before that as Go's net/http default,
// "Go-http-client" (helm/helm#9859).
const (
	ManagerTiller = "tiller"
	ManagerHelm3  = "helm"
)

// recordManagers writes into both results, as stored, the managedFields the API server leaves after each
// upgrade's request (managed.Written): an Update by Tiller (the two-way result) and by Helm 3
// (the three-way result), which gains what its patch changed, or every field of an object it
// creates; a live object without managedFields stays without them.
func (u *upgraded) recordManagers(in *modes.Input, now time.Time) error {
	if u.action != Create && u.action != Patch {
		return nil
	}
	typ := in.Schema.Root(u.triple.ID.APIVersion, u.triple.ID.Kind)
	var live *yamltree.Node
	if u.triple.Live != nil {
		live = in.LiveAsStored(u.triple.ID, u.triple.Live.Root)
	}
	for _, w := range []struct {
		result  *yamltree.Node
		manager string
	}{{u.stored.Root, ManagerTiller}, {u.three, ManagerHelm3}} {
		if w.result == nil {
			continue
		}
		if err := managed.Written(managed.Write{Type: typ, Zero: in.Zero(u.triple.ID), Live: live, Result: w.result, Manager: w.manager, Now: now}); err != nil {
			return err
		}
	}
	return nil
}

// store works out the objects the API server stores: the two-way result less what the kind's Go
// type does not store (package apiserver), when Helm 2 sends it; the three-way result too, which
// Helm 3 would send, and the live edits left out of sync between the two as stored.
func (u *upgraded) store(in *modes.Input) {
	u.stored = apiserver.Stored{Root: u.two}
	if !u.sent() {
		return
	}
	u.stored = in.StoreOverPatched(u.triple, u.two, modes.RootOf(u.triple.Updated))
	if u.three != nil {
		u.three = in.StoreOverPatched(u.triple, u.three, modes.RootOf(u.triple.Updated)).Root
		if u.action == Patch {
			u.outOfSync = drifts(u.stored.Root, u.three, u.schema)
		}
	}
}

// sent reports whether Helm 2 sends the resource: created, or patched by a patch that is not
// empty.
func (u *upgraded) sent() bool {
	return u.action == Create || (u.action == Patch && u.twoPatch != nil && len(u.twoPatch.Fields) > 0)
}

// refuse adds the API server's refusal of the object Helm 2's upgrade would store, the two-way
// result (package apiserver); nothing for a resource Helm deletes or leaves alone, nor for one
// whose two-way patch is empty: Helm sends no request then (it logs "Looks like there are no
// changes" and goes on), so a live object the server would refuse as it stands is not refused.
func (u *upgraded) refuse(in *modes.Input, resp *contract.Response) {
	if u.sent() {
		in.Refuse(resp, u.triple, u.stored)
	}
}
