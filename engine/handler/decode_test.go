package handler

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestUndecodableDocumentsLeftOut checks that apply and server-side apply, as kubectl, leave out
// a document of the config whose metadata kubectl cannot decode and merge the others, whatever
// options.validate says, naming the document at the value (extra.undecoded) and printing
// kubectl's error (the commands'); that the other modes, and a server-side apply sent without
// kubectl, merge it; and that a config of such documents alone is refused. Observed with kubectl
// and kube-apiserver v1.37.2 (2026-12-06): "configmap/c7 created", then `error: unable to decode
// "config.yaml": ...`, exit status 1.
func TestUndecodableDocumentsLeftOut(t *testing.T) {
	good := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c7\n"
	bad := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cx\n  annotations:\n    prometheus.io/scrape: true\n"
	const message = `unable to decode "config.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string`
	tests := []struct {
		mode, operation, validate string
		leftOut                   bool
		client                    string
	}{
		{"apply", "apply", contract.ValidateStrict, true, ""},
		{"apply", "apply", contract.ValidateIgnore, true, ""},
		{"ssa", "apply", contract.ValidateStrict, true, ""},
		{"ssa", "update", contract.ValidateStrict, true, ""},
		{"patch", "apply", contract.ValidateIgnore, false, ""},
		{"twoway", "apply", contract.ValidateIgnore, false, ""},
		{"merge3", "apply", contract.ValidateStrict, false, ""},
		{"ssa", "apply", contract.ValidateStrict, false, contract.ClientServer},
	}
	h := Default()
	for _, tt := range tests {
		opts := contract.DefaultOptions()
		opts.Operation, opts.Validate = tt.operation, tt.validate
		if tt.client != "" {
			opts.Client = tt.client
		}
		resp := h.Handle(context.Background(), &contract.Request{Mode: tt.mode, Updated: good + "---\n" + bad, Live: good, Options: opts})
		undecoded, _ := resp.Extra["undecoded"].([]contract.Error)
		leftOut := len(undecoded) == 1 && undecoded[0] == contract.Error{Input: "updated", Line: 11, Column: 27, Message: message}
		if leftOut != tt.leftOut || tt.leftOut && len(resp.Errors) > 0 {
			t.Errorf("%s %s validate=%s: left out %v, want %v: %+v, errors %+v", tt.mode, tt.operation, tt.validate, leftOut, tt.leftOut, undecoded, resp.Errors)
		}
		if !tt.leftOut {
			continue
		}
		if !strings.Contains(resp.Result, "name: c7") || strings.Contains(resp.Result, "name: cx") {
			t.Errorf("%s: the result holds the good document alone? %s", tt.mode, resp.Result)
		}
		if len(resp.Commands) == 0 || resp.Commands[0].Error != "error: "+message {
			t.Errorf("%s: commands %+v", tt.mode, resp.Commands)
		}
		alone := h.Handle(context.Background(), &contract.Request{Mode: tt.mode, Updated: bad, Live: good, Options: opts})
		if len(alone.Errors) != 1 || alone.Errors[0].Message != message || alone.Result != "" {
			t.Errorf("%s: a config of one undecodable document: %+v", tt.mode, alone.Errors)
		}
	}
}

// TestMetadataRefusalsOfAList: kubectl decodes a List's own metadata, not its items' (an item's
// bad value is the API server's to refuse: strict validation here).
func TestMetadataRefusalsOfAList(t *testing.T) {
	list := func(listMeta, itemMeta string) string {
		return "apiVersion: v1\nkind: List\nmetadata: " + listMeta + "\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: " + itemMeta + "\n"
	}
	opts := contract.DefaultOptions()
	opts.Validate = contract.ValidateIgnore
	h := Default()
	resp := h.Handle(context.Background(), &contract.Request{Mode: "apply", Updated: list("{name: 5}", "{name: a}"), Options: opts})
	if len(resp.Errors) != 1 || resp.Errors[0].Line != 3 || !strings.HasPrefix(resp.Errors[0].Message, `unable to decode "config.yaml": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name`) {
		t.Errorf("a List's own metadata: %+v", resp.Errors)
	}
	resp = h.Handle(context.Background(), &contract.Request{Mode: "apply", Updated: list("{}", "{name: a, labels: {x: 1}}"), Options: opts})
	if len(resp.Errors) != 0 {
		t.Errorf("an item's metadata under validate=ignore: %+v", resp.Errors)
	}
}

// TestKindNotStringInTheConfig checks kubectl's two answers to a config document whose kind is
// not a string (observed with kubectl and kube-apiserver v1.37.2, 2026-12-06): under
// --validate=strict or warn its schema check stops the file there, the documents before applied;
// under --validate=false the document is left out and the others applied.
func TestKindNotStringInTheConfig(t *testing.T) {
	cm := func(name string) string { return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n" }
	config := cm("a") + "---\napiVersion: v1\nkind: 3\nmetadata:\n  name: b\n---\n" + cm("c")
	h := Default()
	for _, tt := range []struct {
		validate, message string
		applied           []string
	}{
		{contract.ValidateStrict, kindNotString, []string{"a"}},
		{contract.ValidateWarn, kindNotString, []string{"a"}},
		{contract.ValidateIgnore, `unable to decode "config.yaml": Object 'Kind' is missing in '{"apiVersion":"v1","kind":3,"metadata":{"name":"b"}}'`, []string{"a", "c"}},
	} {
		opts := contract.DefaultOptions()
		opts.Validate = tt.validate
		resp := h.Handle(context.Background(), &contract.Request{Mode: "apply", Updated: config, Options: opts})
		undecoded, _ := resp.Extra["undecoded"].([]contract.Error)
		if len(resp.Errors) > 0 || len(undecoded) != 1 || undecoded[0].Message != tt.message || undecoded[0].Line != 7 {
			t.Errorf("validate=%s: errors %+v, undecoded %+v", tt.validate, resp.Errors, undecoded)
		}
		if got := strings.Count(resp.Result, "kind: ConfigMap"); got != len(tt.applied) || !strings.Contains(resp.Result, "name: a") {
			t.Errorf("validate=%s: want %v applied, got %s", tt.validate, tt.applied, resp.Result)
		}
	}
}

// TestLiveKindRefused checks that the modes reading as kubectl refuse a live object without a
// kind, or with a kind that is not a string, as kubectl's decoder does ("Object 'Kind' is missing
// in '...'", observed with apimachinery v0.37.2), when the config names kinds, and that merge3
// (kyaml reads no kind) and fragments without a kind in every input (paired by position) merge.
func TestLiveKindRefused(t *testing.T) {
	config := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n"
	h := Default()
	for _, tt := range []struct {
		mode, updated, live, want string
	}{
		{"apply", config, "apiVersion: v1\nmetadata:\n  name: a\n", `live:1:1 Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"a"}}'`},
		{"ssa", config, "apiVersion: v1\nkind: ''\nmetadata:\n  name: a\n", `live:1:1 Object 'Kind' is missing in '{"apiVersion":"v1","kind":"","metadata":{"name":"a"}}'`},
		{"patch", config, "apiVersion: v1\nkind: 3\nmetadata:\n  name: a\n", `live:2:7 Object 'Kind' is missing in '{"apiVersion":"v1","kind":3,"metadata":{"name":"a"}}'`},
		{"twoway", config, "apiVersion: v1\nkind: ~\nmetadata:\n  name: a\n", `live:1:1 Object 'Kind' is missing in '{"apiVersion":"v1","kind":null,"metadata":{"name":"a"}}'`},
		{"merge3", config, "apiVersion: v1\nmetadata:\n  name: a\n", ""},
		{"apply", "a: 1\n", "a: 2\n", ""},
	} {
		req := &contract.Request{Mode: tt.mode, Updated: tt.updated, Live: tt.live, Options: contract.DefaultOptions()}
		if tt.mode == "twoway" {
			req.Original = tt.updated
		}
		resp := h.Handle(context.Background(), req)
		got := ""
		for _, e := range resp.Errors {
			got = fmt.Sprintf("%s:%d:%d %s", e.Input, e.Line, e.Column, e.Message)
		}
		if got != tt.want {
			t.Errorf("%s, live %q: got %q, want %q", tt.mode, tt.live, got, tt.want)
		}
	}
}

// TestNoObjectsPassedToApply checks that apply and server-side apply refuse a config of null,
// empty or comment-only documents as kubectl does ("no objects passed to apply", observed with
// kubectl v1.37.2, 2026-12-06), and merge a blank one (the page's empty editor) as no config.
func TestNoObjectsPassedToApply(t *testing.T) {
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n"
	h := Default()
	for _, tt := range []struct {
		mode, updated string
		refused       bool
	}{
		{"apply", "---\nnull\n---\n~\n", true},
		{"apply", "# only a comment\n", true},
		{"ssa", "--- # c\nnull\n", true},
		{"apply", "", false},
		{"apply", " \n\n", false},
		{"twoway", "null\n", false},
		{"merge3", "null\n", false},
	} {
		req := &contract.Request{Mode: tt.mode, Updated: tt.updated, Live: live, Options: contract.DefaultOptions()}
		resp := h.Handle(context.Background(), req)
		refused := len(resp.Errors) == 1 && resp.Errors[0] == contract.Error{Input: "updated", Line: 1, Column: 1, Message: "no objects passed to apply"}
		if refused != tt.refused {
			t.Errorf("%s %q: refused %v, want %v (%+v)", tt.mode, tt.updated, refused, tt.refused, resp.Errors)
		}
	}
}

// TestConfigReadUpToAParseError checks that apply and server-side apply, as kubectl, merge the
// config's documents before one that does not parse and stop there (observed with kubectl and
// kube-apiserver v1.37.2, 2026-12-06: "configmap/a created", then `error: error parsing
// config.yaml: error converting YAML to JSON: yaml: line 1: did not find expected node content`),
// naming the failure at its line; that with no object before it the config is refused; and that
// the other modes refuse it.
func TestConfigReadUpToAParseError(t *testing.T) {
	cm := func(name string) string { return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n" }
	config := cm("a") + "---\na: [\n---\n" + cm("c")
	h := Default()
	for _, tt := range []struct {
		mode, updated string
		merged        bool
	}{
		{"apply", config, true},
		{"ssa", config, true},
		{"apply", "a: [\n---\n" + cm("c"), false},
		{"apply", "---\nnull\n---\na: [\n---\n" + cm("c"), false},
		{"twoway", config, false},
	} {
		req := &contract.Request{Mode: tt.mode, Updated: tt.updated, Options: contract.DefaultOptions()}
		resp := h.Handle(context.Background(), req)
		undecoded, _ := resp.Extra["undecoded"].([]contract.Error)
		if !tt.merged {
			if len(resp.Errors) == 0 || resp.Result != "" {
				t.Errorf("%s %q: want a refusal, got %+v", tt.mode, tt.updated, resp.Errors)
			}
			continue
		}
		if len(resp.Errors) > 0 || len(undecoded) != 1 || undecoded[0].Line != 7 || !strings.HasPrefix(undecoded[0].Message, "error parsing config.yaml: ") {
			t.Fatalf("%s: errors %+v, undecoded %+v", tt.mode, resp.Errors, undecoded)
		}
		if !strings.Contains(resp.Result, "name: a") || strings.Contains(resp.Result, "name: c") {
			t.Errorf("%s: want a alone merged, got %s", tt.mode, resp.Result)
		}
		if len(resp.Commands) == 0 || !strings.HasPrefix(resp.Commands[0].Error, "error: error parsing config.yaml: ") {
			t.Errorf("%s: commands %+v", tt.mode, resp.Commands)
		}
	}
}
