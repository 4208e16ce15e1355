//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
)

func TestRunReadsStdin(t *testing.T) {
	var out bytes.Buffer
	err := run(handler.Default(), nil, strings.NewReader(`{"mode":"nope"}`), &out)
	if err != nil {
		t.Fatal(err)
	}
	var resp map[string]any
	if err := json.Unmarshal(out.Bytes(), &resp); err != nil {
		t.Fatalf("not JSON: %s", out.String())
	}
	if !strings.Contains(out.String(), `unknown mode \"nope\"`) {
		t.Errorf("response: %s", out.String())
	}
}

func TestRunRejectsExtraArguments(t *testing.T) {
	if err := run(handler.Default(), []string{"a", "b"}, nil, nil); err == nil {
		t.Error("two request files accepted")
	}
}

func TestRunExampleFolder(t *testing.T) {
	var out bytes.Buffer
	if err := run(handler.Default(), []string{"../examples/apply-containers"}, nil, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `nginx-helper-c`) || strings.Contains(out.String(), `"errors":[{`) {
		t.Errorf("response: %s", out.String())
	}
}

// TestBenchLimitsReadLargerInputs: -limits=bench reads an input the page's limits refuse; an
// unknown -limits is an error.
func TestBenchLimitsReadLargerInputs(t *testing.T) {
	big := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: " + strings.Repeat("x", 5<<20) + "\n"
	req, err := json.Marshal(map[string]string{"mode": "patch", "updated": big, "live": big})
	if err != nil {
		t.Fatal(err)
	}
	for limits, wantError := range map[string]bool{"page": true, "bench": false} {
		h, err := withLimits(handler.Default(), limits)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := run(h, nil, bytes.NewReader(req), &out); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(out.String(), `"errors":[{`); got != wantError {
			t.Errorf("-limits=%s: an error %v, want %v: %.300s", limits, got, wantError, out.String())
		}
	}
	if _, err := withLimits(handler.Default(), "huge"); err == nil {
		t.Error("-limits=huge: want an error")
	}
}
