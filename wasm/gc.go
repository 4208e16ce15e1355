//go:build !(js && wasm)

package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The command answers one request and exits, so the garbage it makes need not be collected
// while it runs: collecting is a cost the process pays only when its heap would grow past a
// bound. The bound scales with the request, past what a merge of ordinary manifests keeps live
// (GODEBUG=gctrace=1: the live heap peaks at 17 to 47 times the request's bytes on make bench's
// requests, the real files and a 4 MiB stream), with a floor that holds the peak resident set of
// make bench's 200-resource requests within 1.5 times the reference's (issue 28: 45 to 63 MB
// there; the lazy collector's old floor of 256 MiB, which those requests never reached, had the
// process hold every byte it allocated, 100 to 135 MB). Some inputs keep far more live (a flow
// list of 100,000 finalizers: 200 times its request's bytes): once a collection finds the live
// heap near the bound (lazyLiveNear), collecting by the bound alone would run collection after
// collection (9.6 s of CPU time against 3.4 s on that input), so the collector goes back to its
// proportional pacing (GOGC=100) for the rest of the run.
const (
	// lazyHeapFloor is the smallest heap bound. make bench's 200-resource requests (up to 1 MB)
	// keep 29 to 44 MB live at their peak, so that they collect a few times below it (2026-12-06,
	// docs/performance.md).
	lazyHeapFloor = 56 << 20
	// lazyHeapPerByte is the bound per byte of request past the floor.
	lazyHeapPerByte = 64
	// lazyLiveNear is how near the bound (in eighths of it) a live heap makes the collector
	// pace itself: from there each collection would free less than an eighth of the bound.
	lazyLiveNear = 7
)

// collectLazily turns the garbage collector's proportional pacing off and sets a heap bound in
// its place (GOGC=off with GOMEMLIMIT, see lazyHeapFloor), for a request of requestBytes, unless
// the environment (getenv) sets GOGC or GOMEMLIMIT itself. It returns the bound it set, 0 when
// it left the collector alone.
//
// make bench's whole-process pairs measured it (docs/performance.md): against the default
// collector, every mode's CPU time drops against the reference's, and the peak RSS is lower.
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
	whenLiveHeapPasses(bound/8*lazyLiveNear, collectProportionally)
	return bound
}

// collectProportionally restores the collector's default pacing: GOGC=100, no bound.
func collectProportionally() {
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
}

// whenLiveHeapPasses calls then, once, after the first collection that finds more than limit
// bytes live. It looks after every collection (a finalizer on an object made for it, which each
// collection frees, makes it look again).
func whenLiveHeapPasses(limit int64, then func()) {
	sentinel := &gcSentinel{}
	runtime.SetFinalizer(sentinel, func(*gcSentinel) {
		if liveHeap() > uint64(limit) {
			then()
			return
		}
		whenLiveHeapPasses(limit, then)
	})
}

// gcSentinel is freed by each collection; it holds a pointer so that it is never batched with
// other small objects (the runtime may then never run its finalizer).
type gcSentinel struct{ _ *int }

// liveHeap returns the heap the last collection found live, in bytes.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
