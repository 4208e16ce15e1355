package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

func TestRunWritesTheMergedText(t *testing.T) {
	req := &contract.Request{Mode: "patch", Live: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n",
		Updated: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: w\n", Options: contract.DefaultOptions()}
	data, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "request.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := "apiVersion: v1\ndata:\n  k: w\nkind: ConfigMap\nmetadata:\n  name: a\n"
	for name, args := range map[string][]string{"stdin": nil, "file": {file}} {
		var out bytes.Buffer
		if err := run(args, bytes.NewReader(data), &out); err != nil || out.String() != want {
			t.Errorf("%s: %q, %v; want %q", name, out.String(), err, want)
		}
	}
}

func TestRunRefusesWhatItCannotAnswer(t *testing.T) {
	for name, input := range map[string]string{
		"not JSON":       "{",
		"unknown option": `{"mode": "apply", "options": {"nope": true}}`,
		"unknown mode":   `{"mode": "nope"}`,
		"prune":          `{"mode": "apply", "options": {"prune": true}}`,
	} {
		var out bytes.Buffer
		if err := run(nil, strings.NewReader(input), &out); err == nil {
			t.Errorf("%s: answered %q; want an error", name, out.String())
		}
	}
}
