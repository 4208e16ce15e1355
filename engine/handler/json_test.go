package handler

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// pageMode is a mode as MarshalModes writes it, read back by encoding/json.
type pageMode struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Rules   string `json:"rules"`
	Inputs  map[string]*struct{ Label string }
	Options []struct {
		Key  string `json:"key"`
		Sent bool   `json:"sent"`
	} `json:"options"`
	Validates    bool     `json:"validates"`
	Reproducible bool     `json:"reproducible"`
	Marks        []string `json:"marks"`
}

// TestMarshalModesReadsBack reads MarshalModes back with encoding/json: every option of the
// contract, every mode with its inputs, options and marks as its descriptor says, the writers
// (registered last) under "writers".
func TestMarshalModesReadsBack(t *testing.T) {
	h := Default()
	data, err := h.MarshalModes()
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Options []struct{ Key string } `json:"options"`
		Modes   []pageMode             `json:"modes"`
		Writers []pageMode             `json:"writers"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if len(back.Options) != len(contract.OptionSpecs()) {
		t.Errorf("%d options, want %d", len(back.Options), len(contract.OptionSpecs()))
	}
	all := append(back.Modes, back.Writers...)
	if len(all) != len(h.Modes()) || len(back.Writers) == 0 {
		t.Fatalf("%d modes and %d writers, want %d in all", len(back.Modes), len(back.Writers), len(h.Modes()))
	}
	for i, m := range h.Modes() {
		got := all[i]
		if got.Name != m.Name || got.Summary != m.Summary || got.Validates != m.Validates || got.Reproducible != m.Reproduce.Replays {
			t.Errorf("%s: read back as %+v", m.Name, got)
		}
		for _, input := range []yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live} {
			role, reads := m.Role(input)
			if in := got.Inputs[string(input)]; (in != nil) != reads || (reads && in.Label != role.Label) {
				t.Errorf("%s: input %s read back as %+v, want %+v", m.Name, input, in, role)
			}
		}
		if len(got.Options) != len(m.Options) || len(got.Marks) != len(m.Marks) {
			t.Errorf("%s: options %+v, marks %v", m.Name, got.Options, got.Marks)
		}
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
