package ssa_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/fuzzcheck"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzSSA checks the ssa mode (server-side apply, and a controller's update) on any config and
// object, under the built-in schema or a structured-merge-diff one.
//
// Invariants checked:
//   - no internal error or panic; a result parses back; marks point into their text
//     (fuzzcheck.CheckCommon);
//   - the handler, which answered the fuzzer's earlier inputs (its reading cache and the ssa
//     mode's memo hold their documents), answers as a new one does (fuzzcheck.AnswersAsNew):
//     the memo reuses a resource's piece only for the same documents, and the mode never
//     changes the documents it reads;
//   - a deleted mark names a field live has at its line and the result lacks
//     (fuzzcheck.CheckDeleted);
//   - idempotence: the same manager repeating the same operation on the result, a year later,
//     meets no conflict and gets the result back, as data, managedFields included: nothing
//     changed, so no timestamp moves. Not byte for byte: a comment live held under a value the
//     first apply replaced is written once and dropped by the second (comments are not data).
//     Nor when the config's metadata is null (nullMetadata): the first apply writes
//     managedFields into a metadata the config sets to null, and each repeat meets that null
//     again, a change, so the timestamp moves (testdata/fuzz/FuzzSSA/null-metadata-repeated;
//     not checked against a reference: the reference pipelines read built-in kinds, whose
//     config needs metadata.name, and kubectl cannot send an object without a name);
//   - every mark names the rule the operation recorded at its path (checkDecisions);
//   - identical inputs: applying an object (without managedFields) onto itself, not forced,
//     meets no conflict and returns it with managedFields and the API server's defaults added
//     and nothing else changed. Not when it holds a null: server-side apply clears a null
//     scalar the config names.
//
// Seeds: the mode's own cases, the ssa examples (with their options) and the cases of
// structured-merge-diff's merge tests that carry a schema and need no converter
// (engine/managed/testdata/smd-vectors.jsonl, copied from shared/conformance): the last
// operation's object applied onto the first's, under the case's schema and root type.
func FuzzSSA(f *testing.F) {
	schemas := fuzzcheck.SchemaTable{{}}
	addSSASeeds(f, &schemas)
	builtin, err := schema.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	h, fresh := handler.New(ssa.Mode()), handler.New(ssa.Mode())
	f.Fuzz(func(t *testing.T, updated, live string, schema uint8, force, update bool) {
		if len(updated)+len(live) > fuzzcheck.MaxInput {
			return
		}
		request := func(updated, live, now string, force bool, op string) *contract.Request {
			opts := contract.DefaultOptions()
			s := schemas.Pick(schema)
			opts.Schema, opts.SchemaType = s.Text, s.Type
			opts.Force, opts.Operation, opts.Now = force, op, now
			return &contract.Request{Mode: "ssa", Updated: updated, Live: live, Options: opts}
		}
		op := "apply"
		if update {
			op = "update"
		}
		first := fuzzcheck.Ask(h, request(updated, live, "2026-01-01T00:00:00Z", force, op), yamltree.YAML11)
		fuzzcheck.AnswersAsNew(t, first, fresh)
		checkDecisions(t, first.Resp)
		// A result without managedFields (the operation owned no field: an empty list, say) is
		// read the second time as an object from before server-side apply, whose fields the API
		// server gives to before-first-apply: the repeat then writes managedFields.
		// An update's result is its config: one without apiVersion or kind (a fragment, which no
		// API server takes as a PUT) was typed by live the first time and by nothing the second.
		if fuzzcheck.CheckCommon(t, first) != nil && strings.Contains(first.Resp.Result, "managedFields") && !nullMetadata(updated) &&
			(op == "apply" || typed(updated)) {
			again := fuzzcheck.Ask(h, request(updated, first.Resp.Result, "2027-01-01T00:00:00Z", force, op), yamltree.YAML11)
			if len(again.Resp.Errors) > 0 || len(again.Resp.Conflicts) > 0 {
				t.Fatalf("repeating the %s fails: errors %+v conflicts %+v\nresult:\n%s\n%s", op, again.Resp.Errors, again.Resp.Conflicts, first.Resp.Result, first.Describe())
			}
			if diff := fuzzcheck.SameObjects(first.Resp.Result, again.Resp.Result, yamltree.YAML11, nil); diff != "" {
				t.Fatalf("repeating the %s changed the result: %s\n%s", op, diff, first.Describe())
			}
		}
		if strings.Contains(updated, "managedFields") || fuzzcheck.HoldsNull(updated, yamltree.YAML11) {
			return
		}
		same := fuzzcheck.Ask(h, request(updated, updated, "2026-01-01T00:00:00Z", false, "apply"), yamltree.YAML11)
		if fuzzcheck.CheckCommon(t, same) == nil {
			if len(same.Resp.Conflicts) > 0 {
				t.Fatalf("applying an object onto itself meets conflicts: %+v\n%s", same.Resp.Conflicts, same.Describe())
			}
			return
		}
		asStored := func(obj *yamltree.Node) { // the API server writes its defaults into the object it stores
			dropManagedFields(obj)
			apiVersion, kind := obj.Get("apiVersion").Str(), obj.Get("kind").Str()
			if root := builtin.Root(apiVersion, kind); root != nil && !userDeclares(schemas.Pick(schema).Text, builtin, apiVersion, kind) {
				obj.Fields = apiserver.Store(obj, root, modes.ListMapKeys).Root.Fields
			}
		}
		if diff := fuzzcheck.SameObjects(updated, same.Resp.Result, yamltree.YAML11, asStored); diff != "" {
			t.Fatalf("applying an object onto itself changed more than its managedFields: %s\n%s", diff, same.Describe())
		}
	})
}

// addSSASeeds adds FuzzSSA's seeds: a few hand-written objects, structured-merge-diff's recorded
// operations and the ssa examples, their schemas added to schemas.
func addSSASeeds(f *testing.F, schemas *fuzzcheck.SchemaTable) {
	deploy := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        ports:\n        - containerPort: 53\n        - containerPort: 53\n          protocol: UDP\n"
	f.Add(deploy, "", uint8(0), false, false)
	f.Add(deploy, deploy, uint8(0), true, false)
	f.Add(deploy, strings.Replace(deploy, "replicas: 3", "replicas: 5", 1)+"  paused: true\n", uint8(0), false, false)
	f.Add(cm+"data: {a: b}\n", cm+managedBy("hpa", "Update", `{"f:data": {"f:a": {}}}`)+"data: {a: c}\n", uint8(0), false, true)
	f.Add("a: [1, 2]\nb: {c: d}\n", "a: [3]\nb: {e: f}\n", uint8(0), false, false)
	f.Add(cm+"---\n"+deploy, cm, uint8(0), true, false)
	for _, v := range smdVectors(f) {
		first, last := v.Ops[0], v.Ops[len(v.Ops)-1]
		live := ""
		if len(v.Ops) > 1 {
			live = first.Object
		}
		f.Add(last.Object, live, schemas.Index(v.Schema, v.RootType), last.Op == "ForceApply", last.Op == "Update")
	}
	for _, req := range fuzzcheck.ExampleRequests(f, "ssa") {
		o := req.Options
		f.Add(req.Updated, req.Live, schemas.Index(o.Schema, o.SchemaType), o.Force, o.Operation == "update")
	}
}

// nullMetadata reports whether a document of a stream holds metadata as a null; false when it
// does not parse.
func nullMetadata(text string) bool {
	return fuzzcheck.AnyDocument(yamltree.Updated, text, func(root *yamltree.Node) bool {
		meta := root.Get("metadata")
		return meta != nil && meta.IsNull()
	})
}

// checkDecisions wants every mark to carry an ssa rule, recorded in its resource's decision log
// at the mark's path.
func checkDecisions(t *testing.T, resp *contract.Response) {
	t.Helper()
	for _, f := range resp.Fields {
		entry, ok := resp.Decisions[f.Resource].LookupString(f.Path)
		if f.Mark == contract.Dropped {
			entry, ok = resp.Decisions[f.Resource].LookupDropped(f.Path)
		}
		if !ok || string(entry.Rule) != f.Rule || !strings.HasPrefix(f.Rule, "ssa/") {
			t.Fatalf("%s %s: the mark's rule %q is not the decision recorded there (%+v, %v)", f.Mark, f.Path, f.Rule, entry, ok)
		}
	}
}

// dropManagedFields removes metadata.managedFields, and metadata when that leaves it empty.
func dropManagedFields(obj *yamltree.Node) {
	if meta := obj.Get("metadata"); meta.IsMap() && meta.Delete("managedFields") && len(meta.Fields) == 0 {
		obj.Delete("metadata")
	}
}

// smdVector is one recorded structured-merge-diff merge test (engine/managed/testdata).
type smdVector struct {
	Schema, RootType string
	CustomConverter  bool
	Ops              []struct{ Op, Object string }
}

// smdVectors returns the recorded cases that carry a schema and need no custom converter.
func smdVectors(t testing.TB) []smdVector {
	data, err := os.ReadFile("../../managed/testdata/smd-vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []smdVector
	for _, line := range bytes.Split(data, []byte("\n")) {
		var v smdVector
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		if v.Schema != "" && !v.CustomConverter && len(v.Ops) > 0 {
			out = append(out, v)
		}
	}
	return out
}

// userDeclares reports whether the user's schema text declares the kind (a custom resource: no
// built-in defaults), false without one or for one that does not load.
func userDeclares(text string, builtin *schema.Set, apiVersion, kind string) bool {
	if text == "" {
		return false
	}
	user, err := schema.Load(text, builtin)
	return err == nil && user.Root(apiVersion, kind) != nil
}

// typed reports whether every document of text names its apiVersion and kind.
func typed(text string) bool {
	docs, err := yamltree.Parse(yamltree.Updated, text, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil {
		return false
	}
	for _, d := range docs {
		if d.Root == nil || d.Root.Get("apiVersion").Str() == "" || d.Root.Get("kind").Str() == "" {
			return false
		}
	}
	return true
}
