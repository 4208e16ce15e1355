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
