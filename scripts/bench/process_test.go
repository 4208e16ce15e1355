package main

import (
	"math"
	"testing"
)

func TestMedianOf(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{7}, 7},
	}
	for _, tt := range tests {
		if got := medianOf(tt.in); got != tt.want {
			t.Errorf("medianOf(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if !math.IsNaN(medianOf(nil)) {
		t.Error("medianOf(nil): want NaN")
	}
}

func TestEngineAnswered(t *testing.T) {
	tests := []struct {
		output string
		ok     bool
	}{
		{`{"result": "a: 1\n", "errors": []}`, true},
		{`{"result": "", "errors": [{"input": "live", "line": 3, "message": "too large"}]}`, false},
		{`not json`, false},
	}
	for _, tt := range tests {
		if err := engineAnswered(tt.output); (err == nil) != tt.ok {
			t.Errorf("engineAnswered(%q) = %v, want ok %v", tt.output, err, tt.ok)
		}
	}
}

func TestInterleave(t *testing.T) {
	a := []row{{what: "a1"}, {what: "a2"}, {what: "a3"}}
	b := []row{{what: "b1"}}
	var got []string
	for _, r := range interleave(a, b) {
		got = append(got, r.what)
	}
	want := []string{"a1", "b1", "a2", "a3"}
	if len(got) != len(want) {
		t.Fatalf("interleave: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("interleave: %v, want %v", got, want)
		}
	}
}

func TestLargeRows(t *testing.T) {
	got := runs{"BenchmarkLargeInput/apply": {{"median-ms": 1500, "p95-ms": 1700, "open-ms": 2500, "key-median-ms": 30, "key-worst-ms": 60}}}
	rows := largeRows(got, skips{"BenchmarkLargeInput/merge3": "not found: x"})
	if len(rows) != 2 || rows[0].verdict != "ok" || rows[1].verdict != "skipped" || rows[1].value != "not found: x" {
		t.Errorf("rows: %+v", rows)
	}
	got["BenchmarkLargeInput/apply"][0]["median-ms"] = 2500
	if rows := largeRows(got, skips{}); rows[0].verdict != "**OVER**" || rows[1].verdict != "missing" {
		t.Errorf("over budget, and missing: %+v", rows)
	}
}

func TestBigRows(t *testing.T) {
	got := runs{"BenchmarkBigInput": {{"paste-ms": 15800, "edit-ms": 150, "rename-ms": 300, "switch-ms": 3001, "longtask-ms": 40, "heap-1-bytes": 128e6, "heap-100-bytes": 129e6,
		"heap-1-code-bytes": 2.7e6, "heap-100-code-bytes": 3.6e6}}}
	rows := bigRows(got, skips{})
	want := []string{"**OVER**", "ok", "ok", "**OVER**", "ok", "**OVER**"}
	if len(rows) != len(want) {
		t.Fatalf("rows: %+v", rows)
	}
	for i, r := range rows {
		if r.verdict != want[i] {
			t.Errorf("row %d (%s: %s): verdict %s, want %s", i, r.what, r.value, r.verdict, want[i])
		}
	}
	if rows[5].value != "129.0 MB (after the first: 128.0 MB); of it V8's compiled code 3.60 MB (after the first: 2.70 MB), the rest +0.10 MB" {
		t.Errorf("heap row: %q", rows[5].value)
	}
	for _, r := range bigRows(runs{}, skips{"BenchmarkBigInput": "no chromium"}) {
		if r.verdict != "skipped" || r.value != "no chromium" {
			t.Errorf("skipped: %+v", r)
		}
	}
}
