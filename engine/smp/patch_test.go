package smp

import (
	"testing"
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
