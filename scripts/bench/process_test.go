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
