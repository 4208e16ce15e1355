package patch

import (
	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// commands is one kubectl patch per patched resource, the patch as JSON, and its line:
// patched, or "patched (no change)" when the object came out as it was (the same JSON as live,
// list order included) (modes.Mode.Commands).
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	a := command.NewAnswer(in, resp)
	patches, lives := patchesByResource(a), livesByResource(in)
	var changed map[string]bool // from the whole result, for a resource without a piece
	out := []contract.Command{}
	for _, resource := range a.Resp.ResultResources {
		patch := patches(resource)
		if patch == nil {
			continue
		}
		text, isChanged, ok := pieceFacts(in, patch, lives[resource])
		if !ok {
			if changed == nil {
				changed = changedObjects(a)
			}
			var err error
			if text, err = yamltree.SortedJSON(patch.Root); err != nil {
				continue
			}
			isChanged = changed[resource]
		}
		id := a.ID(resource)
		words := []string{"kubectl", "patch", command.TypeArg(id), id.Name}
		if id.Namespace != "" {
			words = append(words, "-n", id.Namespace)
		}
		printed := command.PrintedNoChange
		if isChanged {
			printed = command.PrintedPatched
		}
		out = append(out, contract.Command{Tool: "kubectl", Line: shell.Join(append(words, "--type", "strategic", "-p", text)...),
			About: "a strategic merge patch, applied by the API server", Output: []string{command.Printed(id, printed)}})
	}
	return out
}

// pieceFacts returns a target's patch as JSON and whether the patch changed the object, from
// the piece this request kept for it (in.Memo): ok is false when it kept none, or the patch
// does not write as JSON.
func pieceFacts(in *modes.Input, patch, live *stream.Resource) (text string, changed, ok bool) {
	v, found := in.Memo.Kept(modes.Documents{Updated: patch.Root, Live: modes.RootOf(live)})
	p, isPiece := v.(*piece)
	if !found || !isPiece || p.patch == "" {
		return "", false, false
	}
	return p.patch, p.changed, true
}

// livesByResource returns live's resources by name.
func livesByResource(in *modes.Input) map[string]*stream.Resource {
	out := make(map[string]*stream.Resource, len(in.Live))
	for _, r := range in.Live {
		out[r.ID.String()] = r
	}
	return out
}

// changedObjects names the resources whose result is not live's object as a cluster stores it: a
// patch deleting a field the server defaults again changes nothing (kubectl prints "patched (no
// change)"; observed on kube-apiserver v1.37.2, make apiserver-diff seed 4, patch-13).
func changedObjects(a *command.Answer) map[string]bool {
	changed := map[string]bool{}
	docs, err := yamltree.Parse(yamltree.Input("result"), a.Resp.Result, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil || len(docs) != len(a.Resp.ResultResources) {
		return changed
	}
	live := map[string]string{}
	for _, r := range a.In.Live {
		live[r.ID.String()], _ = yamltree.SortedJSON(a.In.LiveAsStored(r.ID, r.Root))
	}
	for i, d := range docs {
		text, _ := yamltree.SortedJSON(d.Root)
		changed[a.Resp.ResultResources[i]] = text != live[a.Resp.ResultResources[i]]
	}
	return changed
}

// patchesByResource returns what finds the patch aimed at a resource: the updated document of
// its identity, or the one patch when one patch meets one live object. The documents are named
// once (a stream of thousands of patches would name each again for every resource).
func patchesByResource(a *command.Answer) func(resource string) *stream.Resource {
	byID := make(map[string]*stream.Resource, len(a.In.Updated))
	for _, u := range a.In.Updated {
		if id := u.ID.String(); byID[id] == nil {
			byID[id] = u
		}
	}
	return func(resource string) *stream.Resource {
		if u := byID[resource]; u != nil {
			return u
		}
		if len(a.In.Updated) == 1 && len(a.In.Live) == 1 && a.In.Live[0].ID.String() == resource {
			return a.In.Updated[0]
		}
		return nil
	}
}
