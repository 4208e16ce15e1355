package command

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// patchCommands is one kubectl patch per patched resource, the patch as JSON, and its line:
// patched, or "patched (no change)" when the object came out as it was (the same JSON as live,
// list order included).
func patchCommands(a *answer) []contract.Command {
	changed := a.changedObjects()
	out := []contract.Command{}
	for _, resource := range a.resp.ResultResources {
		patch := a.patchOf(resource)
		if patch == nil {
			continue
		}
		text, err := yamltree.SortedJSON(patch.Root)
		if err != nil {
			continue
		}
		id := a.id(resource)
		words := []string{"kubectl", "patch", TypeArg(id), id.Name}
		if id.Namespace != "" {
			words = append(words, "-n", id.Namespace)
		}
		printed := printedNoChange
		if changed[resource] {
			printed = printedPatched
		}
		out = append(out, contract.Command{Tool: "kubectl", Line: shell.Join(append(words, "--type", "strategic", "-p", text)...),
			About: "a strategic merge patch, applied by the API server", Output: []string{Printed(id, printed)}})
	}
	return out
}

// changedObjects names the resources whose result is not live's object.
func (a *answer) changedObjects() map[string]bool {
	changed := map[string]bool{}
	docs, err := yamltree.Parse(yamltree.Input("result"), a.resp.Result, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil || len(docs) != len(a.resp.ResultResources) {
		return changed
	}
	live := map[string]string{}
	for _, r := range a.in.Live {
		live[r.ID.String()], _ = yamltree.SortedJSON(r.Root)
	}
	for i, d := range docs {
		text, _ := yamltree.SortedJSON(d.Root)
		changed[a.resp.ResultResources[i]] = text != live[a.resp.ResultResources[i]]
	}
	return changed
}

// patchOf returns the patch aimed at a resource: the updated document of its identity, or the
// one patch when one patch meets one live object.
func (a *answer) patchOf(resource string) *stream.Resource {
	for _, u := range a.in.Updated {
		if u.ID.String() == resource {
			return u
		}
	}
	if len(a.in.Updated) == 1 && len(a.in.Live) == 1 && a.in.Live[0].ID.String() == resource {
		return a.in.Updated[0]
	}
	return nil
}

// merge3Commands is the package update kpt runs with kyaml's three-way merge. kpt writes files;
// what it prints is not stated.
func merge3Commands(*answer) []contract.Command {
	return []contract.Command{{Tool: "kpt", Line: shell.Join("kpt", "pkg", "update", "PACKAGE@NEW_VERSION", "--strategy", "resource-merge"),
		About: "kpt rebases the local copy (live) on the new upstream (updated) from the old one (original); it changes the package's files, not the cluster"}}
}

// twowayCommands is helm upgrade, under Helm 2 (the result) and under Helm 3 (extra.threeWay).
func twowayCommands(*answer) []contract.Command {
	line := shell.Join("helm", "upgrade", "RELEASE", "CHART")
	return []contract.Command{
		{Tool: "helm", Line: line, About: "Helm 2: Tiller sends the two-way patch from the previous render to the new one (the result); live edits outside it stay"},
		{Tool: "helm", Line: line, About: "Helm 3: a three-way patch from the previous render, the new one and live, as kubectl apply sends (the Helm 3 side of the Helm 2 | Helm 3 tab)"},
	}
}
