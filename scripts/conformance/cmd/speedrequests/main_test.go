package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/reference"
)

func TestWriteGivesEveryModeARequest(t *testing.T) {
	dir := t.TempDir()
	if err := write(dir, 5); err != nil {
		t.Fatal(err)
	}
	for _, mode := range reference.Modes() {
		data, err := os.ReadFile(filepath.Join(dir, mode+".json"))
		if err != nil {
			t.Fatal(err)
		}
		req, err := contract.DecodeRequest(data)
		if err != nil || req.Mode != mode || req.Updated == "" {
			t.Errorf("%s.json: %+v, %v", mode, req, err)
		}
	}
}
