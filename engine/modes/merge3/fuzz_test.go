package merge3_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/fuzzcheck"
	"github.com/mergeplay/mergeplay/engine/modes/merge3"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzMerge3 checks the merge3 mode (kpt / kustomize package update) on any three inputs.
//
// Invariants checked:
//   - no internal error or panic; a result parses back (YAML 1.2, as kyaml reads it); marks
//     point into their text (fuzzcheck.CheckCommon);
//   - the handler, which answered the fuzzer's earlier inputs (its reading cache and merge3's
//     memo hold their documents and the groups' pieces), answers as a new one does, and as the
//     mode answering every request whole does (fuzzcheck.AnswersAsNew, merge3.WholeMode): a
//     group's piece is reused only for the same documents, and an answer assembled from pieces
//     is the answer written whole;
//   - a deleted mark names a field live has at its line and the result lacks
//     (fuzzcheck.CheckDeleted; an item named by position is named by its index in the result,
//     which the items dropped before it shift: testdata/fuzz/FuzzMerge3/
//     field-of-item-after-dropped);
//   - idempotence: rebasing the result onto the same upstream change again (same original and
//     updated, the result as the local copy) returns the result, as data. Not when the local
//     copy or the result holds a null: the null clears its field once, and the next merge takes
//     what upstream added there for new; nor when upstream's null was written as an empty quoted string (nullWrittenEmpty);
//   - identical inputs: merging a result with itself as original, updated and local copy
//     returns it, as data.
//
// Both compare a list of maps where an item lacks a field another item holds (an item without
// the list's merge key, or a scalar item beside maps) by its number of items only. kyaml moves
// the items without the key before the others on every merge, even of three equal copies
// ([{name: 0}, {"0": null}] becomes [{"0": null}, {name: 0}]: testdata/fuzz/FuzzMerge3/
// keyless-item-moved-first), and rebuilds the items holding the key, dropping some fields,
// writing the key's value as a string and putting fields and items in another order
// ([{"0": null}, {name: 0, ports: [], x: 1}] becomes [{"0": null}, {ports: [], name: "0"}]:
// keyless-list-rebuilt; a rebase drops the field "0" of [{name: app, "0": 0}, {"0": 1}] and
// moves the item last: keyless-rebase-rebuilds; see also keyless-live-item-reorders and
// scalar-item-reorders). Each is checked against kyaml in
// scripts/conformance/fuzzfindings_test.go.
//
// Both compare with null fields dropped, kio's path, index and id annotations under one name
// (kioCopies: kio copies them between two names once two resources meet), then an empty
// metadata.annotations and an empty metadata: a resource only one side has (upstream added it, or only the local copy has it) is
// copied whole, nulls included, and the next merge clears them, and kio's reader then drops
// the annotations and metadata maps left empty. Both accept one error on the second merge,
// which the first could not meet: a result holding two resources that differ only by
// "namespace: default" (kio keeps them apart, package stream refuses them in one input; see
// the package doc).
//
// Rebasing again may also be refused where the first merge was not: once upstream changed a
// field's kind (a list became a scalar), the local copy holds the new kind and the original the
// old one, and kyaml's walk stops on sources of different kinds ("wrong node kind"). Merging a
// result with itself may be refused the same way: a list whose comment schema asks for a merge
// without naming a key makes kyaml walk its items as keys, which it refuses on any three copies;
// and a map holding an empty key, which the first merge copied with a resource upstream added,
// is refused once walked (factEmptyKeyStops, "wrong node kind" too).
//
// With inferKeys, both may be refused at an empty list no schema describes: kyaml infers a
// list's merge key from its items and refuses to walk an empty list ("no merge key found for
// field"), in a resource two or three inputs hold. A resource only one input holds (only the
// local copy has it, or upstream added it) is copied without a walk, so the first merge passes
// and the next is refused: issue 20's finding, all three inputs "apiVersion: apps/v1", "kind:
// Deployment", "0:00:000:000: []", "0: A!0" refused (checked against kyaml:
// scripts/conformance/fuzzfindings_test.go). Such refusals are accepted when each error points
// at an empty list of the copy merged (unkeyedEmptyList).
//
// Neither compares a result whose list of maps repeats a value every item holds (two items
// with containerPort 8080, upstream's new resource copied as written): each later merge matches
// both items to the first and gives the second the first's fields, as kyaml does
// (testdata/fuzz/FuzzMerge3/repeated-inferred-key, checked in
// scripts/conformance/fuzzfindings_test.go).
//
// With inferKeys, the rebase may also be refused where kyaml infers different merge keys for
// one list in two versions ("conflicting merge keys [name,]": the original's list holds a null
// item, upstream's a map with name): a resource the local copy lacks is copied without a walk,
// so the first merge passes, and the rebase walks it (testdata/fuzz/FuzzMerge3/
// conflicting-inferred-keys, checked against kyaml in scripts/conformance/fuzzfindings_test.go).
//
// A result kyaml's writer breaks is not checked further: a flow collection after a line comment,
// as flowWithComment says of the inputs, and the empty list a merge leaves after its key's line
// comment, or the empty map a merge leaves there once it clears the map's null field
// (flowAfterComment, on every merge's result; testdata/fuzz/FuzzMerge3/
// comment-before-emptied-list and comment-before-emptied-map).
//
// kio's path annotation (config.kubernetes.io/path) is part of its identity: a local copy
// annotated with a path and upstream's copy without one are two resources of one name, one
// deleted and one added, and the mode names the second as kio keys it. The deleted check
// (fuzzcheck.CheckDeleted) then finds the added one in the result under the deleted one's
// identity: it skips a deleted resource whose object another resource's marks name
// (testdata/fuzz/FuzzMerge3/path-annotation-sets-apart; the result checked against kyaml in
// scripts/conformance/fuzzfindings_test.go).
//
// Identical inputs are taken from a result rather than from live: kyaml's merge of three equal
// copies of any local copy does not return it, because it normalizes on the way (a null clears
// its field, an item of a keyed list without its key is dropped, an empty metadata or
// annotations map is dropped by kio's reader). A result has been through all that once.
//
// Found and fixed: when kyaml replaces a local list item by a rebuilt one (a list holding an
// item without the key), the marks called the item both added and deleted; it is now changed
// (the first case of modeCases). A tag or anchor before a map's first key ("! k: v" then
// "b: x") made the engine's reader refuse the map's next entries, or read deeper lines as the
// key's siblings (kyaml and kubectl read them under it), and the non-specific tag "!" was
// written again where kyaml writes none: both fixed, checked against kyaml
// (scripts/conformance/fuzzfindings_test.go, TestTagBeforeKeyAsKyaml;
// testdata/fuzz/FuzzMerge3/tag-before-key and tag-before-key-2).
//
// Seeds: the mode's table tests (modeCases), the merge3 examples, and kyaml's recorded merge3
// cases (testdata/kyaml-merge3-vectors.json, copied from shared/conformance).
func FuzzMerge3(f *testing.F) {
	for _, c := range modeCases {
		f.Add(c.original, c.updated, c.live, c.inferKeys)
	}
	for _, req := range fuzzcheck.ExampleRequests(f, "merge3") {
		f.Add(req.Original, req.Updated, req.Live, req.Options.InferKeys)
	}
	for _, v := range kyamlVectors(f) {
		f.Add(v.Origin, v.Update, v.Local, v.Infer)
	}
	h, fresh, whole := handler.Default(), handler.Default(), handler.New(merge3.WholeMode())
	f.Fuzz(func(t *testing.T, original, updated, live string, inferKeys bool) {
		if len(original)+len(updated)+len(live) > fuzzcheck.MaxInput || flowWithComment(original, updated, live) {
			return
		}
		ask := func(original, updated, live string) *fuzzcheck.Run {
			opts := contract.DefaultOptions()
			opts.InferKeys = inferKeys
			return fuzzcheck.Ask(h, &contract.Request{Mode: "merge3", Original: original, Updated: updated, Live: live, Options: opts}, yamltree.YAML12)
		}
		first := ask(original, updated, live)
		fuzzcheck.AnswersAsNew(t, first, fresh)
		fuzzcheck.AnswersAsNew(t, first, whole)
		if flowAfterComment(first.Resp.Result) {
			return
		}
		if fuzzcheck.CheckCommon(t, first) == nil {
			return
		}
		if flowWithComment(original, updated, first.Resp.Result) {
			return
		}
		if checkRebaseAgain(t, ask, first) {
			checkSelfMerge(t, ask, first.Resp.Result)
		}
	})
}

// checkRebaseAgain rebases first's result onto the same upstream change again: the result must
// come out as it was. It reports false when the rebase's result cannot be read back (a flow
// collection after a comment), which stops the checks of the case.
func checkRebaseAgain(t *testing.T, ask func(original, updated, live string) *fuzzcheck.Run, first *fuzzcheck.Run) bool {
	original, updated, live, result := first.Req.Original, first.Req.Updated, first.Req.Live, first.Resp.Result
	again := ask(original, updated, result)
	if flowAfterComment(again.Resp.Result) {
		return false
	}
	fuzzcheck.CheckCommon(t, again)
	// A null in the local copy clears its field once; the next merge takes what upstream
	// added there for new. So does a null the result holds (upstream added a resource with
	// one: the item {containerPort: null} becomes {}, which the rebase then drops for lacking
	// the key, as kyaml does: testdata/fuzz/FuzzMerge3/upstream-null-in-keyed-item).
	if fuzzcheck.HoldsNull(live, yamltree.YAML12) || fuzzcheck.HoldsNull(result, yamltree.YAML12) || nullWrittenEmpty(updated, result) {
		return true
	}
	if len(again.Resp.Errors) > 0 && !namespaceTwice(again.Resp.Errors) && !kindChanged(again.Resp.Errors) && !unkeyedEmptyList(again.Resp.Errors, result) && !conflictingKeys(again.Resp.Errors) {
		t.Fatalf("rebasing the result again fails: %+v\nresult:\n%s\n%s", again.Resp.Errors, result, first.Describe())
	}
	// An item upstream added without the list's merge key matches nothing, so kyaml
	// appends it again on every merge: a rebase that grew a list is not compared. Nor one
	// that shrank a list holding an item without the key: kyaml may then drop a local
	// item the first merge kept (testdata/fuzz/FuzzMerge3/keyless-rebase-drops).
	grew := listItems(again.Resp.Result) > listItems(result)
	// Nor one of a result whose list repeats a value every item holds (a key): the
	// rebase matches both items to the first (testdata/fuzz/FuzzMerge3/
	// repeated-inferred-key, checked against kyaml).
	shrank := listItems(again.Resp.Result) < listItems(result) && holdsKeylessList(result)
	if diff := fuzzcheck.SameObjects(result, again.Resp.Result, yamltree.YAML12, kioKeylessBlank); len(again.Resp.Errors) == 0 && !grew && !shrank && !repeatsSharedValue(result) && diff != "" {
		t.Fatalf("rebasing the result onto the same upstream change again changed it: %s\n%s", diff, first.Describe())
	}
	return true
}

// checkSelfMerge merges a result with itself (it as upstream before, upstream now and the local
// copy): it must come out as it was.
func checkSelfMerge(t *testing.T, ask func(original, updated, live string) *fuzzcheck.Run, result string) {
	same := ask(result, result, result)
	if flowAfterComment(same.Resp.Result) {
		return
	}
	fuzzcheck.CheckCommon(t, same)
	if len(same.Resp.Errors) > 0 && !namespaceTwice(same.Resp.Errors) && !kindChanged(same.Resp.Errors) && !unkeyedEmptyList(same.Resp.Errors, result) {
		t.Fatalf("merging a result with itself fails: %+v\n%s", same.Resp.Errors, same.Describe())
	}
	// Items without the list's merge key match nothing: merging copies that hold them may
	// add or drop some, so a merge that changed a list's length is not compared.
	// Nor are the items of a list where an item lacks a field another holds: kyaml rebuilds
	// its items on every merge (testdata/fuzz/FuzzMerge3/keyless-list-rebuilt). Nor a list
	// repeating a key value: kyaml matches both items to the first (repeated-inferred-key).
	resized := listItems(same.Resp.Result) != listItems(result)
	if diff := fuzzcheck.SameObjects(result, same.Resp.Result, yamltree.YAML12, kioKeylessBlank); len(same.Resp.Errors) == 0 && !resized && !repeatsSharedValue(result) && diff != "" {
		t.Fatalf("merging a result with itself changed it: %s\n%s", diff, same.Describe())
	}
}

// nullWrittenEmpty reports whether upstream holds a null and the result an empty quoted string:
// kyaml writes the empty null of a flow map ({0}) as an empty single-quoted string when it
// copies a resource upstream added, which reads back as a string, and the rebase's null clears it
// (testdata/fuzz/FuzzMerge3/flow-key-typed, checked in scripts/conformance/fuzzfindings_test.go).
func nullWrittenEmpty(updated, result string) bool {
	return fuzzcheck.HoldsNull(updated, yamltree.YAML12) && strings.Contains(result, "''")
}

// kyamlVector is one recorded case of kyaml's merge3 tests (testdata/README.md).
type kyamlVector struct {
	Origin, Update, Local string
	Infer                 bool
}

// kyamlVectors returns the recorded kyaml cases.
func kyamlVectors(t testing.TB) []kyamlVector {
	data, err := os.ReadFile("testdata/kyaml-merge3-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []kyamlVector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// namespaceTwice reports whether every error is package stream's refusal of one resource written
// twice, with and without "namespace: default".
func namespaceTwice(errs []contract.Error) bool {
	for _, e := range errs {
		if !strings.Contains(e.Message, "/default/") || !strings.Contains(e.Message, "is defined twice") {
			return false
		}
	}
	return true
}

// listItems counts the items of every list of a stream; 0 when it does not parse.
func listItems(text string) int {
	docs, err := yamltree.Parse(yamltree.Result, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		return 0
	}
	var count func(n *yamltree.Node) int
	count = func(n *yamltree.Node) int {
		if n == nil {
			return 0
		}
		c := len(n.Items)
		for _, f := range n.Fields {
			c += count(f.Value)
		}
		for _, it := range n.Items {
			c += count(it)
		}
		return c
	}
	total := 0
	for _, d := range docs {
		total += count(d.Root)
	}
	return total
}

// flowWithComment reports whether the local copy holds a flow collection while an input holds a
// comment: kyaml's writer (go-yaml v3's) may then put the comment inside the flow collection,
// where it breaks the YAML ("{list:, # c\n[2]}", checked against kyaml), and the engine writes
// what kyaml writes, so the result would not read back.
func flowWithComment(original, updated, live string) bool {
	return strings.ContainsAny(live, "{[") && strings.Contains(original+updated+live, "#")
}

// flowAfterComment reports whether a result does not read back because a line ending in a
// comment is followed by a flow collection at the start of a line: kyaml's writer puts there the
// empty list a merge leaves after its key's line comment ("parts: # c\n[]", an item dropped for
// lacking the comment schema's key) and the empty map ("0: # c\n{}", a null field cleared;
// both checked against kyaml in scripts/conformance/fuzzfindings_test.go), and the engine writes
// what kyaml writes.
func flowAfterComment(result string) bool {
	if _, err := yamltree.Parse(yamltree.Result, result, yamltree.Options{Rules: yamltree.YAML12}); err == nil {
		return false
	}
	lines := strings.Split(result, "\n")
	for i := 1; i < len(lines); i++ {
		if strings.Contains(lines[i-1], "#") && (strings.HasPrefix(lines[i], "[") || strings.HasPrefix(lines[i], "{")) {
			return true
		}
	}
	return false
}

// conflictingKeys reports whether every error is kyaml's refusal of a list whose versions carry
// different inferred merge keys.
func conflictingKeys(errs []contract.Error) bool {
	for _, e := range errs {
		if !strings.Contains(e.Message, "conflicting merge keys") {
			return false
		}
	}
	return len(errs) > 0
}

// repeatsSharedValue reports whether a stream holds a list of maps where two items hold the
// same scalar in a field every item holds (a key value repeated); false when it does not parse.
func repeatsSharedValue(text string) bool {
	return fuzzcheck.Holds(yamltree.Result, text, yamltree.Options{Rules: yamltree.YAML12}, func(n *yamltree.Node) bool {
		return n.IsList() && len(n.Items) > 1 && repeatedField(n.Items)
	})
}

// repeatedField reports whether items are all maps and two of them hold the same scalar in a
// field every item holds.
func repeatedField(items []*yamltree.Node) bool {
	if !items[0].IsMap() {
		return false
	}
	for _, f := range items[0].Fields {
		seen := map[string]bool{}
		for _, it := range items {
			v := it.Get(f.Name())
			if !it.IsMap() || !v.IsScalar() {
				break
			}
			if seen[v.Value] {
				return true
			}
			seen[v.Value] = true
		}
	}
	return false
}

// kindChanged reports whether every error is kyaml's refusal to walk sources of different kinds
// (or a map holding an empty key).
func kindChanged(errs []contract.Error) bool {
	for _, e := range errs {
		if !strings.Contains(e.Message, "wrong node kind") {
			return false
		}
	}
	return true
}

// unkeyedEmptyList reports whether every error is kyaml's refusal to walk an empty list whose
// merge key it cannot infer ("no merge key found for field"), each at an empty list of live.
func unkeyedEmptyList(errs []contract.Error, live string) bool {
	docs, err := yamltree.Parse(yamltree.Live, live, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		return false
	}
	for _, e := range errs {
		if !strings.Contains(e.Message, "no merge key found for field") || e.Input != string(yamltree.Live) || !emptyListAt(docs, e.Line, e.Column) {
			return false
		}
	}
	return len(errs) > 0
}

// emptyListAt reports whether a document holds an empty list starting at line and column.
func emptyListAt(docs []*yamltree.Document, line, column int) bool {
	var walk func(n *yamltree.Node) bool
	walk = func(n *yamltree.Node) bool {
		if n == nil {
			return false
		}
		if n.IsList() && len(n.Items) == 0 && n.Pos.Line == line && n.Pos.Column == column {
			return true
		}
		for _, f := range n.Fields {
			if walk(f.Value) {
				return true
			}
		}
		for _, it := range n.Items {
			if walk(it) {
				return true
			}
		}
		return false
	}
	for _, d := range docs {
		if walk(d.Root) {
			return true
		}
	}
	return false
}

// kioKeylessBlank is kioNormal, then every item of a list of maps where an item lacks a field
// another item holds made an empty map: merging three equal copies, kyaml rebuilds the items
// that hold the list's merge key, keeping some of their fields, in another order, the key's
// value written as a string (- {0: null} beside - {name: 0, ports: [], x: 1} becomes
// - {ports: [], name: "0"}; without ports the item is dropped; checked against kyaml in
// scripts/conformance/fuzzfindings_test.go), so only the number of such items is compared.
func kioKeylessBlank(obj *yamltree.Node) {
	kioNormal(obj)
	blankKeylessLists(obj)
}

// blankKeylessLists makes, at any depth, each item of a list of maps where an item lacks a
// field another holds an empty map.
func blankKeylessLists(n *yamltree.Node) {
	if n == nil {
		return
	}
	for _, f := range n.Fields {
		blankKeylessLists(f.Value)
	}
	if n.IsList() && someFieldMissing(n.Items) {
		for i := range n.Items {
			n.Items[i] = yamltree.NewMap()
		}
		return
	}
	for _, it := range n.Items {
		blankKeylessLists(it)
	}
}

// holdsKeylessList reports whether a stream holds a list of maps where an item lacks a field
// another item holds; false when it does not parse.
func holdsKeylessList(text string) bool {
	return fuzzcheck.Holds(yamltree.Result, text, yamltree.Options{Rules: yamltree.YAML12}, func(n *yamltree.Node) bool {
		return n.IsList() && someFieldMissing(n.Items)
	})
}

// someFieldMissing reports whether items hold a map and one item lacks a field another holds: a
// scalar item beside maps lacks them all (kyaml moves the items of such a list on a rebase:
// testdata/fuzz/FuzzMerge3/scalar-item-reorders, checked in
// scripts/conformance/fuzzfindings_test.go).
func someFieldMissing(items []*yamltree.Node) bool {
	fields := map[string]int{}
	maps := 0
	for _, it := range items {
		if !it.IsMap() {
			continue
		}
		maps++
		for _, f := range it.Fields {
			fields[f.Name()]++
		}
	}
	if maps == 0 {
		return false
	}
	for _, n := range fields {
		if n < len(items) {
			return true
		}
	}
	return false
}

// kioNormal removes every null field of an object, keeps one of each pair of kio's path, index
// and id annotations (kioCopies), then drops its metadata.annotations and its metadata when they
// are empty maps.
func kioNormal(obj *yamltree.Node) {
	dropNulls(obj)
	meta := obj.Get("metadata")
	kioCopies(meta.Get("annotations"))
	if a := meta.Get("annotations"); a.IsMap() && len(a.Fields) == 0 {
		meta.Delete("annotations")
	}
	if meta.IsMap() && len(meta.Fields) == 0 {
		obj.Delete("metadata")
	}
}

// kioCopies keeps one name of each of kio's path, index and id annotations: with two resources
// or more, kio copies each between its legacy name (config.kubernetes.io/path) and its current
// one (internal.config.kubernetes.io/path), so a rebase may add the copy the first merge, of one
// resource, did not (testdata/fuzz/FuzzMerge3/legacy-path-copied; checked against kyaml in
// scripts/conformance/fuzzfindings_test.go). The current name is dropped where the legacy one
// is present, else renamed to it; values compare as text.
func kioCopies(annotations *yamltree.Node) {
	if !annotations.IsMap() {
		return
	}
	for _, name := range []string{"path", "index", "id"} {
		legacy, current := "config.kubernetes.io/"+name, "internal.config.kubernetes.io/"+name
		if v := annotations.Get(current); v != nil {
			annotations.Delete(current)
			if !annotations.Has(legacy) {
				annotations.Set(legacy, v)
			}
		}
		if v := annotations.Get(legacy); v.IsScalar() {
			annotations.Set(legacy, yamltree.NewString(v.Value))
		}
	}
}

// dropNulls removes every map field holding null.
func dropNulls(n *yamltree.Node) {
	if n == nil {
		return
	}
	kept := n.Fields[:0]
	for _, f := range n.Fields {
		if !f.Value.IsNull() {
			dropNulls(f.Value)
			kept = append(kept, f)
		}
	}
	n.Fields = kept
	for _, it := range n.Items {
		dropNulls(it)
	}
}
