package handler

import (
	"context"
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
