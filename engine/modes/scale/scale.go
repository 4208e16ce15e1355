// Package scale is the scale mode: `kubectl scale TYPE/NAME --replicas=N` on every object of
// live, an update of spec.replicas through the scale subresource by options.manager ("kubectl",
// kubectl scale's own), answered as the ssa mode answers an update (ssa.Write).
//
// Observed with kubectl and kube-apiserver v1.37.2 (engine/modes/writer/testdata/observed.txt):
// the manager's entry is an Update with subresource scale, owning spec.replicas, and carries no
// time; the field leaves every other owner (a server-side applier of replicas then conflicts with
// "kubectl" with subresource "scale"); scaling to the count live holds changes nothing and adds
// no entry, though kubectl still prints "scaled"; a negative count is refused by kubectl, and a
// kind without a scale subresource by the API server (NotFound).
package scale

import (
	"context"
	"errors"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the scale mode, for the handler's registry.
func Mode() modes.Mode {
	return writer.Mode(modes.Mode{
		Name:    "scale",
		Short:   "kubectl scale",
		Title:   "kubectl scale",
		Summary: "kubectl scale: spec.replicas set through the scale subresource, by the manager kubectl, who then owns it.",
		Inputs:  []modes.Role{{Input: yamltree.Live, Label: "live object", Hint: "the object to scale, with its managedFields"}},
		Options: []modes.Option{
			{Key: "replicas", Label: "replicas", Help: "--replicas: the count", Placeholder: "3", Size: 4},
			{Key: "manager", Label: "manager", Help: "--field-manager (kubectl scale's own: kubectl)"},
			{Key: "now", Label: "time", Help: "the time written into managedFields, RFC 3339 (empty: now); an update through scale writes none", Placeholder: "now", Size: 20},
		},
		Commands: commands,
		Marks:    []contract.Mark{contract.Changed, contract.Retained, contract.Ignored, contract.Added},
		Run:      run,
	})
}

// scalable are the built-in kinds with a scale subresource, by apiVersion and kind.
var scalable = map[[2]string]bool{
	{"apps/v1", "Deployment"}: true, {"apps/v1", "ReplicaSet"}: true, {"apps/v1", "StatefulSet"}: true,
	{"v1", "ReplicationController"}: true,
}

// run scales every object of live.
func run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	count, err := Replicas(in.Request.Options.Replicas)
	if err != nil {
		resp.AddError("request", err)
		return resp
	}
	if len(in.Live) == 0 {
		resp.AddError(string(yamltree.Live), errors.New("kubectl scale acts on an object the cluster holds: live is empty (the API server answers NotFound)"))
		return resp
	}
	var sent []*stream.Resource
	for _, r := range in.Live {
		if !scalable[[2]string{r.ID.APIVersion, r.ID.Kind}] {
			writer.Refuse(resp, yamltree.Live, r.Root.Pos, r.ID.APIVersion+" "+r.ID.Kind+" has no scale subresource (only Deployment, ReplicaSet, StatefulSet and ReplicationController among the built-in kinds): the API server answers NotFound",
				"Error from server (NotFound): the server could not find the requested resource")
			continue
		}
		sent = append(sent, writer.Sent(r, withReplicas(r.Root, count)))
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	return ssa.Write(in, ssa.Writer{Manager: in.Request.Options.Manager, Subresource: contract.SubresourceScale, Objects: sent})
}

// Replicas reads options.replicas as kubectl reads --replicas: a count, 0 or more.
func Replicas(text string) (int, error) {
	n, err := strconv.Atoi(text)
	switch {
	case text == "":
		return 0, errors.New("options.replicas: kubectl scale needs --replicas=COUNT (error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0)")
	case err != nil:
		return 0, errors.New("options.replicas: " + strconv.Quote(text) + " is not a count (kubectl: invalid argument " + strconv.Quote(text) + " for \"--replicas\" flag)")
	case n < 0 || n > 1<<31-1:
		return 0, errors.New("options.replicas: error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0")
	}
	return n, nil
}

// withReplicas is obj with spec.replicas set to count.
func withReplicas(obj *yamltree.Node, count int) *yamltree.Node {
	out := obj.Clone()
	spec := out.Get("spec")
	if !spec.IsMap() {
		spec = yamltree.NewMap()
		out.Set("spec", spec)
	}
	spec.Set("replicas", yamltree.NewScalar(yamltree.IntTag, strconv.Itoa(count)))
	return out
}

// commands is kubectl scale, one per object, each printing "TYPE/NAME scaled".
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	opts := in.Request.Options
	var out []contract.Command
	for _, r := range in.Live {
		words := append([]string{"kubectl", "scale"}, writer.Target(r.ID)...)
		words = append(words, "--replicas="+opts.Replicas)
		if opts.Manager != writer.ManagerScale {
			words = append(words, "--field-manager="+opts.Manager)
		}
		out = append(out, contract.Command{Tool: "kubectl", Line: shell.Join(words...),
			About:  "an update of spec.replicas through the scale subresource: " + opts.Manager + " owns it afterwards",
			Output: scaled(r.ID, resp)})
	}
	return out
}

// scaled is what kubectl scale prints for an object it scaled (nothing when it failed).
func scaled(id stream.ID, resp *contract.Response) []string {
	if len(resp.Errors) > 0 {
		return nil
	}
	return []string{command.Printed(id, "scaled")}
}
