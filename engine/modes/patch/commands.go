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
// list order included; the target's piece says, changedObject) (modes.Mode.Commands). Without a
// piece (the API server refused the patches, and the commands print nothing of the objects) the
// line is "patched (no change)".
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	a := command.NewAnswer(in, resp)
	patches, lives := patchesByResource(a), livesByResource(in)
	out := []contract.Command{}
	for _, resource := range a.Resp.ResultResources {
		patch := patchOf(a, patches, resource)
		if patch == nil {
			continue
		}
		text, changed := pieceFacts(in, patch, lives[resource])
		if text == "" {
			var err error
			if text, err = yamltree.SortedJSON(patch.Root); err != nil {
				continue
			}
		}
		id := a.ID(resource)
		words := []string{"kubectl", "patch", command.TypeArg(id), id.Name}
		if id.Namespace != "" {
			words = append(words, "-n", id.Namespace)
		}
		printed := command.PrintedNoChange
		if changed {
			printed = command.PrintedPatched
		}
		out = append(out, contract.Command{Tool: "kubectl", Line: shell.Join(append(words, "--type", "strategic", "-p", text)...),
			About: "a strategic merge patch, applied by the API server", Output: []string{command.Printed(id, printed)}})
	}
	return out
}

// pieceFacts returns a target's patch as JSON and whether the patch changed the object, from
// the piece this request kept for it (in.Memo); "" and false when it kept none.
func pieceFacts(in *modes.Input, patch, live *stream.Resource) (text string, changed bool) {
	v, _ := in.Memo.Kept(modes.Documents{Updated: patch.Root, Live: modes.RootOf(live)})
	if p, ok := v.(*piece); ok {
		return p.patch, p.changed
	}
	return "", false
}

// livesByResource returns live's resources by name.
func livesByResource(in *modes.Input) map[string]*stream.Resource {
	out := make(map[string]*stream.Resource, len(in.Live))
	for _, r := range in.Live {
		out[r.ID.String()] = r
	}
	return out
}

// patchesByResource returns the config's patches by the resource each names (the first, when
// two name one): named once, not again for every resource.
func patchesByResource(a *command.Answer) map[string]*stream.Resource {
	byID := make(map[string]*stream.Resource, len(a.In.Updated))
	for _, u := range a.In.Updated {
		if id := u.ID.String(); byID[id] == nil {
			byID[id] = u
		}
	}
	return byID
}

// patchOf returns the patch aimed at a resource: the updated document of its identity (byID),
// or the one patch when one patch meets one live object.
func patchOf(a *command.Answer, byID map[string]*stream.Resource, resource string) *stream.Resource {
	if u := byID[resource]; u != nil {
		return u
	}
	if len(a.In.Updated) == 1 && len(a.In.Live) == 1 && a.In.Live[0].ID.String() == resource {
		return a.In.Updated[0]
	}
	return nil
}
