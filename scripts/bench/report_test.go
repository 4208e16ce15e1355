package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeReport is a small run: two rows, one with a "|" that must not break the table.
func fakeReport() report {
	return report{
		Started: time.Date(2026, 11, 26, 17, 22, 5, 0, time.UTC), Took: 11*time.Minute + 3*time.Second,
		Command: "make bench (go run ./scripts/bench -out docs/performance-measured.md)",
		CPU:     "Intel(R) Xeon(R) Processor (amd64)", CPUs: 2, MaxProcs: 2, Go: "go1.26.8",
		LoadStart: "0.64", LoadEnd: "1.82", Method: "Native: medians of 5 runs.",
		Rows: []row{
			{"apply vs kubectl's steps, 200 resources", "engine 101 ms, reference 312 ms: **0.32×**", "≤ 1.00×", "ok"},
			{"a | b", "line one\nline two", "none set", "info"},
		},
	}
}

func TestWriteMeasured(t *testing.T) {
	var b strings.Builder
	if err := writeMeasured(&b, fakeReport()); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if !strings.HasPrefix(got, generatedMark+"\n") {
		t.Errorf("the page does not open with the generated mark:\n%s", got)
	}
	for _, want := range []string{
		"\n# mergeplay speed, measured\n",
		"Written by `make bench (go run ./scripts/bench -out docs/performance-measured.md)` on 2026-11-26 at 17:22 UTC (11m3s in all).\n",
		"Machine: Intel(R) Xeon(R) Processor (amd64), nproc 2 (GOMAXPROCS 2), go1.26.8; load average 0.64 at the start, 1.82 at the end.\n",
		"[performance.md](performance.md)",
		"\nNative: medians of 5 runs.\n",
		"\n| measurement | measured | budget | verdict |\n| --- | --- | --- | --- |\n",
		"| apply vs kubectl's steps, 200 resources | engine 101 ms, reference 312 ms: **0.32×** | ≤ 1.00× | ok |\n",
		"| a \\| b | line one line two | none set | info |\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, "| info |\n") {
		t.Errorf("the page does not end with the table's last row:\n%s", got)
	}
}

func TestWriteTableRows(t *testing.T) {
	tests := []struct {
		name string
		rows []row
		want int // table lines: header, rule and one a row
	}{
		{"none", nil, 2},
		{"two", fakeReport().Rows, 4},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := writeTable(&b, tt.rows); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(b.String(), "\n"); got != tt.want {
			t.Errorf("%s: %d lines, want %d:\n%s", tt.name, got, tt.want, b.String())
		}
	}
}

func TestSaveMeasured(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "performance-measured.md")
	if err := os.WriteFile(path, []byte("the last run\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := saveMeasured(path, fakeReport()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	if err = writeMeasured(&want, fakeReport()); err != nil {
		t.Fatal(err)
	}
	if string(data) != want.String() {
		t.Errorf("saved:\n%s\nwant:\n%s", data, want.String())
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the page alone (no temporary file left)", len(entries))
	}
	if err := saveMeasured(filepath.Join(dir, "missing", "x.md"), fakeReport()); err == nil || !strings.Contains(err.Error(), "x.md") {
		t.Errorf("saving into a missing folder: %v, want an error naming the file", err)
	}
}
