package handler

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestMarshalModesAsEncodingJSON checks MarshalModes against encoding/json's writing of the
// same description.
func TestMarshalModesAsEncodingJSON(t *testing.T) {
	type info struct {
		Name    string   `json:"name"`
		Summary string   `json:"summary"`
		Built   bool     `json:"built"`
		Reads   []string `json:"reads"`
	}
	h := Default()
	var out []info
	for _, m := range h.Modes() {
		var reads []string
		for _, r := range m.Reads {
			reads = append(reads, string(r))
		}
		out = append(out, info{Name: m.Name, Summary: m.Summary, Built: m.Built(), Reads: reads})
	}
	want, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.MarshalModes()
	if err != nil || string(got) != string(want) {
		t.Errorf("got  %s, %v\nwant %s", got, err, want)
	}
}

// deployments returns a stream of n Deployments, each with two containers; version changes
// the images and adds an environment variable, drift adds a replica count and an annotation.
func deployments(n int, version string, drift bool) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-%d\n  labels: {app: web-%d, tier: \"<front> & back\"}\n", i, i)
		if drift {
			fmt.Fprintf(&b, "  annotations: {deployment.kubernetes.io/revision: \"%d\"}\n", i)
		}
		fmt.Fprintf(&b, "spec:\n  selector: {matchLabels: {app: web-%d}}\n", i)
		if drift {
			b.WriteString("  replicas: 3\n")
		}
		fmt.Fprintf(&b, "  template:\n    metadata: {labels: {app: web-%d}}\n    spec:\n      containers:\n", i)
		for _, c := range []string{"app", "sidecar"} {
			fmt.Fprintf(&b, "      - name: %s\n        image: example.com/%s:%s\n        env:\n        - {name: MODE, value: \"a && b\"}\n", c, c, version)
			if version != "v1" {
				b.WriteString("        - {name: NEW, value: \"x\"}\n")
			}
		}
		b.WriteString("---\n")
	}
	return b.String()
}

// BenchmarkEncodeResponse writes the response of an apply of 200 Deployments (marks, patches
// twice, the line diff) with Response.Encode and, for comparison, with encoding/json.
func BenchmarkEncodeResponse(b *testing.B) {
	req := &contract.Request{Mode: "apply", Original: deployments(200, "v1", false), Updated: deployments(200, "v2", false),
		Live: deployments(200, "v1", true), Options: contract.DefaultOptions()}
	resp := Default().Handle(context.Background(), req)
	if len(resp.Errors) > 0 {
		b.Fatal(resp.Errors)
	}
	b.Run("jsonwire", func(b *testing.B) {
		for b.Loop() {
			out, err := resp.Encode()
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(resp); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(buf.Len()))
		}
	})
}

// BenchmarkDecodeRequest reads the same apply's request with contract.DecodeRequest and, for
// comparison, with encoding/json.
func BenchmarkDecodeRequest(b *testing.B) {
	req := &contract.Request{Mode: "apply", Original: deployments(200, "v1", false), Updated: deployments(200, "v2", false),
		Live: deployments(200, "v1", true), Options: contract.DefaultOptions()}
	data := req.EncodeJSON()
	b.SetBytes(int64(len(data)))
	b.Run("jsonwire", func(b *testing.B) {
		for b.Loop() {
			if _, err := contract.DecodeRequest(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			var back contract.Request
			if err := json.Unmarshal(data, &back); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestHandleJSONTexts wants a request whose inputs are given apart answered as the same request
// with its inputs in the JSON, and an input given both ways refused.
func TestHandleJSONTexts(t *testing.T) {
	texts := Texts{Original: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n",
		Updated: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: \"w\\u00e9\"}\n",
		Live:    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v, x: y}\n"}
	whole, err := json.Marshal(&contract.Request{Mode: "apply", Original: texts.Original, Updated: texts.Updated, Live: texts.Live, Options: contract.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	apart, err := json.Marshal(&contract.Request{Mode: "apply", Options: contract.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	want := Default().HandleJSON(context.Background(), whole)
	if got := Default().HandleJSONTexts(context.Background(), apart, texts); string(got) != string(want) {
		t.Errorf("inputs apart:\n%s\nwant\n%s", got, want)
	}
	twice := Default().HandleJSONTexts(context.Background(), whole, texts)
	if !strings.Contains(string(twice), "give each input once") {
		t.Errorf("inputs given twice: %s", twice)
	}
}
