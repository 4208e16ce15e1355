package patch

import (
	"context"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the patch mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:    "patch",
		Summary: "kubectl patch --type strategic: a strategic merge patch with its directives applied to live",
		Rules:   yamltree.YAML11,
		Reads:   []yamltree.Input{yamltree.Updated, yamltree.Live},
		Run:     Run,
	}
}

// patched is one target and what the patch made of it.
type patched struct {
	triple stream.Triple
	schema smp.Schema
	result *yamltree.Node
}

// Run applies each patch to its target.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	triples, err := stream.Pair(stream.Inputs{Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("updated", err)
		return resp
	}
	var done []*patched
	for _, t := range triples {
		p, err := patchOne(t, in)
		if err != nil {
			resp.AddError("updated", err)
			continue
		}
		done = append(done, p)
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	var docs []*yamltree.Document
	for _, p := range done {
		docs = append(docs, &yamltree.Document{Root: p.result})
		resp.ResultResources = append(resp.ResultResources, p.triple.ID.String())
	}
	text, layout := yamltree.Emit(docs)
	resp.Result = text
	var patches []string
	for _, p := range done {
		resp.Fields = append(resp.Fields, p.marks(layout)...)
		if p.triple.Updated != nil {
			if s, err := yamltree.SortedJSON(p.triple.Updated.Root); err == nil {
				patches = append(patches, s)
			}
		}
	}
	resp.Patch = strings.Join(patches, "\n")
	return resp
}

// patchOne applies one patch to its target.
func patchOne(t stream.Triple, in *modes.Input) (*patched, error) {
	p := &patched{triple: t}
	switch {
	case t.Updated == nil:
		p.result = t.Live.Root.Clone()
		return p, nil
	case t.Live == nil:
		return nil, yamltree.Errorf(t.Updated.Root.Pos, "this patch targets %s, which live does not hold: kubectl patch answers NotFound", describe(t.ID))
	}
	if p.schema = in.PatchSchema(t.ID); p.schema == nil {
		return nil, yamltree.Errorf(t.Updated.Root.Pos, "%s is a custom resource (no strategic merge schema): the API server accepts no strategic merge patch for it and kubectl patch --type strategic fails with 415 Unsupported Media Type; use --type merge", describe(t.ID))
	}
	result, err := smp.Apply(t.Live.Root, t.Updated.Root, p.schema)
	if err != nil {
		return nil, smp.Located(err, "the API server rejects this patch: ")
	}
	p.result = result
	return p, nil
}

func describe(id stream.ID) string {
	if s := id.String(); s != "" {
		return s
	}
	return "the object"
}

// marks explains one target.
func (p *patched) marks(layout *yamltree.Layout) []contract.Field {
	w := &explain.Walker{Resource: p.triple.ID.String(), Layout: layout, Reasons: reasons{}}
	if p.triple.Updated == nil {
		w.Mark(nil, contract.Ignored, layout.Line(p.result), w.EndLine(p.result), "no patch targets this object: it stays as it is")
		return w.Fields()
	}
	w.Object(explain.Versions{Updated: p.triple.Updated.Root, Live: p.triple.Live.Root, Result: p.result}, p.schema)
	return w.Fields()
}
