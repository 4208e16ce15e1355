package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLaunchMeasuresAndWritesTheOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	m, err := launch(out, []string{"/bin/sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo hello"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil || string(data) != "hello\n" {
		t.Errorf("output %q, %v", data, err)
	}
	if m.WallNs <= 0 || m.MaxRSSBytes <= 0 || m.CPUNs <= 0 {
		t.Errorf("measured %+v: want a wall time, a CPU time and a peak RSS", m)
	}
}

func TestLaunchFailsWithItsCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if _, err := launch(out, []string{"/bin/sh", "-c", "exit 3"}); err == nil {
		t.Error("a failing command: want an error")
	}
	if _, err := launch("", []string{"/bin/true"}); err == nil {
		t.Error("no -out: want an error")
	}
}
