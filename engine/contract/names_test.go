package contract_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

// markedResponse is a response of marks on two resources, sharing reasons and rules, with a
// history step of its own marks.
func markedResponse() *contract.Response {
	r := contract.NewResponse()
	r.Result = "a: 1\n"
	r.Fields = []contract.Field{
		{Resource: "v1/ConfigMap/default/a", Path: ".data.k", Mark: contract.Changed, Line: 3, Reason: "the config changed it", Rule: "apply/changed-in-config"},
		{Resource: "v1/ConfigMap/default/a", Path: ".data.j", Mark: contract.Retained, Line: 4, Reason: "kept <as> live & had it", Rule: "apply/retained"},
		{Resource: "v1/ConfigMap/default/b", Path: ".data.k", Mark: contract.Changed, Line: 9, EndLine: 10, Reason: "the config changed it", Rule: "apply/changed-in-config"},
		{Resource: "v1/ConfigMap/default/b", Path: ".data.x", Mark: contract.Deleted, Line: 7, Reason: "gone", Rule: "apply/deleted-from-config",
			Place: &contract.Place{After: 10, Shift: -2, Under: 8, Doc: 1}},
	}
	step := contract.NewResponse()
	step.Fields = r.Fields[2:]
	r.Steps = []*contract.Response{step}
	return r
}

// decodeGeneric reads JSON as generic values.
func decodeGeneric(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return v
}

// TestMarksNameTheirStringsOnce wants version 2's marks to name their resource, path, reason
// and rule by index in names, each distinct string once in the order it first comes, a step
// with names of its own; and the answer to read back as the marks written whole.
func TestMarksNameTheirStringsOnce(t *testing.T) {
	r := markedResponse()
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	v := decodeGeneric(t, data)
	want := map[string]any{
		"resources": []any{"v1/ConfigMap/default/a", "v1/ConfigMap/default/b"},
		"paths":     []any{".data.k", ".data.j", ".data.x"},
		"reasons":   []any{"the config changed it", "kept <as> live & had it", "gone"},
		"rules":     []any{"apply/changed-in-config", "apply/retained", "apply/deleted-from-config"},
	}
	if v["version"] != 2.0 || !reflect.DeepEqual(v["names"], want) {
		t.Errorf("version %v, names %v, want %v", v["version"], v["names"], want)
	}
	third := v["fields"].([]any)[2].(map[string]any)
	if third["resource"] != 1.0 || third["path"] != 0.0 || third["reason"] != 0.0 || third["rule"] != 0.0 || third["endLine"] != 10.0 {
		t.Errorf("the third mark: %v", third)
	}
	step := v["steps"].([]any)[0].(map[string]any)
	if names := step["names"].(map[string]any); len(names["resources"].([]any)) != 1 || len(names["paths"].([]any)) != 2 {
		t.Errorf("the step's names: %v", names)
	}
	back, err := answerjson.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Fields, r.Fields) || !reflect.DeepEqual(back.Steps[0].Fields, r.Steps[0].Fields) {
		t.Errorf("read back %+v", back.Fields)
	}
	if empty := decodeGeneric(t, must(t, contract.NewResponse().Encode)); !reflect.DeepEqual(empty["names"],
		map[string]any{"resources": []any{}, "paths": []any{}, "reasons": []any{}, "rules": []any{}}) {
		t.Errorf("an answer without marks: names %v", empty["names"])
	}
}

// must returns what encode returns, failing on its error.
func must(t *testing.T, encode func() ([]byte, error)) []byte {
	t.Helper()
	data, err := encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestVersionOneWritesMarksWhole wants a response written for version 1 (a request naming it)
// to be version 1's shape: every mark whole, no names, its steps too, as encoding/json writes
// the Response type, the marks read back the same.
func TestVersionOneWritesMarksWhole(t *testing.T) {
	r := markedResponse().WrittenIn(contract.OldestVersion)
	data := must(t, r.Encode)
	v := decodeGeneric(t, data)
	if v["version"] != 1.0 || v["names"] != nil || v["steps"].([]any)[0].(map[string]any)["names"] != nil {
		t.Fatalf("version 1 written with names: %s", data)
	}
	if v["steps"].([]any)[0].(map[string]any)["version"] != 1.0 {
		t.Errorf("a step written in another version: %s", data)
	}
	var back contract.Response
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back.Fields, markedResponse().Fields) {
		t.Errorf("read back %+v, %v", back.Fields, err)
	}
	if same := markedResponse(); same.WrittenIn(0) != same || same.WrittenIn(contract.Version) != same {
		t.Error("WrittenIn copied a response written in the engine's version")
	}
}

// TestDeltaCarriesNamesOfItsMarks wants a delta's names to be those of the marks it carries
// alone (none when it carries none), in both versions' shapes, and the delta applied to read as
// the whole answer's marks.
func TestDeltaCarriesNamesOfItsMarks(t *testing.T) {
	for _, version := range []int{contract.OldestVersion, contract.Version} {
		first := markedResponse().WrittenIn(version)
		_, sent, err := contract.EncodeAnswer(first, nil, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		second := markedResponse().WrittenIn(version)
		second.Fields = append([]contract.Field{}, second.Fields...)
		second.Fields[1].Reason, second.Fields[1].Resource = "a new reason", "v1/ConfigMap/default/c"
		data, next, err := contract.EncodeAnswer(second, sent, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		v := decodeGeneric(t, data)
		if version == contract.OldestVersion {
			if v["names"] != nil {
				t.Errorf("version 1: a delta with names: %s", data)
			}
			continue
		}
		want := map[string]any{"resources": []any{"v1/ConfigMap/default/c"}, "paths": []any{".data.j"}, "reasons": []any{"a new reason"}, "rules": []any{"apply/retained"}}
		if !reflect.DeepEqual(v["names"], want) {
			t.Errorf("a delta's names %v, want %v: %s", v["names"], want, data)
		}
		expanded, err := answerjson.ExpandJSON(data)
		if err != nil || !strings.Contains(string(expanded), `"reason":"a new reason"`) || strings.Contains(string(expanded), `"names"`) {
			t.Errorf("expanded %s, %v", expanded, err)
		}
		same, _, err := contract.EncodeAnswer(second, next, 2, 3)
		if err != nil {
			t.Fatal(err)
		}
		if v := decodeGeneric(t, same); v["names"] != nil || v["fields"] != nil {
			t.Errorf("a delta that carries no marks: %s", same)
		}
	}
}

// FuzzMarkNames writes marks of any strings in version 2's shape and in version 1's: the first
// read back (answerjson, as the page's answernames.js reads it) is the second.
func FuzzMarkNames(f *testing.F) {
	f.Add("v1/ConfigMap/default/a", ".data.k", "why", "apply/added", "v1/ConfigMap/default/a", 3)
	f.Add("", "", "", "", "x", 0)
	f.Add("\u2028<&>\"\\", "[name=\"é😀\"]", "\x00\x1f", "r", "\u2028<&>\"\\", -1)
	f.Fuzz(func(t *testing.T, resource, path, reason, rule, other string, line int) {
		r := contract.NewResponse()
		r.Fields = []contract.Field{
			{Resource: resource, Path: path, Mark: contract.Added, Line: line, Reason: reason, Rule: rule},
			{Resource: other, Path: path, Mark: contract.Deleted, Line: 1, Reason: other, Rule: rule, Place: &contract.Place{Doc: line}},
			{Resource: resource, Path: other, Mark: contract.Changed, EndLine: line, Reason: reason, Rule: other},
		}
		named, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		whole, err := r.WrittenIn(contract.OldestVersion).Encode()
		if err != nil {
			t.Fatal(err)
		}
		expanded, err := answerjson.ExpandJSON(named)
		if err != nil {
			t.Fatalf("%s: %v", named, err)
		}
		got, want := decodeGeneric(t, expanded), decodeGeneric(t, whole)
		got["version"], want["version"] = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("read back:\n%s\nwant\n%s", expanded, whole)
		}
	})
}
