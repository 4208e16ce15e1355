//go:build !(js && wasm)

package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
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

// TestWhenLiveHeapPasses: the callback runs after a collection that finds more live than the
// limit, once; not while the live heap stays under it.
func TestWhenLiveHeapPasses(t *testing.T) {
	passed := make(chan struct{}, 2)
	whenLiveHeapPasses(math.MaxInt64/2, func() { passed <- struct{}{} })
	runtime.GC()
	runtime.GC()
	select {
	case <-passed:
		t.Fatal("called while the live heap is under the limit")
	case <-time.After(50 * time.Millisecond):
	}
	keep := make([]*[1024]byte, 1024) // 1 MB live
	for i := range keep {
		keep[i] = new([1024]byte)
	}
	whenLiveHeapPasses(1<<10, func() { passed <- struct{}{} })
	deadline := time.After(5 * time.Second)
	for called := false; !called; {
		runtime.GC()
		select {
		case <-passed:
			called = true
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatal("not called after collections that found 1 MB live against a 1 KB limit")
		}
	}
	runtime.KeepAlive(keep)
	runtime.GC()
	runtime.GC()
	select {
	case <-passed:
		t.Error("called twice")
	case <-time.After(50 * time.Millisecond):
	}
}
