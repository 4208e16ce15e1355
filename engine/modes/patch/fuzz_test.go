package patch_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/fuzzcheck"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzPatch checks the patch mode (kubectl patch --type strategic) on any patch and target.
//
// Invariants checked:
//   - no internal error or panic; a result parses back; marks point into their text
//     (fuzzcheck.CheckCommon);
//   - the handler, which answered the fuzzer's earlier inputs (its reading cache and the patch
//     mode's memo hold their documents), answers as a new one does (fuzzcheck.AnswersAsNew):
//     the memo reuses a target's piece only for the same documents, and the mode never changes
//     the documents it reads;
//   - a deleted mark names a field live has at its line and the result lacks
//     (fuzzcheck.CheckDeleted);
//   - the empty patch returns live unchanged (as data);
//   - idempotence: the same patch applied to its own result changes nothing. The second
//     application may be refused where the first was accepted, with an error strategicpatch
//     raises only when it merges into a value live holds (fuzzcheck.MergeOnlyError): where
//     live lacks the value, or holds another type, the patch's value is taken whole, its schema
//     and its directives unchecked (an unknown list field, a "$retainKeys: null"); once live
//     holds it, both are checked. The API server seldom meets the first kind, since it drops
//     unknown fields before storing; the engine patches the object as written. Nor when the
//     result holds a directive: a value taken whole keeps the directives written in it
//     ("$retainKeys"), and they act on the second application (fuzzcheck.HoldsDirective).
//     Nor when the patch holds a null or a directive inside a list: strategicpatch drops the
//     nulls (and acts on the directives) of a value it takes whole where live lacks the field,
//     but a list that replaces live's keeps its items as written, so the second application
//     writes them (fuzzcheck.SpecialInList). Nor when the patch lists two items with one key
//     in a list merged by key: where live lacks the list, the list is taken whole and keeps
//     both; once live holds them, each of the patch's items merges into the first with its
//     key, so the second application differs (strategicpatch does so with one-field keys,
//     checked in scripts/conformance/fuzzfindings_test.go; multi-field keys, which it lacks,
//     follow it). Issue 20's finding: ports keyed on containerPort and protocol (multiKeys),
//     containerPort spelt 0 and as 58 zeros (one integer), protocol "0" (testdata/fuzz/FuzzPatch/
//     repeated-multikey). The second application's marks say so ("merged one after the other
//     into this one"), as FuzzTwoWay reads them.
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
	vectors, swagger := fuzzcheck.SMPVectors(f)
	schemas := fuzzcheck.SchemaTable{{}, {Text: swagger, Type: "mergeItem"}}
	for _, req := range fuzzcheck.ExampleRequests(f, "patch") {
		f.Add(req.Updated, req.Live, schemas.Index(req.Options.Schema, req.Options.SchemaType), req.Options.MultiKeys)
	}
	for _, v := range vectors {
		if live := fuzzcheck.Text(v.Current); live != "" {
			f.Add(v.ActualPatch+"\n", live, uint8(1), false)
		}
	}
	h, fresh := handler.Default(), handler.Default()
	f.Fuzz(func(t *testing.T, patch, live string, schema uint8, multiKeys bool) {
		if len(patch)+len(live) > fuzzcheck.MaxInput {
			return
		}
		request := func(patch, live string) *contract.Request {
			opts := contract.DefaultOptions()
			opts.Validate = contract.ValidateIgnore // fuzzed configs are rarely valid Kubernetes: the merge is what is checked
			s := schemas.Pick(schema)
			opts.Schema, opts.SchemaType, opts.MultiKeys = s.Text, s.Type, multiKeys
			return &contract.Request{Mode: "patch", Updated: patch, Live: live, Options: opts}
		}
		first := fuzzcheck.Ask(h, request(patch, live), yamltree.YAML11)
		fuzzcheck.AnswersAsNew(t, first, fresh)
		if fuzzcheck.CheckCommon(t, first) == nil {
			return
		}
		if fuzzcheck.HoldsDirective(first.Resp.Result) || fuzzcheck.SpecialInList(patch) {
			return
		}
		again := fuzzcheck.Ask(h, request(patch, first.Resp.Result), yamltree.YAML11)
		if len(again.Resp.Errors) > 0 {
			if fuzzcheck.MergeOnlyError(again.Resp.Errors) {
				return
			}
			t.Fatalf("the patch fails on its own result: %+v\nresult:\n%s\n%s", again.Resp.Errors, first.Resp.Result, first.Describe())
		}
		// A list of scalars with a value twice is taken whole where live lacks it, and merged
		// into itself, its repeats made one, the second time, as strategicpatch does
		// (testdata/fuzz/FuzzPatch/duplicate-scalars-in-merging-list).
		if diff := fuzzcheck.SameObjects(first.Resp.Result, again.Resp.Result, yamltree.YAML11, nil); diff != "" && !repeatedKeys(again.Resp) && !fuzzcheck.DuplicateScalars(patch) {
			t.Fatalf("applying the patch twice changed the object: %s\n%s", diff, first.Describe())
		}
		empty := fuzzcheck.Ask(h, request("{}\n", live), yamltree.YAML11)
		fuzzcheck.CheckCommon(t, empty)
		if len(empty.Resp.Errors) == 0 {
			if diff := fuzzcheck.SameObjects(live, empty.Resp.Result, yamltree.YAML11, nil); diff != "" {
				t.Fatalf("the empty patch changed live: %s\n%s", diff, empty.Describe())
			}
		}
	})
}

// repeatedKeys reports whether a mark says the patch listed several items with its item's key,
// merged one after the other into the item live held.
func repeatedKeys(resp *contract.Response) bool {
	for _, f := range resp.Fields {
		if strings.Contains(f.Reason, "merged one after the other into this one") {
			return true
		}
	}
	return false
}
