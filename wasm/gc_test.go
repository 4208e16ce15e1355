//go:build !(js && wasm)

package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestCollectLazily(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	none := func(string) string { return "" }
	tests := []struct {
		name   string
		bytes  int
		getenv func(string) string
		want   int64
	}{
		{"a small request: the floor", 1000, none, lazyHeapFloor},
		{"a 12 MB request: 64 bytes a byte", 12 << 20, none, 12 << 20 * lazyHeapPerByte},
		{"GOGC set: left alone", 1000, func(k string) string { return map[string]string{"GOGC": "200"}[k] }, 0},
		{"GOMEMLIMIT set: left alone", 1000, func(k string) string { return map[string]string{"GOMEMLIMIT": "1GiB"}[k] }, 0},
	}
	for _, tt := range tests {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		if got := collectLazily(tt.bytes, tt.getenv); got != tt.want {
			t.Errorf("%s: bound %d, want %d", tt.name, got, tt.want)
		}
		percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
		if tt.want == 0 && (percent != 100 || limit != math.MaxInt64) {
			t.Errorf("%s: the collector changed (GOGC %d, limit %d)", tt.name, percent, limit)
		}
		if tt.want != 0 && (percent != -1 || limit != tt.want) {
			t.Errorf("%s: GOGC %d and limit %d, want off and %d", tt.name, percent, limit, tt.want)
		}
	}
}
