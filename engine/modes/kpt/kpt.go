// Package kpt is the kpt mode: `kpt pkg update` of a package's local copy, then `kubectl apply`
// of that copy, the real kpt flow, as a history's step. kpt merges the upstream's change (its
// version the local copy was fetched at, original, to its new one, updated) into the local copy
// with kyaml's three-way merge (the merge3 mode); kubectl then applies the merged copy
// client-side (the apply mode) to the cluster's object (live). The answer is the apply's on the
// merged copy, with the merged copy itself (extra.localCopy) and both command lines.
//
// The local copy is the config last applied: live's kubectl.kubernetes.io/last-applied-
// configuration annotation, one per object. It is what the local copy held when it was last
// applied, which is how a history reaches this step (a kpt package fetched and applied, then
// updated); a request has no fourth input, and a copy edited but never applied cannot be said.
// The namespace kubectl apply wrote into the annotation is left out where upstream names none
// (the package's file had none). An object without the annotation is not the package's: it is left alone (kubectl apply of the
// copy does not name it).
//
// The mode composes the two modes' engines through the handler (modes.Input.Ask): the merge3
// request (original, updated, the local copy as live, options.inferKeys), then the apply
// request (last-applied read from live's annotation, the merged copy as the config, live,
// options.overwrite and validate). Not checked: kpt itself (its modules do not build here);
// scripts/conformance/historydiff composes kyaml's merge3 and kubectl's apply as the reference.
// A reproduce script does not run kpt either: it writes the merged copy to pkg/ and runs
// kubectl apply -f pkg/ (reproduce.go).
package kpt

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/apply"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the kpt mode, for the handler's registry.
func Mode() modes.Mode {
	m := writer.Mode(modes.Mode{
		Name:    "kpt",
		Short:   "kpt pkg update, kubectl apply",
		Title:   "kpt pkg update, then kubectl apply",
		Summary: "kpt pkg update then kubectl apply: upstream's change merged three-way into the local copy (the config last applied), which kubectl apply then sends.",
		Inputs: []modes.Role{
			{Input: yamltree.Original, Label: "upstream before", Hint: "the package's upstream at the version the local copy was fetched at"},
			{Input: yamltree.Updated, Label: "upstream after", Hint: "the package's upstream at the version kpt pkg update fetches"},
			{Input: yamltree.Live, Label: "live object", Hint: "the object in the cluster, with the last-applied annotation (the local copy)"},
		},
		Options: []modes.Option{
			{Key: "inferKeys", Label: "infer keys", Help: "kpt's merge guesses the merge key of lists no schema describes"},
			{Key: "overwrite", Label: "overwrite", Help: "kubectl apply --overwrite: replace values live changed since last-applied"},
			{Key: "validate", Label: "validate", Help: "kubectl apply --validate", Sent: true},
		},
		Commands: commands,
		Marks:    []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Dropped, contract.Retained, contract.Ignored, contract.Conflicted},
		Run:      run,
	})
	m.Folds = append(m.Folds, ".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration")
	m.Reproduce.Replay = replay
	return m
}

// The files the command lines name.
const (
	packageDir = "pkg"
	updateRef  = "main"
)

// run updates the local copy, then applies it.
func run(ctx context.Context, in *modes.Input) *contract.Response {
	local, err := localCopy(in)
	if err != nil {
		resp := contract.NewResponse()
		resp.AddError(string(yamltree.Live), err)
		return resp
	}
	opts := in.Request.Options
	mergeOpts := contract.DefaultOptions()
	mergeOpts.InferKeys, mergeOpts.Schema, mergeOpts.SchemaType, mergeOpts.Now = opts.InferKeys, opts.Schema, opts.SchemaType, opts.Now
	merged := in.Ask(ctx, &contract.Request{Mode: "merge3", Original: in.Request.Original, Updated: in.Request.Updated, Live: local, Options: mergeOpts})
	if len(merged.Errors) > 0 {
		return mergeFailed(merged)
	}
	applyOpts := opts
	applyOpts.InferKeys, applyOpts.Prune, applyOpts.MultiKeys = false, false, false
	resp := in.Ask(ctx, &contract.Request{Mode: "apply", Updated: merged.Result, Live: in.Request.Live, Options: applyOpts})
	resp.Extra["localCopy"] = merged.Result
	return resp
}

// localCopy is the local copy of the package: the config last applied of each object of live
// that has one, as YAML.
func localCopy(in *modes.Input) (string, error) {
	var docs []string
	for _, r := range in.Live {
		a := r.Root.Lookup("metadata", "annotations", apply.LastAppliedAnnotation)
		if a == nil || a.Str() == "" {
			continue
		}
		root, err := yamltree.ParseOne(yamltree.Live, a.Str(), yamltree.Options{Rules: yamltree.YAML11})
		if err != nil {
			return "", yamltree.ErrorAt(a.Pos, "the last-applied annotation, kpt's local copy, does not read: "+err.Error())
		}
		if !upstreamNamespaced(in, r.ID) {
			if meta := root.Get("metadata"); meta.IsMap() {
				meta.Delete("namespace")
			}
		}
		docs = append(docs, yamltree.EmitNode(root))
	}
	if len(docs) == 0 {
		return "", errors.New("no object of live has a last-applied annotation: kpt's local copy is the config last applied with kubectl apply (apply the package first)")
	}
	return strings.Join(docs, "---\n"), nil
}

// upstreamNamespaced reports whether upstream (before or after) names the object with its
// namespace. kubectl apply writes the namespace it sent the object to into the annotation, where
// the package's file had none: the local copy has none either, so that kyaml pairs it with
// upstream's object.
func upstreamNamespaced(in *modes.Input, id stream.ID) bool {
	for _, r := range append(append([]*stream.Resource{}, in.Original...), in.Updated...) {
		if r.ID.APIVersion == id.APIVersion && r.ID.Kind == id.Kind && r.ID.Name == id.Name && r.Root.Lookup("metadata", "namespace") != nil {
			return true
		}
	}
	return false
}

// mergeFailed is the answer when kpt pkg update fails: merge3's errors, those of its live said
// to be the local copy's.
func mergeFailed(merged *contract.Response) *contract.Response {
	resp := contract.NewResponse()
	for _, e := range merged.Errors {
		if e.Input == string(yamltree.Live) {
			e.Message = "the local copy (live's last-applied annotation), line " + strconv.Itoa(e.Line) + ": " + e.Message
			e.Line, e.Column = 0, 0
		}
		resp.Errors = append(resp.Errors, e)
	}
	resp.Refused = append(resp.Refused, contract.Refusal{Printed: "kpt pkg update failed: " + resp.Errors[0].Message, Errors: len(resp.Errors)})
	return resp
}

// commands is kpt pkg update, then the apply's commands (the handler wrote them into the
// apply's answer); the apply is not run when the update failed.
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	update := contract.Command{Tool: "kpt", Line: shell.Join("kpt", "pkg", "update", packageDir+"@"+updateRef, "--strategy", "resource-merge"),
		About: "kpt merges upstream's change into the local copy (kyaml's three-way merge: upstream before, upstream after, the local copy)"}
	if _, ok := resp.Extra["localCopy"]; !ok {
		return []contract.Command{update}
	}
	out := []contract.Command{update}
	for _, c := range resp.Commands {
		c.Line = strings.Replace(c.Line, "config.yaml", packageDir+"/", 1)
		out = append(out, c)
	}
	return out
}
