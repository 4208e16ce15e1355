package patch_test

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzPatch checks the patch mode (kubectl patch --type strategic) on any patch and target.
//
// Invariants checked:
//   - no internal error or panic; a result parses back; marks point into their text
//     (checkCommon);
//   - a deleted mark names a field live has at its line and the result lacks (checkDeleted);
//   - the empty patch returns live unchanged (as data);
//   - idempotence: the same patch applied to its own result changes nothing. The second
//     application may be refused where the first was accepted, with an error strategicpatch
//     raises only when it merges into a value live holds (mergeOnlyError): where live lacks
//     the value, or holds another type, the patch's value is taken whole, its schema and its
//     directives unchecked (an unknown list field, a "$retainKeys: null"); once live holds it,
//     both are checked. The API server seldom meets the first kind, since it drops unknown
//     fields before storing; the engine patches the object as written. Nor when the result
//     holds a directive: a value taken whole keeps the directives written in it
//     ("$retainKeys"), and they act on the second application (holdsDirective).
//
// Not checked: "identical inputs return live" in its other reading (live as its own patch)
// does not hold for strategic merge patches: a null in live is a deletion when read as a patch,
// and a "$patch" key in live a directive.
//
// Seeds: the patch examples (examples/patch-*, with their options) and the patches recorded
// from strategicpatch's three-way table, each applied to its recorded live object under the
// table's mergeItem schema (engine/smp/testdata, copied from shared/conformance). The schema is
// chosen by index from a table (the built-in one, mergeItem, the examples' own), so that the
// fuzzer spends its time on the patch and live.
func FuzzPatch(f *testing.F) {
	vectors, swagger := smpVectors(f)
	schemas := schemaTable{{}, {swagger, "mergeItem"}}
	for _, req := range exampleRequests(f, "patch") {
		f.Add(req.Updated, req.Live, schemas.index(req.Options.Schema, req.Options.SchemaType), req.Options.MultiKeys)
	}
	for _, v := range vectors {
		if live := text(v.Current); live != "" {
			f.Add(v.ActualPatch+"\n", live, uint8(1), false)
		}
	}
	h := handler.Default()
	f.Fuzz(func(t *testing.T, patch, live string, schema uint8, multiKeys bool) {
		if len(patch)+len(live) > maxFuzzInput {
			return
		}
		request := func(patch, live string) *contract.Request {
			opts := contract.DefaultOptions()
			s := schemas.pick(schema)
			opts.Schema, opts.SchemaType, opts.MultiKeys = s.text, s.typ, multiKeys
			return &contract.Request{Mode: "patch", Updated: patch, Live: live, Options: opts}
		}
		first := ask(h, request(patch, live), yamltree.YAML11)
		if checkCommon(t, first) == nil {
			return
		}
		if holdsDirective(first.resp.Result) {
			return
		}
		again := ask(h, request(patch, first.resp.Result), yamltree.YAML11)
		if len(again.resp.Errors) > 0 {
			if mergeOnlyError(again.resp.Errors) {
				return
			}
			t.Fatalf("the patch fails on its own result: %+v\nresult:\n%s\n%s", again.resp.Errors, first.resp.Result, first.describe())
		}
		if diff := sameObjects(first.resp.Result, again.resp.Result, yamltree.YAML11, nil); diff != "" {
			t.Fatalf("applying the patch twice changed the object: %s\n%s", diff, first.describe())
		}
		empty := ask(h, request("{}\n", live), yamltree.YAML11)
		checkCommon(t, empty)
		if len(empty.resp.Errors) == 0 {
			if diff := sameObjects(live, empty.resp.Result, yamltree.YAML11, nil); diff != "" {
				t.Fatalf("the empty patch changed live: %s\n%s", diff, empty.describe())
			}
		}
	})
}
