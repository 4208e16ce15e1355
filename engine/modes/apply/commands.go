package apply

import (
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// printed is what kubectl apply prints for a resource after action: none prints unchanged for
// a resource of the config (its patch computed, and empty: typed) and nothing for one only live
// holds (false).
func printed(action Action, typed bool) (string, bool) {
	switch {
	case action == Create:
		return command.PrintedCreated, true
	case action == Patch:
		return command.PrintedConfigured, true
	case action == Prune:
		return command.PrintedPruned, true
	case action == Leave && typed:
		return command.PrintedUnchanged, true
	}
	return "", false
}

// commands is kubectl apply with the request's options, and its lines: the config's resources
// in the config's order, then the pruned ones (modes.Mode.Commands).
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	a := command.NewAnswer(in, resp)
	infos, _ := resp.Extra["patches"].(PatchInfos)
	var applied, pruned []string
	for _, p := range infos {
		word, ok := printed(p.Action, p.Type != "")
		if !ok {
			continue
		}
		name := p.printedName
		if name == "" { // a description made otherwise than by describe
			name = command.PrintedName(a.ID(p.Resource))
		}
		line := name + " " + word
		if p.Action == Prune {
			pruned = append(pruned, line)
		} else {
			applied = append(applied, line)
		}
	}
	cmd := contract.Command{Tool: "kubectl", Line: shell.Join(commandWords(a)...),
		About: "client-side apply: the three-way patch from last-applied, the config and live"}
	if len(a.Resp.Conflicts) > 0 {
		// kubectl stops on the resources in conflict and says so in a message holding the three
		// objects whole; the engine does not write that message (package doc).
		cmd.About += "; with --overwrite=false it stops on the fields that drifted"
		return []contract.Command{cmd}
	}
	cmd.Output = append(applied, pruned...)
	return []contract.Command{cmd}
}

// commandWords is the command line's words: kubectl apply -f config.yaml and the flags the
// options ask for (kubectl's defaults are left out).
func commandWords(a *command.Answer) []string {
	opts := a.In.Request.Options
	words := []string{"kubectl", "apply", "-f", command.ConfigFile}
	if !opts.Overwrite {
		words = append(words, "--overwrite=false")
	}
	if opts.Validate != "" && opts.Validate != contract.ValidateStrict {
		words = append(words, "--validate="+opts.Validate)
	}
	if opts.Prune {
		words = append(words, pruneWords(a)...)
	}
	return words
}

// pruneWords selects what --prune may delete: a label every config resource and every resource
// last-applied had shares (-l key=value), else --all; and the kinds it looks at, those of every
// resource of the three inputs (--prune-allowlist=group/version/Kind, "core" for the core group).
func pruneWords(a *command.Answer) []string {
	words := []string{"--prune"}
	if label, ok := sharedLabel(append(append([]*stream.Resource{}, a.In.Updated...), a.In.Original...)); ok {
		words = append(words, "-l", label)
	} else {
		words = append(words, "--all")
	}
	kinds := map[string]bool{}
	for _, id := range a.IDs() {
		group, version := command.SplitAPIVersion(id.APIVersion)
		if group == "" {
			group = "core"
		}
		kinds[group+"/"+version+"/"+id.Kind] = true
	}
	sorted := make([]string, 0, len(kinds))
	for k := range kinds {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		words = append(words, "--prune-allowlist="+k)
	}
	return words
}

// sharedLabel returns a label ("key=value", the first in key order) that every resource carries.
func sharedLabel(rs []*stream.Resource) (string, bool) {
	if len(rs) == 0 {
		return "", false
	}
	var shared []string
	for i, r := range rs {
		labels := map[string]bool{}
		if l := r.Root.Get("metadata").Get("labels"); l != nil && l.IsMap() {
			for _, f := range l.Fields {
				if f.Value.IsScalar() {
					labels[f.Name()+"="+f.Value.Str()] = true
				}
			}
		}
		if i == 0 {
			for l := range labels {
				shared = append(shared, l)
			}
			continue
		}
		kept := shared[:0]
		for _, l := range shared {
			if labels[l] {
				kept = append(kept, l)
			}
		}
		shared = kept
	}
	sort.Strings(shared)
	for _, l := range shared {
		if !strings.ContainsAny(l, ",!()") {
			return l, true
		}
	}
	return "", false
}
