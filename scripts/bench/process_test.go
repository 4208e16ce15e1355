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
