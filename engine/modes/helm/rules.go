package helm

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules of Helm's marks: why the step set, kept or removed a field of an object of the
// release, read from the previous render, the new one and live. Each mark keeps the ssa mode's
// sentence about who owns the field after the request, after the rule's own.
const (
	ruleCreated       = "helm/created"        // the install (or the upgrade) creates the object
	ruleRenderChanged = "helm/render-changed" // the new render changes or adds it since the previous one
	ruleReverted      = "helm/reverted"       // both renders hold it, live's value differs: put back
	ruleRenderRemoved = "helm/render-removed" // the previous render held it, the new one does not
	ruleLiveOnly      = "helm/live-only"      // in live, named by neither render: left as it is
	ruleOwnership     = "helm/ownership"      // the ownership label and annotations Helm adds
	ruleUnchanged     = "helm/unchanged"      // an object of the render whose patch is empty: not sent
)

// reasons are the rules' sentences.
var reasons = map[string]string{
	ruleCreated:       "helm creates the object as the chart renders it",
	ruleRenderChanged: "the new render changes it since the previous one: the patch sets the new render's value",
	ruleReverted:      "both renders hold this value and live's differs (a manual edit): Helm 3's three-way patch puts the render's value back",
	ruleRenderRemoved: "the previous render held it and the new one does not: the patch removes it",
	ruleLiveOnly:      "neither render names it: the patch leaves it as live holds it (a manual edit outside the chart survives)",
	ruleOwnership:     "Helm adds its ownership label and annotations to every object of the release (app.kubernetes.io/managed-by: Helm, meta.helm.sh/release-name, meta.helm.sh/release-namespace)",
	ruleUnchanged:     "the three-way patch from the previous render, the new one and live is empty for this object: Helm sends nothing, and it stays as it is",
	ruleDeleted:       "the previous render held this object and the new one does not: helm upgrade deletes it, after sending the new render's objects",
	ruleKept:          "the previous render held this object and the new one does not, but it carries helm.sh/resource-policy: keep: Helm leaves it on the cluster as it is (no longer in the release's render)",
}

// explain gives the marks of the objects of the render Helm's rules, ahead of the ssa mode's
// sentence: for a server-side apply only the ownership metadata, whose marks the apply's rules
// already explain otherwise.
func explain(resp *contract.Response, in *modes.Input, render []*stream.Resource, m method) *contract.Response {
	for _, r := range render {
		typ := in.Schema.Root(r.ID.APIVersion, r.ID.Kind)
		if typ == nil {
			continue
		}
		s := sidesOf(in, r, typ)
		for i := range resp.Fields {
			f := &resp.Fields[i]
			if f.Resource != r.ID.String() {
				continue
			}
			rule := s.rule(f, m)
			switch rule {
			case "":
				continue
			case ruleUnchanged: // the ssa mode's sentence is about an object only live has
				f.Rule, f.Reason = rule, reasons[rule]
			default:
				f.Rule, f.Reason = rule, reasons[rule]+"; "+f.Reason
			}
			redecide(resp, f)
		}
	}
	return resp
}

// sides is what the renders and live hold of one object, as sets of paths (with every path's
// parents).
type sides struct {
	created                   bool
	ownership, render, live   map[string]bool
	renderChanged, renderGone map[string]bool
}

// sidesOf reads the sides of one object of the render: the previous render is the new one for
// an object new to the release (adopted, as clientSide reads it).
func sidesOf(in *modes.Input, r *stream.Resource, typ *schema.Type) sides {
	live := find(in.Live, r.ID)
	original := find(in.Original, r.ID)
	if original == nil {
		original = r.Root
	}
	s := sides{created: live == nil, ownership: map[string]bool{}, render: paths(typed.FieldSet(typ, r.Root))}
	s.live = map[string]bool{}
	if live != nil {
		s.live = paths(typed.FieldSet(typ, live))
	}
	for _, key := range [][2]string{{"labels", ManagedByLabel}, {"annotations", ReleaseNameKey}, {"annotations", ReleaseNamespaceKey}} {
		s.ownership[fieldpath.Path{}.Field("metadata").Field(key[0]).Field(key[1]).String()] = true
	}
	cmp, err := typed.Compare(typ, original, r.Root)
	if err == nil {
		s.renderChanged, s.renderGone = paths(cmp.Changed()), paths(cmp.Removed)
	}
	return s
}

// rule is the rule of one mark, or "" to keep the ssa mode's.
func (s sides) rule(f *contract.Field, m method) string {
	switch {
	case s.ownership[f.Path] && f.Mark != contract.Deleted:
		return ruleOwnership
	case m == serverSide:
		return ""
	case s.created && f.Mark == contract.Added:
		return ruleCreated
	case f.Path == "" && f.Mark == contract.Ignored:
		return ruleUnchanged
	}
	switch f.Mark {
	case contract.Added, contract.Changed:
		if s.renderChanged[f.Path] {
			return ruleRenderChanged
		}
		if s.render[f.Path] {
			return ruleReverted
		}
	case contract.Deleted:
		if s.renderGone[f.Path] {
			return ruleRenderRemoved
		}
	case contract.Retained, contract.Ignored:
		if !s.render[f.Path] && s.live[f.Path] {
			return ruleLiveOnly
		}
	}
	return ""
}

// paths are the paths of a set and every one's parents, as the marks write them.
func paths(set *fieldset.Set) map[string]bool {
	out := map[string]bool{}
	if set == nil {
		return out
	}
	for _, p := range set.Paths() {
		for i := 1; i <= len(p); i++ {
			out[p[:i].String()] = true
		}
	}
	return out
}

// find is the object of rs with the identity id, or nil.
func find(rs []*stream.Resource, id stream.ID) *yamltree.Node {
	for _, r := range rs {
		if r.ID == id {
			return r.Root
		}
	}
	return nil
}

// redecide records a field's Helm rule in its resource's decision log, over the ssa mode's
// decision, so that the log says what the mark says.
func redecide(resp *contract.Response, f *contract.Field) {
	log := resp.Decisions[f.Resource]
	if e, ok := log.LookupString(f.Path); ok {
		log.Record(e.Path, decision.Rule(f.Rule), e.Held)
	}
}
