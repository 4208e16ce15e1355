package helm

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/shell"
)

// ChartDir is the chart the commands install: one template, the new render verbatim.
const ChartDir = "./chart"

// commands is helm install (no previous render) or helm upgrade, and the lines Helm prints that
// say what it did: the release, its namespace and status (the time and the revision, which the
// engine does not know, left out); or Helm's error (modes.Mode.Commands).
func (v version) commands(in *modes.Input, resp *contract.Response) []contract.Command {
	rel := releaseOf(in)
	verb, about := "install", "helm install: each object of the chart created"
	if upgrading(in) {
		verb, about = "upgrade", "helm upgrade: the three-way patch from the previous render, the new one and live, sent by helm; the objects the new render drops deleted"
	}
	words := []string{"helm", verb, rel.name, ChartDir, "-n", rel.namespace}
	if v == helm4 {
		words, about = v.flags(in, words, verb)
	}
	cmd := contract.Command{Tool: "helm", Line: shell.Join(words...), About: about}
	if len(resp.Conflicts) > 0 {
		cmd.Error = "Error: " + failed(in) + ": " + conflictError(in, resp)
		return []contract.Command{cmd}
	}
	if verb == "upgrade" {
		cmd.Output = append(cmd.Output, `Release "`+rel.name+`" has been upgraded. Happy Helming!`)
	}
	cmd.Output = append(cmd.Output, "NAME: "+rel.name, "NAMESPACE: "+rel.namespace, "STATUS: deployed")
	if v == helm4 {
		cmd.Output = append(cmd.Output, "DESCRIPTION: "+strings.ToUpper(verb[:1])+verb[1:]+" complete")
	}
	return []contract.Command{cmd}
}

// flags are Helm 4's flags on the command line, and what the command does.
func (v version) flags(in *modes.Input, words []string, verb string) ([]string, string) {
	opts := in.Request.Options
	if opts.ServerSide != "" && opts.ServerSide != contract.ServerSideAuto {
		words = append(words, "--server-side="+opts.ServerSide)
	}
	if opts.Force {
		words = append(words, "--force-conflicts")
	}
	deletes := ""
	if verb == "upgrade" {
		deletes = "; the objects the new render drops deleted"
	}
	if methodOf(in) == serverSide {
		return words, "helm " + verb + " under Helm 4: a server-side apply of the new render by helm" + deletes
	}
	return words, "helm " + verb + " under Helm 4, client-side: Helm 3's create or three-way patch, sent by helm" + deletes
}

// conflictError is Helm 4's error when the API server refuses its apply on conflicts, one line
// a resource (observed): "conflict occurred while applying object NAMESPACE/NAME APIVERSION,
// Kind=KIND: " and the API server's message.
func conflictError(in *modes.Input, resp *contract.Response) string {
	a := command.NewAnswer(in, resp)
	refusals := ssa.NewRefusals(a)
	var out []string
	seen := map[string]bool{}
	for _, c := range resp.Conflicts {
		if seen[c.Resource] {
			continue
		}
		seen[c.Resource] = true
		id := a.ID(c.Resource)
		out = append(out, "conflict occurred while applying object "+id.Namespace+"/"+id.Name+" "+id.APIVersion+", Kind="+id.Kind+
			": "+refusals.Of(c.Resource))
	}
	return strings.Join(out, "\n")
}
