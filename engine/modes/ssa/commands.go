package ssa

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
)

// commands is kubectl apply --server-side (options.operation apply) or kubectl replace (update,
// a PUT of the whole object), by options.manager, and what it prints: each resource
// serverside-applied or replaced, and kubectl's message for the resources whose apply the API
// server refused on conflicts (modes.Mode.Commands).
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	a := command.NewAnswer(in, resp)
	opts := in.Request.Options
	ops, _ := resp.Extra["operations"].(Operations)
	if opts.Operation == "update" {
		return updateCommands(a, ops)
	}
	words := []string{"kubectl", "apply", "--server-side", "--field-manager=" + opts.Manager}
	if opts.Force {
		words = append(words, "--force-conflicts")
	}
	if opts.Validate != "" && opts.Validate != contract.ValidateStrict {
		words = append(words, "--validate="+opts.Validate)
	}
	cmd := contract.Command{Tool: "kubectl", Line: shell.Join(append(words, "-f", command.ConfigFile)...),
		About: "server-side apply: the API server merges the config and records who owns each field"}
	var refused []string
	index := NewRefusals(a)
	for _, op := range ops {
		switch op.Action {
		case Create, Apply:
			cmd.Output = append(cmd.Output, command.Printed(a.ID(op.Resource), command.PrintedServerSide))
		case Conflict:
			refused = append(refused, index.Of(op.Resource))
		}
	}
	cmd.Error = command.KubectlConflictError(refused)
	return []contract.Command{cmd}
}

// updateCommands is an update by options.manager: kubectl replace for the objects that exist,
// kubectl create for those that do not (a PUT of an object that does not exist fails).
func updateCommands(a *command.Answer, ops []Operation) []contract.Command {
	manager := "--field-manager=" + a.In.Request.Options.Manager
	replace := contract.Command{Tool: "kubectl", Line: shell.Join("kubectl", "replace", manager, "-f", command.ConfigFile),
		About: "an update (a PUT of the whole object): the fields it changes move to its manager"}
	create := contract.Command{Tool: "kubectl", Line: shell.Join("kubectl", "create", manager, "-f", command.NewFile),
		About: "the objects the cluster does not hold yet are created (new.yaml holds them)"}
	for _, op := range ops {
		switch op.Action {
		case Update:
			replace.Output = append(replace.Output, command.Printed(a.ID(op.Resource), command.PrintedReplaced))
		case Create:
			create.Output = append(create.Output, command.Printed(a.ID(op.Resource), command.PrintedCreated))
		}
	}
	replaces, creates := len(replace.Output) > 0, len(create.Output) > 0
	if len(ops) == 0 { // refused by the API server (command.For): by what live holds
		replaces, creates = heldOrNot(a.In)
	}
	out := []contract.Command{}
	if replaces || !creates {
		out = append(out, replace)
	}
	if creates {
		out = append(out, create)
	}
	return out
}

// heldOrNot reports whether live holds some of the config's objects, and whether it lacks some.
func heldOrNot(in *modes.Input) (held, lacked bool) {
	for _, r := range in.Updated {
		found := false
		for _, l := range in.Live {
			found = found || l.ID == r.ID
		}
		held, lacked = held || found, lacked || !found
	}
	return held, lacked
}

// Refusals are an answer's conflicts and managedFields by resource, read once for the API
// server's refusals of every resource (a stream of thousands of resources in conflict would read
// them all again for each): kubectl prints them, Helm 4 too, after its own words.
type Refusals struct {
	a         *command.Answer
	entries   map[string][]EntryExtra
	conflicts map[string][]contract.Conflict
}

// NewRefusals indexes an answer's conflicts and managedFields by resource.
func NewRefusals(a *command.Answer) Refusals {
	r := Refusals{a: a, entries: map[string][]EntryExtra{}, conflicts: map[string][]contract.Conflict{}}
	all, _ := a.Resp.Extra["managedFields"].(ManagedFieldsList)
	for _, mf := range all {
		r.entries[mf.Resource] = append(r.entries[mf.Resource], mf.Entries...)
	}
	for _, c := range a.Resp.Conflicts {
		r.conflicts[c.Resource] = append(r.conflicts[c.Resource], c)
	}
	return r
}

// Of is the API server's refusal of one resource's apply, from the conflicts the mode found and
// the owners' managedFields entries.
func (r Refusals) Of(resource string) string {
	entries := map[ownerKey]EntryExtra{}
	for _, e := range r.entries[resource] {
		entries[ownerKey{e.Manager, strings.ToLower(e.Operation), e.Subresource}] = e
	}
	var conflicts []command.Conflict
	for _, c := range r.conflicts[resource] {
		e, ok := entries[ownerKey{c.Manager, strings.ToLower(c.Operation), c.Subresource}]
		if !ok {
			// before-first-apply has no entry in live: the server names the object's version.
			e = EntryExtra{APIVersion: r.a.ID(resource).APIVersion}
		}
		conflicts = append(conflicts, command.Conflict{Manager: c.Manager, Operation: c.Operation, Subresource: c.Subresource,
			APIVersion: e.APIVersion, Path: c.Path})
	}
	return command.ServerConflictMessage(conflicts)
}

// ownerKey finds a managedFields entry: manager, operation in lower case, subresource.
type ownerKey struct{ manager, operation, subresource string }
