//go:build !(js && wasm)

package main

import (
	"math"
	"runtime/debug"
)

// The command answers one request and exits, so the garbage it makes need not be collected
// while it runs: collecting is a cost the process pays only when its heap would grow past a
// bound. The bound scales with the request, past what a merge keeps live (GODEBUG=gctrace=1:
// the live heap peaks at 17 to 47 times the request's bytes on make bench's requests, the real
// files and a 4 MiB stream), with a floor that covers the requests of the page's size.
const (
	// lazyHeapFloor is the smallest heap bound: the 200-resource requests of make bench (up to
	// 1 MB) run without a collection below it.
	lazyHeapFloor = 256 << 20
	// lazyHeapPerByte is the bound per byte of request past the floor.
	lazyHeapPerByte = 64
)

// collectLazily turns the garbage collector's proportional pacing off and sets a heap bound in
// its place (GOGC=off with GOMEMLIMIT, see lazyHeapFloor), for a request of requestBytes, unless
// the environment (getenv) sets GOGC or GOMEMLIMIT itself. It returns the bound it set, 0 when
// it left the collector alone.
//
// Measured with make bench's whole-process pairs (CPU time, engine over reference, load average
// about 15 on 2 cores, 2026-11-25): apply 0.54× with the default collector, 0.42× collecting
// lazily; ssa 0.68× → 0.51×; twoway 0.82× → 0.62×; patch 0.49× → 0.46×; peak RSS 110 → 122 MB
// on apply.
func collectLazily(requestBytes int, getenv func(string) string) int64 {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return 0
	}
	bound := int64(lazyHeapFloor)
	if perRequest := int64(requestBytes) * lazyHeapPerByte; perRequest > bound && perRequest < math.MaxInt64/2 {
		bound = perRequest
	}
	debug.SetMemoryLimit(bound)
	debug.SetGCPercent(-1)
	return bound
}
