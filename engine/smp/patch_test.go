package smp

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
)

// TestReadTypesDirectives reads every directive as a typed entry and writes the patch back as
// kubectl's bytes.
func TestReadTypesDirectives(t *testing.T) {
	text := `{"$patch": "replace", "$retainKeys": [a], "$setElementOrder/l": [{name: x}], "$deleteFromPrimitiveList/s": [1], "a": null, "$other": 1}`
	p := Read(doc(t, text)).Map
	want := []struct {
		kind EntryKind
		name string
	}{{PatchEntry, ""}, {RetainKeysEntry, ""}, {SetElementOrderEntry, "l"}, {DeleteFromPrimitiveListEntry, "s"}, {FieldEntry, "a"}, {FieldEntry, "$other"}}
	if len(p.Entries) != len(want) {
		t.Fatalf("entries %d, want %d", len(p.Entries), len(want))
	}
	for i, w := range want {
		if e := p.Entries[i]; e.Kind != w.kind || e.Name != w.name {
			t.Errorf("entry %d: %v %q, want %v %q", i, e.Kind, e.Name, w.kind, w.name)
		}
	}
	got, err := p.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if wantJSON := `{"$deleteFromPrimitiveList/s":[1],"$other":1,"$patch":"replace","$retainKeys":["a"],"$setElementOrder/l":[{"name":"x"}],"a":null}`; got != wantJSON {
		t.Errorf("JSON %s\nwant %s", got, wantJSON)
	}
}

// TestTakenWhole writes a patch value as the API server stores one it takes whole: nulls and maps
// carrying "$patch" dropped, other directives kept.
func TestTakenWhole(t *testing.T) {
	v := Read(doc(t, `{a: null, b: {$patch: delete}, c: [{$patch: replace}, 1], $retainKeys: [c]}`))
	got, err := jsonOfTree(v.node(asTaken))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"c":[1],"$retainKeys":["c"]}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestAsServerMergesUnknownFields: a map or list under a field its type does not declare, which
// live holds too, fails the merge library (kubectl's, Helm's) and is merged as an untyped value by the API server,
// which then drops it (AsServer; observed on kube-apiserver v1.37.2, 2026-12-06).
func TestAsServerMergesUnknownFields(t *testing.T) {
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	library := For(builtin.Root("apps/v1", "Deployment"), PatchMergeKeys)
	live := doc(t, `{apiVersion: apps/v1, kind: Deployment, metadata: {name: web, lables: {app: w}}, spec: {template: {spec: {containers: [{name: a, image: x}]}}}}`)
	patch := Read(doc(t, `{metadata: {lables: {app: x}}, spec: {template: {spec: {containres: [{name: z}], containers: [{name: a, envv: {k: v}}]}}}}`)).Map
	if _, refused := Apply(live, patch, library); refused == nil || !strings.Contains(refused.Error(), `unable to find api field in struct ObjectMeta for the json field "lables"`) {
		t.Errorf("the library's schema: error %v, want its refusal of lables", refused)
	}
	out, err := Apply(live, patch, library.AsServer())
	if err != nil {
		t.Fatal(err)
	}
	got, err := jsonOfTree(out.Result)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","lables":{"app":"x"}},"spec":{"template":{"spec":{"containers":[{"name":"a","image":"x","envv":{"k":"v"}}],"containres":[{"name":"z"}]}}}}`
	if got != want {
		t.Errorf("merged:\n%s\nwant:\n%s", got, want)
	}
}
