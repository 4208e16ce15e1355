package examples

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

// TestEncodeAsEncodingJSON checks that every example's response (and its reproduce script) is
// written in version 1's shape byte for byte as encoding/json writes it from the types' json
// tags, HTML escaping off: the hand-written writers of package jsonwire's Marshalers keep the
// keys, their order and their omissions. In the engine's version the response is the same once
// its marks' names are expanded (answerjson, as the page reads it).
func TestEncodeAsEncodingJSON(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	for _, ex := range all {
		for _, reproduce := range []bool{false, true} {
			req := *ex.Request
			req.Reproduce = reproduce
			resp := h.Handle(context.Background(), &req)
			old := resp.WrittenIn(contract.OldestVersion)
			got, err := old.Encode()
			if err != nil {
				t.Fatalf("%s: %v", ex.Name, err)
			}
			if want := encodingJSON(t, withStepsIn(old, contract.OldestVersion)); !bytes.Equal(got, want) {
				t.Errorf("%s (reproduce %v): the response differs from encoding/json's at byte %d:\n%s", ex.Name, reproduce, firstDifference(got, want), got)
			}
			named, err := resp.Encode()
			if err != nil {
				t.Fatalf("%s: %v", ex.Name, err)
			}
			expanded, err := answerjson.ExpandJSON(named)
			if err != nil {
				t.Fatalf("%s: %v", ex.Name, err)
			}
			if a, b := genericWithoutVersion(t, expanded), genericWithoutVersion(t, got); !reflect.DeepEqual(a, b) {
				t.Errorf("%s (reproduce %v): version %d's answer, its names expanded, is not version %d's:\n%s", ex.Name, reproduce, contract.Version, contract.OldestVersion, named)
			}
		}
	}
}

// withStepsIn returns a copy of resp whose steps (their own too) say version, as the writer
// writes a response's steps in its version.
func withStepsIn(resp *contract.Response, version int) *contract.Response {
	out := *resp
	out.Version = version
	out.Steps = make([]*contract.Response, len(resp.Steps))
	for i, step := range resp.Steps {
		out.Steps[i] = withStepsIn(step, version)
	}
	return &out
}

// genericWithoutVersion reads an answer as generic values, its versions (its steps' too) left out.
func genericWithoutVersion(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "version")
	for _, step := range v["steps"].([]any) {
		delete(step.(map[string]any), "version")
	}
	return v
}

// encodingJSON writes the response as Response.Encode wrote it with encoding/json.
func encodingJSON(t *testing.T, resp *contract.Response) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp.Normalize()); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
