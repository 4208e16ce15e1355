package handler

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestMetadataRefusals checks that apply and server-side apply refuse a config whose metadata
// kubectl cannot decode, whatever options.validate says, with kubectl's message at the value,
// one error per refused document (kubectl names each), and that the other modes, and a
// server-side apply sent without kubectl, do not.
func TestMetadataRefusals(t *testing.T) {
	good := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c7\n"
	bad := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cx\n  annotations:\n    prometheus.io/scrape: true\n"
	const message = `unable to decode "config.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string`
	tests := []struct {
		mode, operation, validate string
		refused                   bool
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
		updated := good + "---\n" + bad
		resp := h.Handle(context.Background(), &contract.Request{Mode: tt.mode, Updated: updated, Live: good, Options: opts})
		refused := false
		for _, e := range resp.Errors {
			if e.Message == message {
				refused = e.Input == "updated" && e.Line == 11 && e.Column == 27 && resp.Result == ""
			}
		}
		if refused != tt.refused {
			t.Errorf("%s %s validate=%s: refused %v, want %v: %+v", tt.mode, tt.operation, tt.validate, refused, tt.refused, resp.Errors)
		}
		if tt.refused && len(resp.Errors) != 1 {
			t.Errorf("%s: %d errors, want the bad document's one: %+v", tt.mode, len(resp.Errors), resp.Errors)
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
