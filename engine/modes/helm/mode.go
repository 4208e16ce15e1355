package helm

import (
	"context"
	"errors"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// version is one of the two Helms: its major version and how it sends.
type version int

// The Helms.
const (
	helm3 version = 3
	helm4 version = 4
)

var releaseOption = modes.Option{Key: "release", Label: "release", Help: "the release name (empty: the first object's name)", Placeholder: "web", Size: 12}

// Helm3Mode is the helm3 mode, for the handler's registry.
func Helm3Mode() modes.Mode {
	return helm3.mode("helm3", "Helm 3",
		"helm install / upgrade under Helm 3: the object created, or the three-way patch from the previous render, the new one and live, sent by helm (an update); the objects the new render drops deleted (unless helm.sh/resource-policy: keep); an object the release does not own is refused.",
		[]modes.Option{releaseOption, writer.TimeOption})
}

// Helm4Mode is the helm4 mode, for the handler's registry.
func Helm4Mode() modes.Mode {
	return helm4.mode("helm4", "Helm 4",
		"helm install / upgrade under Helm 4: a server-side apply by helm (--server-side auto: an install, and an upgrade of a release so applied), or Helm 3's patch; conflicts unless --force-conflicts; the objects the new render drops deleted (unless helm.sh/resource-policy: keep).",
		[]modes.Option{releaseOption,
			{Key: "serverSide", Label: "--server-side", Help: "auto: an install applies server-side, an upgrade as the release was last applied (read from live: an Apply entry of helm); true; false: Helm 3's three-way patch"},
			{Key: "force", Label: "--force-conflicts", Help: "a server-side apply takes the fields other managers own"},
			writer.TimeOption})
}

func (v version) mode(name, title, summary string, options []modes.Option) modes.Mode {
	m := writer.Mode(modes.Mode{
		Name: name, Short: title, Title: title + ": helm install / upgrade", Summary: summary,
		Inputs: []modes.Role{
			{Input: yamltree.Original, Label: "previous render", Hint: "the release as last rendered (empty: helm install)"},
			{Input: yamltree.Updated, Label: "new render", Hint: "the chart's templates as rendered now"},
			{Input: yamltree.Live, Label: "live object", Hint: "the object in the cluster, with its managedFields"},
		},
		Options:  options,
		Commands: v.commands,
		Marks:    []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Retained, contract.Ignored, contract.Conflicted},
		Run:      v.run,
	})
	m.Again = modes.Again{Original: yamltree.Updated, Help: "The result becomes live and the new render becomes the previous one."}
	m.Reproduce.Replay, m.Reproduce.Kept = v.replay, v.kept
	return m
}

// run installs or upgrades the release's objects.
func (v version) run(_ context.Context, in *modes.Input) *contract.Response {
	rel := releaseOf(in)
	resp := contract.NewResponse()
	if incomplete(in, rel, resp); len(resp.Errors) > 0 {
		return resp
	}
	render := rel.stampAll(in.Updated)
	triples, err := stream.Pair(stream.Inputs{Original: in.Original, Updated: render, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	if rel.refuse(in, v, triples, resp); len(resp.Errors) > 0 {
		return resp
	}
	deletes := deletions(triples)
	var answer *contract.Response
	m := methodOf(in)
	if v == helm4 && m == serverSide {
		answer = v.serverSide(in, render, deletes)
	} else {
		m, answer = clientSideM, v.clientSide(in, triples, deletes, resp)
	}
	explainKept(answer, triples)
	return explain(answer, in, render, m)
}

// refuse refuses, as Helm does before it sends anything, an object of the new render that live
// holds but the release did not (no previous render of it) and whose metadata does not name the
// release. Helm 3 writes "Unable to continue", Helm 4 "unable to continue" (observed).
func (r release) refuse(in *modes.Input, v version, triples []stream.Triple, resp *contract.Response) {
	verb := "install"
	if upgrading(in) {
		verb = "update"
	}
	unable := "Unable"
	if v == helm4 {
		unable = "unable"
	}
	for _, t := range triples {
		if t.Updated != nil && t.Live != nil && t.Original == nil {
			if why := r.ownershipError(t.Live.Root); why != "" {
				printed := "Error: " + failed(in) + ": " + unable + " to continue with " + verb + ": " + resourceString(t.Updated.ID) +
					" exists and cannot be imported into the current release: " + why
				writer.Refuse(resp, yamltree.Updated, t.Updated.Root.Pos, "live holds "+t.Updated.ID.String()+", which the release "+
					r.name+" does not own: helm refuses it ("+why+")", printed)
			}
		}
	}
}

// incomplete refuses what Helm cannot build: an object of the new render without apiVersion,
// kind or metadata.name, and a release without a name (no options.release, and no object to
// take it from).
func incomplete(in *modes.Input, rel release, resp *contract.Response) {
	for _, r := range in.Updated {
		if !r.ID.Complete() {
			resp.AddError(string(yamltree.Updated), yamltree.ErrorAt(r.Root.Pos,
				"helm cannot build an object without apiVersion, kind and metadata.name: the render is refused"))
		}
	}
	if rel.name == "" && len(resp.Errors) == 0 {
		resp.AddError("request", errors.New("options.release: no object of the new render names the release: give its name"))
	}
}

// failed is the word Helm's error begins with: INSTALLATION FAILED or UPGRADE FAILED.
func failed(in *modes.Input) string {
	if upgrading(in) {
		return "UPGRADE FAILED"
	}
	return "INSTALLATION FAILED"
}

// clientSide sends each object as Helm 3 does (a create, or its patch), answered as the ssa
// mode answers an update by helm, and deletes the objects the new render dropped (deletes).
func (v version) clientSide(in *modes.Input, triples []stream.Triple, deletes []ssa.Deletion, resp *contract.Response) *contract.Response {
	var sent []*stream.Resource
	for _, t := range triples {
		p, err := clientSide(in, t)
		if err != nil {
			resp.AddError(string(yamltree.Updated), err)
			continue
		}
		switch p.action {
		case create:
			sent = append(sent, t.Updated)
		case patched:
			sent = append(sent, writer.Sent(t.Live, p.sent))
		}
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	return ssa.Write(in, ssa.Writer{Manager: Manager, Objects: sent, Deletes: deletes})
}

// serverSide applies the new render as Helm 4 does: a server-side apply by helm, forced when
// options.force says so (--force-conflicts), after moving helm's client-side fields into its
// Apply entry on the first server-side upgrade of a release applied client-side; then deletes
// the objects the new render dropped (deletes). The move is a request of its own: when the
// apply is then refused, the cluster keeps it (contract.AfterRefusal).
func (v version) serverSide(in *modes.Input, render []*stream.Resource, deletes []ssa.Deletion) *contract.Response {
	req := *in.Request
	req.Options.Operation, req.Options.Manager, req.Options.Client = "apply", Manager, contract.ClientServer
	sent := *in
	sent.Request, sent.Updated = &req, render
	moved := false
	if upgrading(in) && !releaseApplied(in) {
		var err error
		sent.Live, moved, err = withUpgradedManagers(in.Live, render)
		if err != nil {
			resp := contract.NewResponse()
			resp.AddError(string(yamltree.Live), err)
			return resp
		}
	}
	resp := ssa.ApplyDeleting(&sent, deletes)
	if moved && (len(resp.Conflicts) > 0 || resp.RefusedOnly()) {
		resp.Extra[contract.AfterRefusalKey] = contract.AfterRefusal{Result: emit(sent.Live), Reason: movedReason}
	}
	return resp
}
