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
// requests, the real files and a 4 MiB stream), with a floor that covers the requests of the
// page's size. Some inputs keep far more live (a flow list of 100,000 finalizers: 200 times its
// request's bytes): once a collection finds the live heap past half the bound, collecting by the
// bound alone would run collection after collection (9.6 s of CPU time against 3.4 s on that
// input), so the collector goes back to its proportional pacing (GOGC=100) for the rest of the
// run.
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
// make bench's whole-process pairs measured it: every mode's CPU time drops against the
// reference's, for a little more peak RSS (docs/performance.md).
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
	whenLiveHeapPasses(bound/2, collectProportionally)
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
