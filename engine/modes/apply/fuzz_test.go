package apply_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/fuzzcheck"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// lastApplied is kubectl's annotation.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// FuzzApply checks the apply mode (client-side kubectl apply) on any three inputs and options.
//
// Invariants checked:
//   - no internal error or panic; a result parses back; marks point into their text
//     (fuzzcheck.CheckCommon);
//   - the handler, which answered the fuzzer's earlier inputs (its reading cache and apply's
//     memo hold their documents), answers as a new one does (fuzzcheck.AnswersAsNew): the
//     memo reuses a resource's piece only for the same documents, and apply never changes the
//     documents it reads;
//   - a deleted mark names a field live has at its line and the result lacks
//     (fuzzcheck.CheckDeleted);
//   - idempotence: applying the same config to the result, last-applied now read from the
//     result's annotation, succeeds and changes nothing. The second apply does not prune:
//     with last-applied read from live's annotations rather than the original editor, prune
//     may rightly delete resources the first apply was not told about;
//   - identical inputs: with original, updated and live the same config, the result is live
//     with kubectl's last-applied annotation added (and "namespace: default", which kubectl
//     writes into a namespaced object that lacks one), and nothing else changed: kubectl's
//     patch then carries only the annotation. Both are dropped from both sides before
//     comparing, with the annotations and metadata maps they leave empty, and so are
//     annotations that are not a map ("annotations:", null), which kubectl replaces by the map
//     holding its annotation (checked against kubectl's steps, fuzzfindings_test.go). Except
//     when a list of scalars holds a value twice: kubectl sends $setElementOrder for every
//     unsorted list of scalars that merges, even an unchanged one (strategicpatch sorts the
//     original's list in place before comparing), and applying it gathers the duplicates of a
//     value together (recorded: "behavior of set element order for a merging int list with
//     duplicate").
//     Nor is idempotence checked when last-applied (original, or live's annotation) holds a
//     value twice in such a list: kubectl's three-way patch then deletes the value
//     ($deleteFromPrimitiveList) while the config keeps it, so the first apply drops it and the
//     second adds it back (checked against kubectl's steps). Nor when the config holds a null or
//     a directive inside a list: as with kubectl patch, a list taken whole where live lacks it
//     loses its nulls, and one that replaces live's keeps them (fuzzcheck.SpecialInList).
//     Nor when the config holds a metadata that is not a map ("metadata:", null): kubectl
//     writes nothing into it, neither its annotation nor the default namespace, so the second
//     apply runs without last-applied: a JSON merge patch (a kind no schema makes strategic)
//     then sends the config's nulls, and "metadata: null" deletes live's null metadata the
//     second time, not the first (checked against kubectl's steps in
//     scripts/conformance/fuzzfindings_test.go). Nor when the config holds apiVersion, kind or
//     metadata.name as a null (nullIdentity): last-applied records the null, and the second
//     apply's patch then carries it, which kubectl's precondition refuses ("the patch changes
//     .apiVersion") where live lacks the field; kubectl itself refuses such a config before
//     any of this ("Object 'Kind' is missing", observed with kubectl's steps; the engine pairs a
//     document without an identity by position, docs/contract.md); testdata/fuzz/FuzzApply/
//     null-api-version. Nor when the config lists two items with one key in a list merged by
//     key (two ports with containerPort 53): where live lacks the list, kubectl's patch is taken
//     whole, its $setElementOrder directives included, and the next apply merges both items
//     into the one live holds, as its marks say (mergedRepeats; testdata/fuzz/FuzzApply/
//     repeated-key-live-lacks, checked against kubectl's steps in
//     scripts/conformance/fuzzfindings_test.go). And when the config holds a null field in a
//     map live lacks (selector: {0: }), null and absent fields are compared as one: the first
//     apply (a create, or a patch where live lacks the map) writes the map without the null,
//     and the next apply's patch sends the null again, which kubectl's patch leaves in place
//     (testdata/fuzz/FuzzApply/null-in-map-created, checked against kubectl's steps in
//     scripts/conformance/fuzzfindings_test.go). Nor when the result holds a patch directive:
//     a value of kubectl's patch taken whole where live lacks it keeps its directives as data
//     ($retainKeys in a strategy that changed its fields between last-applied and the config),
//     and the next apply acts on them (as FuzzPatch; testdata/fuzz/FuzzApply/
//     retainkeys-taken-whole, checked against kubectl's steps in fuzzfindings_test.go);
//   - identical inputs mark nothing changed: every mark is retained or ignored, except the
//     ones kubectl's own additions make (its annotation, the map of annotations it writes in
//     place of the config's null, the default namespace). Found: with original, updated and
//     live each "metadata:" (null), the engine wrote the annotation into the null and marked
//     .metadata "changed in the config since last-applied"; kubectl writes nothing there and
//     sends an empty patch (testdata/fuzz/FuzzApply/metadata-null-multikeys).
//
// Found and fixed: with last-applied read from live's annotations, an object live holds and the
// config does not name, whose annotation is not JSON ("A"), made the apply fail; kubectl reads
// that annotation only to prune (testdata/fuzz/FuzzApply/unreadable-annotation-not-in-config).
//
// Seeds: the apply examples (with their options) and strategicpatch's recorded three-way table
// (original, modified, current) under its mergeItem schema (engine/smp/testdata, copied from
// shared/conformance).
func FuzzApply(f *testing.F) {
	vectors, swagger := fuzzcheck.SMPVectors(f)
	schemas := fuzzcheck.SchemaTable{{}, {Text: swagger, Type: "mergeItem"}}
	builtin, err := schema.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	for _, req := range fuzzcheck.ExampleRequests(f, "apply") {
		o := req.Options
		f.Add(req.Original, req.Updated, req.Live, schemas.Index(o.Schema, o.SchemaType), o.Overwrite, o.Prune, o.MultiKeys)
	}
	for _, v := range vectors {
		f.Add(fuzzcheck.Text(v.Original), fuzzcheck.Text(v.Modified), fuzzcheck.Text(v.Current), uint8(1), true, false, false)
	}
	h, fresh := handler.Default(), handler.Default()
	f.Fuzz(func(t *testing.T, original, updated, live string, schema uint8, overwrite, prune, multiKeys bool) {
		if len(original)+len(updated)+len(live) > fuzzcheck.MaxInput {
			return
		}
		request := func(original, updated, live string, prune bool) *contract.Request {
			opts := contract.DefaultOptions()
			opts.Validate = contract.ValidateIgnore // fuzzed configs are rarely valid Kubernetes: the merge is what is checked
			s := schemas.Pick(schema)
			opts.Schema, opts.SchemaType = s.Text, s.Type
			opts.Overwrite, opts.Prune, opts.MultiKeys = overwrite, prune, multiKeys
			return &contract.Request{Mode: "apply", Original: original, Updated: updated, Live: live, Options: opts}
		}
		first := fuzzcheck.Ask(h, request(original, updated, live, prune), yamltree.YAML11)
		fuzzcheck.AnswersAsNew(t, first, fresh)
		if fuzzcheck.CheckCommon(t, first) != nil && !fuzzcheck.DuplicateScalars(original) && !fuzzcheck.DuplicateScalars(lastAppliedTexts(live)) &&
			!fuzzcheck.SpecialInList(updated) && !unwritableMetadata(updated) && !nullIdentity(updated) && !fuzzcheck.HoldsDirective(first.Resp.Result) {
			again := fuzzcheck.Ask(h, request("", updated, first.Resp.Result, false), yamltree.YAML11)
			// As with kubectl patch, a value the first apply took whole where live lacked it (a
			// merge list item without its key) is checked only once live holds it.
			mergeOnly := len(again.Resp.Errors) > 0 && fuzzcheck.MergeOnlyError(again.Resp.Errors)
			if !mergeOnly && (len(again.Resp.Errors) > 0 || len(again.Resp.Conflicts) > 0) {
				t.Fatalf("applying the config to its result fails: %+v %+v\nresult:\n%s\n%s", again.Resp.Errors, again.Resp.Conflicts, first.Resp.Result, first.Describe())
			}
			var drop func(*yamltree.Node)
			if fuzzcheck.HoldsNull(updated, yamltree.YAML11) {
				// A config holding null sends it again on every apply, which the managedFields
				// record as a change each time: the fields are compared, not that bookkeeping.
				drop = func(n *yamltree.Node) {
					fuzzcheck.DropNullFields(n)
					n.Get("metadata").Delete("managedFields")
				}
			}
			if diff := fuzzcheck.SameObjects(first.Resp.Result, again.Resp.Result, yamltree.YAML11, drop); !mergeOnly && diff != "" && !mergedRepeats(again.Resp) {
				t.Fatalf("applying the same config twice changed the object: %s\n%s", diff, first.Describe())
			}
		}
		same := fuzzcheck.Ask(h, request(updated, updated, updated, false), yamltree.YAML11)
		if fuzzcheck.CheckCommon(t, same) == nil || fuzzcheck.DuplicateScalars(updated) {
			return
		}
		if schemas.Pick(schema).Text != "" && storedMarks(same.Resp) {
			return // a user schema may declare the kind, which the API server then stores as it is
		}
		asStored := func(obj *yamltree.Node) {
			dropKubectlAdditions(obj)
			storeAsBuiltin(builtin, obj)
		}
		if diff := fuzzcheck.SameObjectsBut(updated, same.Resp.Result, yamltree.YAML11, asStored, refused(same.Resp)); diff != "" {
			t.Fatalf("applying a config onto itself changed more than the annotation: %s\n%s", diff, same.Describe())
		}
		for _, m := range same.Resp.Fields {
			if m.Mark != contract.Retained && m.Mark != contract.Ignored && !kubectlAdditionRules[m.Rule] && !strings.HasPrefix(m.Rule, "apply/stored-") && m.Rule != "apply/server-default" {
				t.Fatalf("applying a config onto itself marks %s %s (%s: %s)\nresult:\n%s\n%s", m.Path, m.Mark, m.Rule, m.Reason, same.Resp.Result, same.Describe())
			}
		}
	})
}

// refused returns the identities of the objects an answer leaves alone whole: applying a config
// onto itself, those the API server refuses (a Service without ports: "spec.ports: Required
// value"). kubectl goes on with the stream's other objects and writes nothing of a refused one,
// which the result keeps as live holds it, after the objects written (testdata/fuzz/FuzzApply/
// d9ffbd59ac143347, found by make fuzz).
func refused(resp *contract.Response) map[string]bool {
	left := map[string]bool{}
	for _, m := range resp.Fields {
		if m.Rule == "apply/left-alone" && m.Path == "" {
			left[m.Resource] = true
		}
	}
	return left
}

// dropKubectlAdditions removes what kubectl adds to every object it applies: its last-applied
// annotation and, for a namespaced kind without a namespace, "namespace: default"; then the
// annotations and metadata maps when that leaves them empty. Annotations that are not a map go
// too: kubectl replaces them by the map holding its annotation.
func dropKubectlAdditions(obj *yamltree.Node) {
	meta := obj.Get("metadata")
	if !meta.IsMap() {
		return
	}
	if meta.Get("namespace").Str() == "default" {
		meta.Delete("namespace")
	}
	if annotations := meta.Get("annotations"); annotations != nil && !annotations.IsMap() {
		meta.Delete("annotations")
	}
	if annotations := meta.Get("annotations"); annotations.IsMap() && annotations.Delete(lastApplied) && len(annotations.Fields) == 0 {
		meta.Delete("annotations")
	}
	if len(meta.Fields) == 0 {
		obj.Delete("metadata")
	}
}

// storedMarks reports whether a mark says the API server does not store a value as the result
// held it (apply/stored-…).
func storedMarks(resp *contract.Response) bool {
	for _, m := range resp.Fields {
		if strings.HasPrefix(m.Rule, "apply/stored-") {
			return true
		}
	}
	return false
}

// storeAsBuiltin makes obj what the API server stores of it when the built-in schema describes
// its kind (apiserver.Store), so that a config compares with its apply's result.
func storeAsBuiltin(set *schema.Set, obj *yamltree.Node) {
	if root := set.Root(obj.Get("apiVersion").Str(), obj.Get("kind").Str()); root != nil {
		obj.Fields = apiserver.Store(obj, root, modes.PatchKeys).Root.Fields
	}
}

// kubectlAdditionRules are the rules of the marks kubectl's own additions make: its last-applied
// annotation, the map of annotations it writes where the config holds null, and the namespace it
// fills in. (A config whose annotation is not a string is refused: package objectmeta.)
var kubectlAdditionRules = map[string]bool{
	"apply/last-applied-annotation": true, "apply/annotations-replaced": true, "apply/namespace-defaulted": true,
}

// unwritableMetadata reports whether a document of a stream holds a metadata that is not a map
// (null, a scalar, a list), which kubectl leaves as written; false when it does not parse.
func unwritableMetadata(text string) bool {
	return fuzzcheck.AnyDocument(yamltree.Updated, text, func(root *yamltree.Node) bool {
		meta := root.Get("metadata")
		return meta != nil && !meta.IsMap()
	})
}

// mergedRepeats reports whether a mark says the config listed several items with one key, which
// the patch merged into one (see FuzzApply).
func mergedRepeats(resp *contract.Response) bool {
	for _, f := range resp.Fields {
		if strings.Contains(f.Reason, "so it merged them into this one") {
			return true
		}
	}
	return false
}

// nullIdentity reports whether a document of a stream holds apiVersion, kind or metadata.name as
// a null; false when it does not parse.
func nullIdentity(text string) bool {
	return fuzzcheck.AnyDocument(yamltree.Updated, text, func(root *yamltree.Node) bool {
		for _, path := range [][]string{{"apiVersion"}, {"kind"}, {"metadata", "name"}} {
			if v := root.Lookup(path...); v != nil && v.IsNull() {
				return true
			}
		}
		return false
	})
}

// lastAppliedTexts returns the last-applied annotations of a stream's objects, one JSON text a line;
// "" when it does not parse.
func lastAppliedTexts(text string) string {
	docs, err := yamltree.Parse(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, d := range docs {
		if a := d.Root.Lookup("metadata", "annotations", "kubectl.kubernetes.io/last-applied-configuration"); a.IsScalar() {
			b.WriteString("---\n" + a.Value + "\n")
		}
	}
	return b.String()
}
