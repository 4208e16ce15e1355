package merge3

import (
	"context"
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/linediff"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the merge3 mode, for the handler's registry. The Kustomization schema and the kyaml 1.21
// table it reads are parsed once, on first use, and never change.
func Mode() modes.Mode {
	return modeAnswering(run)
}

// answering is a way to answer a request, given what its merges read.
type answering func(in *modes.Input, m *merging, diffs *linediff.Memo) *contract.Response

// modeAnswering returns the mode answering requests with answer.
func modeAnswering(answer answering) modes.Mode {
	data := sync.OnceValues(loadData)
	diffs := &linediff.Memo{} // the last answer's line diffs, by resource: see liveDiff
	m := describe()
	m.Run = func(_ context.Context, in *modes.Input) *contract.Response {
		d, err := data()
		if err != nil {
			return contract.Fail("engine", err)
		}
		return answer(in, newMerging(in, d), diffs)
	}
	return m
}

// describe is the mode's descriptor, without its Run.
func describe() modes.Mode {
	return modes.Mode{
		Name:    "merge3",
		Short:   "kustomize",
		Title:   "kustomize merge3",
		Summary: "kpt / kustomize package update: rebase the local copy onto the new upstream (kyaml merge3).",
		Starter: "merge3-drift-kept",
		Rules:   yamltree.YAML12,
		Inputs: []modes.Role{
			{Input: yamltree.Original, Label: "upstream before", Hint: "the package as it was fetched"},
			{Input: yamltree.Updated, Label: "upstream now", Hint: "the package as it is upstream today"},
			{Input: yamltree.Live, Label: "local copy", Hint: "your copy, with your edits"},
		},
		Options: []modes.Option{
			{Key: "inferKeys", Label: "infer keys", Help: "guess the merge key of lists no schema describes (name, mountPath, containerPort…)"},
		},
		ReadOnly: true, // it reads its inputs into trees of its own (package ynode) before it merges
		Commands: commands,
		Again:    modes.Again{Original: yamltree.Updated, Help: "The result becomes the local copy and upstream now becomes upstream before."},
		Marks:    []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Dropped, contract.Retained, contract.Ignored},
	}
}

// modeData is what the mode reads besides the request.
type modeData struct {
	kustomization *schema.Set
	kyaml         kyamlRules
}

func loadData() (*modeData, error) {
	k, err := LoadKustomization()
	if err != nil {
		return nil, err
	}
	rules, err := loadKyamlRules()
	if err != nil {
		return nil, err
	}
	return &modeData{kustomization: k, kyaml: rules}, nil
}

// ActionInfo says what kio did with one resource (the response's extra.actions).
type ActionInfo struct {
	_        incomparable.Field
	Resource string `json:"resource"`
	// Action is merge, keep (only the local copy has it), add (upstream added it), restore (the
	// local copy deleted it, upstream still has it), delete (upstream deleted it) or none (gone
	// from upstream and from the local copy).
	Action action `json:"action"`
}

// outcome is one group after kio handled it.
type outcome struct {
	group  *group
	action action
	result *ynode.Node // written to the result; nil when deleted
	// docHead is the comment written above the result's document (kyaml keeps the document
	// node of the resource it writes).
	docHead string
	// records are the merge's decisions by value; decisions the resource's log of every
	// decision by path.
	records   map[*ynode.Node]record
	decisions *decision.Log
	// notes are kio's decisions on the local copy's bookkeeping, as read and as written.
	notes *kioNotes
	// name is the resource's name in the response.
	name string
	// dropped are the fields kyaml dropped because their value is an alias.
	dropped []droppedAlias
	// paths holds the paths of its marks (the request's store).
	paths *pathStore
}

// run answers a request: read the inputs as kio does, pair them, merge, write and mark. A group
// whose documents are the ones of the last request (in.Memo) keeps its piece of that answer, so
// that an edit merges again only the groups it changed (answerByPieces); a request that answer
// does not cover (an error, a stream kio cuts unlike yamltree, a document whose comments wait for
// the next one) is answered whole.
func run(in *modes.Input, m *merging, diffs *linediff.Memo) *contract.Response {
	if resp, ok := answerByPieces(in, m, diffs); ok {
		return resp
	}
	return answerWhole(in, m, diffs)
}

// merging is what every group's merge reads besides its resources: the request's schemas and
// options.
type merging struct {
	scope      stream.Scope
	defs       *schemas
	infer      []string
	schemaType string
	rules      kyamlRules
	// paths holds the paths of the request's marks.
	paths *pathStore
}

// newMerging gathers what the request's merges read.
func newMerging(in *modes.Input, data *modeData) *merging {
	m := &merging{defs: newSchemas(crdKinds(in.User), in.Schema, data.kustomization), schemaType: in.Request.Options.SchemaType, rules: data.kyaml,
		paths: &pathStore{}}
	m.scope = func(apiVersion, kind string) bool {
		namespaced, known := in.Schema.Namespaced(apiVersion, kind)
		return namespaced || !known
	}
	if in.Request.Options.InferKeys {
		m.infer = InferredKeys()
	}
	return m
}

// answerWhole reads every resource, merges every group and writes the answer in one go.
func answerWhole(in *modes.Input, m *merging, diffs *linediff.Memo) *contract.Response {
	resp := contract.NewResponse()
	groups, err := readGroups(in, m.scope)
	if err != nil {
		resp.AddError("live", err)
		return resp
	}
	outcomes, err := handleGroups(groups, m)
	if err != nil {
		resp.AddError("live", err)
		return resp
	}
	respond(resp, outcomes, m.rules, diffs)
	return resp
}

// readGroups reads the three inputs in kio's order (local, original, updated) and pairs them.
func readGroups(in *modes.Input, scope stream.Scope) ([]*group, error) {
	local, err := readResources(yamltree.Live, in.Request.Live, in.Live, sourceLocal, scope)
	if err != nil {
		return nil, err
	}
	original, err := readResources(yamltree.Original, in.Request.Original, in.Original, sourceOriginal, scope)
	if err != nil {
		return nil, err
	}
	updated, err := readResources(yamltree.Updated, in.Request.Updated, in.Updated, sourceUpdated, scope)
	if err != nil {
		return nil, err
	}
	return groupResources(local, original, updated)
}

// handleGroups does what kio's DefaultResourceHandler says for each group (handleGroup).
func handleGroups(groups []*group, m *merging) ([]*outcome, error) {
	var out []*outcome
	for _, g := range groups {
		o, err := handleGroup(g, m)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// handleGroup does what kio's DefaultResourceHandler says for a group, merging where it says
// merge, tidies the resource written as kio's writer does, and logs every decision.
func handleGroup(g *group, m *merging) (*outcome, error) {
	o := &outcome{group: g, action: g.action(), decisions: &decision.Log{}, notes: &kioNotes{}, paths: m.paths}
	if g.local != nil {
		o.notes.entries = append(o.notes.entries, g.local.notes.entries...)
	}
	if err := o.decide(m.defs, m.infer, m.schemaType); err != nil {
		return nil, err
	}
	if o.result != nil {
		writeNotes := o.notes
		if o.action != actionMerge && o.action != actionKeep {
			writeNotes = nil // upstream's copy: its bookkeeping shows in no mark
		}
		if err := tidyForWrite(o.result, writeNotes); err != nil {
			return nil, err
		}
	}
	for _, e := range o.notes.entries {
		o.decisions.Record(e.Path, e.Rule, e.Held)
	}
	return o, nil
}

// kioRules are the decisions kio makes on whole resources, with the inputs that hold them.
var kioRules = []struct {
	action action
	rule   decision.Rule
	held   decision.Held
}{
	{actionKeep, ruleKioKeep, decision.Live},
	{actionAdd, ruleKioAdd, decision.Updated},
	{actionRestore, ruleKioRestore, decision.Original | decision.Updated},
	{actionDelete, ruleKioDelete, decision.Original | decision.Live},
}

// decide carries out kio's action on the group: merge, or keep, add, restore or delete whole.
func (o *outcome) decide(defs *schemas, infer []string, schemaType string) error {
	g := o.group
	for _, k := range kioRules {
		if k.action == o.action {
			o.decisions.Record(fieldpath.Path{}, k.rule, k.held)
		}
	}
	switch o.action {
	case actionMerge:
		res, err := mergeResource(triple{original: rootOf(g.original), updated: g.updated.root, live: g.local.root}, defs, infer, rootSchema(defs, g, schemaType))
		if err != nil {
			return err
		}
		o.result, o.records, o.docHead, o.dropped = res.root, res.records, g.local.docHead, res.dropped
	case actionKeep:
		o.result, o.docHead = g.local.root, g.local.docHead
	case actionAdd, actionRestore:
		o.result, o.docHead = g.updated.root, g.updated.docHead
	}
	return nil
}

// rootSchema returns the schema options.schemaType names for a resource whose kind no schema
// knows; nil otherwise (the walker finds the kind's schema itself).
func rootSchema(defs *schemas, g *group, schemaType string) *sch {
	if schemaType == "" {
		return nil
	}
	for _, r := range []*resource{g.local, g.original, g.updated} {
		if r != nil && defs.kind(metaText(r.root, "apiVersion"), metaText(r.root, "kind")) != nil {
			return nil
		}
	}
	return defs.named("#/definitions/" + schemaType)
}

func rootOf(r *resource) *ynode.Node {
	if r == nil {
		return nil
	}
	return r.root
}

// respond writes the result stream, the marks and extra.actions.
func respond(resp *contract.Response, outcomes []*outcome, rules kyamlRules, diffs *linediff.Memo) {
	var docs []*ynode.Node
	for _, o := range outcomes {
		if o.result != nil {
			docs = append(docs, &ynode.Node{Kind: ynode.DocumentNode, HeadComment: o.docHead, Content: []*ynode.Node{o.result}})
		}
	}
	text, layout := ynode.Emit(docs)
	resp.Result = text
	resp.Layout = resultLayout(layout, outcomes)
	actions := []ActionInfo{}
	warnings := []Warning{}
	resp.Decisions = decision.Book{}
	at := spots(outcomes, layout)
	for i, o := range outcomes {
		o.name = o.group.id().String()
		if resp.Decisions[o.name] != nil {
			o.name = o.group.kioName()
		}
		actions = append(actions, ActionInfo{Resource: o.name, Action: o.action})
		resp.Decisions[o.name] = o.decisions
		resp.Fields = append(resp.Fields, o.marks(layout, rules, at[i])...)
		for _, d := range o.dropped {
			warnings = append(warnings, d.warning(o.name))
		}
		warnings = append(warnings, danglingAliases(o.name, o.result, layout)...)
	}
	resp.Extra["actions"] = ActionInfos(actions)
	resp.Extra["warnings"] = Warnings(warnings)
	resp.LiveDiff = liveDiff(outcomes, text, diffs)
}

// liveDiff returns the comparison of the local copy with the result (the response's
// extra.diff), both written as kyaml writes them, so that a value the merge kept reads the same
// on both sides (see lineDiff).
func liveDiff(outcomes []*outcome, result string, diffs *linediff.Memo) func() []linediff.Hunk {
	var locals []named
	var names []string
	for _, o := range outcomes {
		if l := o.group.local; l != nil {
			locals = append(locals, named{name: o.name, doc: localDocument(l)})
		}
		if o.result != nil {
			names = append(names, o.name)
		}
	}
	return lineDiff(locals, result, names, diffs)
}

// named is a document with the name of its resource.
type named struct {
	_    incomparable.Field
	name string
	doc  *ynode.Node
}

// localDocument is the local copy's document as read, its head comment included.
func localDocument(l *resource) *ynode.Node {
	return &ynode.Node{Kind: ynode.DocumentNode, HeadComment: l.docHead, Content: []*ynode.Node{l.pristine}}
}

// lineDiff compares the local copies (locals) with the result, whose documents are the resources
// names; a resource whose two texts are the same as in the last answer is not compared again
// (diffs). The comparison is made when called.
func lineDiff(locals []named, result string, names []string, diffs *linediff.Memo) func() []linediff.Hunk {
	return func() []linediff.Hunk {
		live := make([]linediff.Named, len(locals))
		for i, l := range locals {
			live[i] = linediff.Named{Name: l.name, Text: ynode.Text([]*ynode.Node{l.doc})}
		}
		return diffs.Resources(live, result, names)
	}
}

// kioName names the group as kio keys it, the namespace as written ("v1/ConfigMap/x" for one
// without): for a group whose resource name another group took already (one writes "namespace:
// default", the other none; kio keeps them apart).
func (g *group) kioName() string {
	for _, r := range []*resource{g.updated, g.local, g.original} {
		if r != nil {
			k := keyOfResource(r.root)
			return stream.ID{APIVersion: k.apiVersion, Kind: k.kind, Namespace: k.namespace, Name: k.name}.String()
		}
	}
	return ""
}

// id names the group in the response: by upstream's resource when there is one.
func (g *group) id() stream.ID {
	for _, r := range []*resource{g.updated, g.local, g.original} {
		if r != nil {
			return r.id
		}
	}
	return stream.ID{}
}

// marks explains one outcome; where is where it stands in the result.
func (o *outcome) marks(layout *ynode.Layout, rules kyamlRules, where spot) []contract.Field {
	g := o.group
	res := g.local
	if res == nil {
		res = g.updated
	}
	if res == nil {
		return nil
	}
	id := g.id()
	m := &marker{resource: o.name, layout: layout, spot: where, log: o.decisions, records: o.records, notes: o.notes, res: res,
		reasons: reasons{note: rules.noteFor(id.APIVersion + "/" + id.Kind)}, paths: o.paths}
	switch o.action {
	case actionMerge:
		m.fields = make([]contract.Field, 0, len(o.records)+4) // about a mark a value: the records hold every value decided
		m.object(o.result)
	case actionKeep:
		m.whole(contract.Ignored, ruleKioKeep, layout.Line(o.result), layout.EndLine(o.result))
		m.kioChanges(o.result)
	case actionAdd:
		m.whole(contract.Added, ruleKioAdd, layout.Line(o.result), layout.EndLine(o.result))
	case actionRestore:
		m.whole(contract.Added, ruleKioRestore, layout.Line(o.result), layout.EndLine(o.result))
	case actionDelete:
		m.whole(contract.Deleted, ruleKioDelete, srcLine(res.pristine), srcEnd(res.pristine))
		m.fields[len(m.fields)-1].Place = m.wholePlace()
	}
	return m.fields
}

// crdKindsOf lists the kinds the user's schema declares through CRDs.
func crdKinds(user *schema.Set) map[schema.GroupVersionKind]bool {
	kinds := map[schema.GroupVersionKind]bool{}
	if user == nil {
		return kinds
	}
	for _, k := range user.Kinds() {
		if k.FromCRD {
			kinds[k.GroupVersionKind] = true
		}
	}
	return kinds
}
