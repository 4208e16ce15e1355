package apply

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// sentAgainstStored makes the patch the one kubectl computes against live as the cluster returns
// it (modes.Input.LiveAsStored), when live as given is in another form (`cpu: 1` where the
// cluster returns "1", `value: ""` it returns without) and that patch, applied, stores the same
// object: kubectl then sends the values again and prints "configured" where the patch against
// live as given is empty (observed on kube-apiserver v1.37.2 with kubectl v1.37.2: make
// apiserver-diff seed 4, apply-2). The result and its marks stay those of live as given; the
// values sent again are noted on their marks (o.resent). Built-in kinds under options.apiServer
// on only.
func (o *outcome) sentAgainstStored(in *modes.Input) {
	live := root(o.triple.Live)
	if o.action != Patch || o.patchType != Strategic || o.result == nil || !in.Request.Options.ModelsAPIServer() {
		return
	}
	returned := in.LiveAsStored(o.triple.ID, live)
	if returned == live || (o.patch != nil && smp.SameAgainst(o.original, o.modified, live, returned, o.schema)) || yamltree.Equal(returned, live) {
		return // the patch against returned is the one against live: nothing is sent again
	}
	aligned := smp.Align(o.original, o.modified, returned, o.schema)
	patch, err := smp.ThreeWay(aligned)
	if err != nil {
		return
	}
	sent := patchTree(patch)
	if o.patch != nil && yamltree.Equal(sent, o.patch) {
		return
	}
	applied, err := smp.Apply(returned, patch, o.schema)
	if err != nil {
		return
	}
	same := func(a, b *yamltree.Node) bool {
		return yamltree.Equal(managed.ViewWithoutManagedFields(a), managed.ViewWithoutManagedFields(b))
	}
	if !same(in.Store(o.triple.ID, applied.Result, modes.PatchKeys).Root, o.storedOverPatched(in).Root) {
		return // the two patches store different objects: the answer stays live's as given
	}
	before := patchedPaths(o.applied, o.aligned)
	o.patch, o.resent = sent, map[string]string{}
	for p, path := range patchedPaths(applied, aligned) {
		if before[p] != nil || isKey(path) {
			continue
		}
		o.resent[p] = "; kubectl sends it all the same: a cluster returns live without it (the API server leaves an empty value out when it stores the object)"
		if n, ok := explain.Deepest(returned, path); ok {
			o.resent[p] = "; kubectl sends it all the same: a cluster returns live's value as " + explain.Short(n) + " (the form the API server stores)"
		}
		o.resent[p] += ", and kubectl's patch compares the config with what the cluster returns; the object stored does not change"
	}
}

// isKey reports whether path ends at a key field of the list item holding it (the patch names
// the item by it).
func isKey(path fieldpath.Path) bool {
	if len(path) < 2 {
		return false
	}
	for _, k := range path[len(path)-2].Keys {
		if k.Name == path[len(path)-1].Field {
			return true
		}
	}
	return false
}

// patchedPaths are the paths whose value a patch set or removed, by their text.
func patchedPaths(applied *smp.Outcome, aligned *smp.Aligned) map[string]fieldpath.Path {
	out := map[string]fieldpath.Path{}
	applied.Effects(aligned, func(*smp.Aligned) bool { return true }, func(e smp.Effect) {
		if e.Patch != nil {
			out[e.Path.String()] = e.Path
		}
	})
	return out
}

// noteResent adds their note to the marks of the values kubectl sends again (sentAgainstStored).
func (o *outcome) noteResent(fields []contract.Field) []contract.Field {
	if len(o.resent) == 0 {
		return fields
	}
	for i, f := range fields {
		if note := o.resent[f.Path]; note != "" && !strings.HasSuffix(f.Reason, note) {
			fields[i].Reason += note
		}
	}
	return fields
}
