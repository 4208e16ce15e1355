package handler

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

func handle(t *testing.T, h *Handler, body string) *contract.Response {
	t.Helper()
	out := h.HandleJSON(context.Background(), []byte(body))
	resp, err := answerjson.Decode(out)
	if err != nil {
		t.Fatalf("response is not JSON: %v\n%s", err, out)
	}
	return resp
}

func echoLive() modes.Mode {
	return modes.Mode{Name: "echo", Inputs: []modes.Role{{Input: yamltree.Live}}, Run: func(_ context.Context, in *modes.Input) *contract.Response {
		var docs []*yamltree.Document
		for _, r := range in.Live {
			docs = append(docs, &yamltree.Document{Root: r.Root})
		}
		resp := contract.NewResponse()
		resp.Result, _ = yamltree.Emit(docs)
		return resp
	}}
}

func TestBrokenInputNamesItsLine(t *testing.T) {
	resp := handle(t, New(echoLive()), `{"mode":"echo","live":"apiVersion: v1\nkind: ConfigMap\nmetadata: [\n"}`)
	// named where kubectl gives up, the end of the document; the message names the "[" (line 3)
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "live" || resp.Errors[0].Line != 4 || !strings.Contains(resp.Errors[0].Message, "line 3") {
		t.Errorf("errors: %+v", resp.Errors)
	}
	if resp.Result != "" {
		t.Errorf("result of a failed request: %q", resp.Result)
	}
}

func TestAdjacentSeparatorsLoseNoDocument(t *testing.T) {
	resp := handle(t, New(echoLive()), `{"mode":"echo","live":"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"}`)
	if len(resp.Errors) != 0 || !strings.Contains(resp.Result, "name: a") || !strings.Contains(resp.Result, "name: b") {
		t.Errorf("lost a document: %+v", resp)
	}
	found := resp.Extra["resources"].([]any)
	if len(found) != 2 {
		t.Errorf("extra.resources: %v", found)
	}
}

func TestUnknownMode(t *testing.T) {
	resp := handle(t, Default(), `{"mode":"aply"}`)
	if len(resp.Errors) != 1 || !strings.Contains(resp.Errors[0].Message, `unknown mode "aply"`) || resp.Errors[0].Input != "request" {
		t.Errorf("unknown mode: %+v", resp.Errors)
	}
}

func TestPanicBecomesAnError(t *testing.T) {
	boom := modes.Mode{Name: "boom", Run: func(context.Context, *modes.Input) *contract.Response { panic("kaboom") }}
	resp := handle(t, New(boom), `{"mode":"boom"}`)
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "engine" || !strings.Contains(resp.Errors[0].Message, "kaboom") {
		t.Errorf("panic: %+v", resp.Errors)
	}
}

func TestBadRequest(t *testing.T) {
	resp := handle(t, Default(), `{"mode":"apply","options":{"overwite":true}}`)
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "request" || !strings.Contains(resp.Errors[0].Message, "overwite") {
		t.Errorf("bad request: %+v", resp.Errors)
	}
}

func TestOversizedInputsAreRefused(t *testing.T) {
	big := strings.Repeat("a", MaxInputBytes+1)
	resp := Default().Handle(context.Background(), &contract.Request{Mode: "apply", Live: big, Options: contract.DefaultOptions()})
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "live" || !strings.Contains(resp.Errors[0].Message, "at most 4 MiB") {
		t.Errorf("errors: %+v", resp.Errors)
	}
}

// TestValidateOption checks options.validate: strict refuses an unknown field and a wrong type at
// their lines, warn merges an unknown field and lists it, ignore checks nothing, patch always
// warns (modes.Mode.FieldValidation), and merge3 never validates.
func TestValidateOption(t *testing.T) {
	const typo = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  lables: {x: y}\ndata:\n  k: v\n"
	const wrongType = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: 1\n"
	tests := []struct {
		mode, validate, config string
		errors, listed         int
	}{
		{"apply", "strict", typo, 1, 0},
		{"apply", "warn", typo, 0, 1},
		{"apply", "ignore", typo, 0, 0},
		{"apply", "warn", wrongType, 1, 0},
		// kubectl patch has no --validate: the server warns whatever the option says, a map under
		// an unknown field included, which the strategic merge library alone refuses
		// (kube-apiserver v1.37.2 patches, warns and drops it: smp.Schema.AsServer).
		{"patch", "strict", typo, 0, 1},
		{"patch", "strict", strings.Replace(typo, "{x: y}", "x", 1), 0, 1},
		{"twoway", "strict", wrongType, 1, 0},
		{"merge3", "strict", typo, 0, 0},
	}
	h := Default()
	for _, tt := range tests {
		opts := contract.DefaultOptions()
		opts.Validate = tt.validate
		resp := h.Handle(context.Background(), &contract.Request{Mode: tt.mode, Original: tt.config, Updated: tt.config, Live: tt.config, Options: opts})
		listed, _ := resp.Extra["validation"].([]contract.Error)
		if len(resp.Errors) != tt.errors || len(listed) != tt.listed {
			t.Errorf("%s %s: errors %+v, listed %+v", tt.mode, tt.validate, resp.Errors, listed)
		}
		if tt.errors > 0 && len(resp.Errors) > 0 && (resp.Errors[0].Input != "updated" || resp.Errors[0].Line < 5) {
			t.Errorf("%s %s: error not at the config's line: %+v", tt.mode, tt.validate, resp.Errors[0])
		}
	}
}
