package twoway_test

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzTwoWay checks the twoway mode (Helm 2's upgrade beside Helm 3's) on any three inputs.
//
// Invariants checked:
//   - no internal error or panic; a result parses back; marks point into their text
//     (checkCommon);
//   - a deleted mark names a field live has at its line and the result lacks (checkDeleted);
//   - identical inputs: with the previous render, the new render and live all equal, the result
//     is live (equal renders send no patch, as Helm 2's createPatch did);
//   - idempotence: running the same upgrade again (same renders, the result as live) changes
//     nothing, unless the second run is refused with an error strategicpatch raises only when
//     merging into a value live holds (see FuzzPatch: the two-way patch is a strategic merge
//     patch, and a value live lacks is taken whole the first time, unchecked).
//     Not when the new render holds a null: a resource the upgrade creates keeps it as rendered
//     (the engine models no API server pruning), and the two-way patch's null then deletes it.
//     Nor when the result holds a directive (see FuzzPatch). And when the first run created a
//     resource, the second may be refused: a create sends no patch, so the render is first
//     diffed on the second run (an item of a merged list without its merge key is refused
//     then, as Helm 2's next upgrade would be).
//
// Not checked: "live equal to the previous render gives the three-way result" does not hold:
// $setElementOrder and strategicpatch's sorting of primitive lists make the two patches order
// lists differently.
//
// Seeds: the twoway examples, the apply examples (the same three inputs, as Helm 3 reads them)
// and strategicpatch's recorded three-way table (original, modified, current) under its
// mergeItem schema (engine/smp/testdata, copied from shared/conformance).
func FuzzTwoWay(f *testing.F) {
	vectors, swagger := smpVectors(f)
	schemas := schemaTable{{}, {swagger, "mergeItem"}}
	for _, mode := range []string{"twoway", "apply"} {
		for _, req := range exampleRequests(f, mode) {
			f.Add(req.Original, req.Updated, req.Live, schemas.index(req.Options.Schema, req.Options.SchemaType))
		}
	}
	for _, v := range vectors {
		f.Add(text(v.Original), text(v.Modified), text(v.Current), uint8(1))
	}
	h := handler.Default()
	f.Fuzz(func(t *testing.T, original, updated, live string, schema uint8) {
		if len(original)+len(updated)+len(live) > maxFuzzInput {
			return
		}
		request := func(original, updated, live string) *contract.Request {
			opts := contract.DefaultOptions()
			s := schemas.pick(schema)
			opts.Schema, opts.SchemaType = s.text, s.typ
			return &contract.Request{Mode: "twoway", Original: original, Updated: updated, Live: live, Options: opts}
		}
		first := ask(h, request(original, updated, live), yamltree.YAML11)
		if checkCommon(t, first) == nil {
			return
		}
		if !holdsNull(updated, yamltree.YAML11) && !holdsDirective(first.resp.Result) {
			again := ask(h, request(original, updated, first.resp.Result), yamltree.YAML11)
			if len(again.resp.Errors) > 0 && !mergeOnlyError(again.resp.Errors) && !created(first.resp) {
				t.Fatalf("running the upgrade again fails: %+v\nresult:\n%s\n%s", again.resp.Errors, first.resp.Result, first.describe())
			}
			if diff := sameObjects(first.resp.Result, again.resp.Result, yamltree.YAML11, nil); len(again.resp.Errors) == 0 && diff != "" {
				t.Fatalf("running the upgrade again changed the object: %s\n%s", diff, first.describe())
			}
		}
		same := ask(h, request(live, live, live), yamltree.YAML11)
		checkCommon(t, same)
		if len(same.resp.Errors) > 0 {
			t.Fatalf("identical inputs fail: %+v\n%s", same.resp.Errors, same.describe())
		}
		if diff := sameObjects(live, same.resp.Result, yamltree.YAML11, nil); diff != "" {
			t.Fatalf("identical inputs do not return live: %s\n%s", diff, same.describe())
		}
	})
}

// created reports whether a response created a resource (a whole resource marked added).
func created(resp *contract.Response) bool {
	for _, f := range resp.Fields {
		if f.Path == "" && f.Mark == contract.Added {
			return true
		}
	}
	return false
}
