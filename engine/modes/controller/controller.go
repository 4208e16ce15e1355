// Package controller is the controller mode: a controller's update of an object (an autoscaler,
// a mutating controller adding a sidecar, a status writer), by a named manager (options.manager),
// optionally through a subresource (options.subresource), answered as the ssa mode answers an
// update (ssa.Write). The config (updated) is the object the controller sends:
//
//	subresource | what the update stores
//	------------|-------------------------------------------------------------------------------
//	(none)      | the config, whole, in place of live's (a PUT; live lacking it, a create)
//	status      | live with the config's status (none when the config has none)
//	scale       | live with the config's spec.replicas (the scale subresource carries no more)
//
// Observed with kube-apiserver v1.37.2 (engine/modes/writer/testdata/observed.txt): the entry
// records the subresource; an update through scale carries no time, one through status does. Not
// modelled: the fields the API server resets on each path (a status sent to the object itself,
// which the API server ignores for kinds with a status subresource).
package controller

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the controller mode, for the handler's registry.
func Mode() modes.Mode {
	return writer.Mode(modes.Mode{
		Name:    "controller",
		Short:   "a controller's update",
		Title:   "a controller's update",
		Summary: "A controller's update (an HPA on scale, a sidecar injector, a status writer): the object it sends, by its manager, who then owns what it changed.",
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "object sent", Hint: "the object the controller writes (for status or scale: what it sets there)"},
			{Input: yamltree.Live, Label: "live object", Hint: "with metadata.managedFields"},
		},
		Options: []modes.Option{
			{Key: "manager", Label: "manager", Help: "the controller's field manager (kube-controller-manager for the HPA)"},
			{Key: "subresource", Label: "subresource", Help: "none (the object), status or scale"},
			writer.TimeOption,
		},
		Commands:  commands,
		Reproduce: modes.Reproduction{Replay: replay},
		Marks:     []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Retained, contract.Ignored},
		Run:       run,
	})
}

// run sends the controller's objects.
func run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	sub := in.Request.Options.Subresource
	live := map[stream.ID]*stream.Resource{}
	for _, r := range in.Live {
		live[r.ID] = r
	}
	sent := make([]*stream.Resource, 0, len(in.Updated))
	for _, r := range in.Updated {
		l := live[r.ID]
		switch {
		case sub == "":
			sent = append(sent, r)
		case l == nil:
			writer.Refuse(resp, yamltree.Updated, r.Root.Pos, "live lacks "+r.ID.String()+": an update through its "+sub+" subresource needs the object",
				"Error from server (NotFound): "+writer.ResourceName(r.ID)+` "`+r.ID.Name+`" not found`)
		default:
			sent = append(sent, writer.Sent(l, through(sub, l.Root, r.Root)))
		}
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	if len(sent) == 0 {
		resp.AddError(string(yamltree.Updated), errors.New("the controller sends nothing: the config holds no object"))
		return resp
	}
	return ssa.Write(in, ssa.Writer{Manager: in.Request.Options.Manager, Subresource: sub, Objects: sent})
}

// through is the object an update through subresource sub stores: live with what the
// subresource carries taken from config.
func through(sub string, live, config *yamltree.Node) *yamltree.Node {
	out := live.Clone()
	switch sub {
	case contract.SubresourceStatus:
		if status := config.Get("status"); status != nil {
			out.Set("status", status.Clone())
		} else {
			out.Delete("status")
		}
	case contract.SubresourceScale:
		replicas := config.Lookup("spec", "replicas")
		spec := out.Get("spec")
		switch {
		case replicas != nil && spec.IsMap():
			spec.Set("replicas", replicas.Clone())
		case replicas != nil:
			spec = yamltree.NewMap()
			spec.Set("replicas", replicas.Clone())
			out.Set("spec", spec)
		case spec.IsMap():
			spec.Delete("replicas")
		}
	}
	return out
}

// commands is the controller's request: no command line, the HTTP request it sends.
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	opts := in.Request.Options
	var out []contract.Command
	held := map[stream.ID]bool{}
	for _, r := range in.Live {
		held[r.ID] = true
	}
	for _, r := range in.Updated {
		verb, path := "PUT", writer.APIPath(r.ID, opts.Subresource)
		if !held[r.ID] && opts.Subresource == "" {
			verb, path = "POST", strings.TrimSuffix(path, "/"+r.ID.Name) // a create names the collection
		}
		out = append(out, contract.Command{Tool: "controller",
			Line:  verb + " " + path + "?fieldManager=" + opts.Manager,
			About: "the controller's update, as the API server receives it (no command line: a controller sends it)"})
	}
	return out
}

// replay sends each request as the controller does, through kubectl's raw requests: `kubectl
// replace --raw PATH?fieldManager=M` (a PUT) of the object, or of the Scale object the scale
// subresource takes (autoscaling/v1, the config's spec.replicas), and `kubectl create --raw` (a
// POST) of an object live lacks. The body carries no resourceVersion: the update is
// unconditional, as a controller's read-modify-write is when nothing came in between.
func replay(in *modes.Input, resp *contract.Response) ([]modes.Replayed, error) {
	out := make([]modes.Replayed, 0, len(resp.Commands))
	for i, c := range resp.Commands {
		if i >= len(in.Updated) {
			break
		}
		body := in.Updated[i].Root
		if in.Request.Options.Subresource == contract.SubresourceScale {
			body = scaleObject(in.Updated[i])
		}
		text, err := yamltree.SortedJSON(body)
		if err != nil {
			return nil, err
		}
		verb, uri, _ := strings.Cut(c.Line, " ")
		kubectl := map[string]string{"PUT": "replace", "POST": "create"}[verb]
		file := "controller-" + strconv.Itoa(i+1) + ".json"
		out = append(out, modes.Replayed{Files: []modes.File{{Name: file, Text: text + "\n"}},
			Line: shell.Join("kubectl", kubectl, "--raw", uri, "-f", file)})
	}
	return out, nil
}

// scaleObject is the Scale object (autoscaling/v1) an update through the scale subresource of r
// sends: its name and namespace, and the config's spec.replicas.
func scaleObject(r *stream.Resource) *yamltree.Node {
	meta := yamltree.NewMap()
	meta.Set("name", yamltree.NewString(r.ID.Name))
	if r.ID.Namespace != "" {
		meta.Set("namespace", yamltree.NewString(r.ID.Namespace))
	}
	spec := yamltree.NewMap()
	if replicas := r.Root.Lookup("spec", "replicas"); replicas != nil {
		spec.Set("replicas", replicas.Clone())
	}
	scale := yamltree.NewMap()
	scale.Set("apiVersion", yamltree.NewString("autoscaling/v1"))
	scale.Set("kind", yamltree.NewString("Scale"))
	scale.Set("metadata", meta)
	scale.Set("spec", spec)
	return scale
}
