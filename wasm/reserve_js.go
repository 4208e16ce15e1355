//go:build js && wasm

package main

import (
	"math"
	"runtime"
	"runtime/metrics"
	_ "unsafe" // for go:linkname
)

// Reserving the heap a request needs, before it runs.
//
// In WebAssembly the Go heap grows by growing the instance's linear memory (memory.grow), a few
// megabytes at a time as allocation asks; each growth detaches the memory's ArrayBuffer, which
// wasm_exec.js then wraps again, and the browser's own collector and page-fault handling follow.
// Asking once for what a request will need is cheaper than asking twenty times: the first call
// and the second (the handler holding the first call's reading, as while typing) take less CPU
// with the reservation, later calls, which grow nothing, alike (the measurements:
// docs/performance.md, "Measurements behind the code's choices").

const (
	// reservePerRequestByte is the free heap reserved per byte of request: a merge's heap peaks
	// near 130 times its request's bytes in wasm, its live part at 17 to 47 times
	// (GODEBUG=gctrace=1, natively; docs/performance.md).
	reservePerRequestByte = 100
	// reserveAtMost bounds one reservation: past it the heap grows as it needs.
	reserveAtMost = 256 << 20
)

// reservation is the free heap a request of requestBytes is given.
func reservation(requestBytes int) uint64 {
	return min(uint64(max(requestBytes, 0))*reservePerRequestByte, reserveAtMost)
}

// reserveFor makes room for a request of requestBytes (reservePerRequestByte a byte, at most
// reserveAtMost) beside the heap the last collection found live: when the runtime holds less
// memory than that, it allocates the missing part in one piece, lets it go and collects, so that
// the linear memory grows once and the request's allocations reuse the freed pages. It returns
// the bytes it allocated (0 when the memory held was enough: the garbage of earlier requests in
// it is collected when the request needs its room, see collectWithinHeld).
func reserveFor(requestBytes int) uint64 {
	want := reservation(requestBytes)
	held, live := heapSizes()
	if held >= live+want {
		return 0
	}
	missing := live + want - held
	room := make([]byte, missing)
	runtime.KeepAlive(room)
	room = nil
	runtime.GC()
	return missing
}

// Collecting within the memory the page already holds, and between requests.
//
// The wasm's linear memory only grows: what the heap once needed stays the worker's. With the
// collector's default pacing (GOGC=100) an edit of a 4 MiB stream (the handler keeps its
// readings of three 4 MiB inputs and its last answer live) ran several long collections in wasm,
// where marking is not concurrent: one forced by reserveFor, as the last request's garbage
// filled the heap, and paced ones, while the linear memory already held far more than the live
// heap from the first request (docs/performance.md). So each
// request collects only when its heap would outgrow that memory (GOGC off, the memory limit at
// what the runtime holds, or at the live heap and the request's reservation, or
// lazyBoundPerByte a request byte, when that is more). A request that ends
// with more than half its bound live sends the next one back to the default pacing (a bound so
// tight would have the collector run again and again).

// lazyBoundPerByte is the smallest memory limit per request byte: the live heap of a merge
// peaks at 17 to 47 times its request's bytes (see wasm/gc.go).
const lazyBoundPerByte = 64

// heapPolicy sets the collector for each request (collectWithinHeld); it remembers the bound
// it set for the last one.
type heapPolicy struct {
	// bound is the memory limit set for the last request; 0 for the default pacing (GOGC=100,
	// no limit), or before any request.
	bound int64
	// prepared is set once a request has been prepared.
	prepared bool
}

// prepare readies the heap for a request of requestBytes: reserveFor, then collectWithinHeld;
// a small first request only gets its bound (prepareFirst).
func (p *heapPolicy) prepare(requestBytes int) {
	first := !p.prepared
	p.prepared = true
	if first && requestBytes <= smallFirstRequest {
		p.bound = prepareFirst(requestBytes)
		return
	}
	reserveFor(requestBytes)
	p.bound = collectWithinHeld(requestBytes, p.bound)
}

// smallFirstRequest is the size up to which the first request is prepared by prepareFirst:
// the page's first request (an example, a shared link of manifests) is a few KB.
const smallFirstRequest = 256 << 10

// prepareFirst sets the collector for a first request of requestBytes, at most
// smallFirstRequest, without reading the runtime's metrics: the runtime's first reading builds its
// table of every metric (runtime.initMetrics, run once), which V8 compiles with its optimizing
// tier as soon as it has run, on a second core's time while the page waits for its first answer
// (Chromium's --js-flags=--trace-wasm-compilation-times; docs/performance.md).
// Nothing needs the reading: before its first request the heap holds what the runtime started
// with, a few MB, so the reservation (25 MB at most) is left to the request's own allocations,
// and the bound is lazyBound's with nothing live: lazyBoundAtLeast, or lazyBoundPerByte a byte.
func prepareFirst(requestBytes int) int64 {
	bound := lazyBound(requestBytes, 0, 0)
	setMemoryLimit(bound)
	setGCPercent(-1)
	return bound
}

// heapSizes reads the memory the runtime holds (all of the linear memory it has grown) and the
// heap the last collection found live.
func heapSizes() (held, live uint64) {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		held = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		live = s[1].Value.Uint64()
	}
	return held, live
}

// lazyBound is the memory limit of a request of requestBytes when the runtime holds held bytes
// and the last collection found live bytes live: what is held, or twice the live heap and the
// request's reservation, or lazyBoundPerByte a request byte, or lazyBoundAtLeast, whichever is
// most. The limit counts all the runtime's memory, the heap's metadata and free pages too: at
// what is held alone, a small request (the page's first, under 8 MiB held) had the collector
// run at every allocation past it (GODEBUG=gctrace=1 under Node; docs/performance.md).
func lazyBound(requestBytes int, held, live uint64) int64 {
	perByte := uint64(max(requestBytes, 0)) * lazyBoundPerByte
	return int64(min(max(held, 2*live+reservation(requestBytes), perByte, lazyBoundAtLeast), math.MaxInt64/2))
}

// lazyBoundAtLeast is the smallest memory limit a request is given.
const lazyBoundAtLeast = 64 << 20

// collectWithinHeld sets the collector for a request of requestBytes (see above) and returns
// the bound it set, 0 when it set the default pacing because the last request ended with more
// than half of its bound live (lastBound, 0 when none was set).
func collectWithinHeld(requestBytes int, lastBound int64) int64 {
	held, live := heapSizes()
	if lastBound > 0 && live > uint64(lastBound)/2 {
		setGCPercent(100)
		setMemoryLimit(math.MaxInt64)
		return 0
	}
	bound := lazyBound(requestBytes, held, live)
	setMemoryLimit(bound)
	setGCPercent(-1)
	return bound
}

// setGCPercent and setMemoryLimit are runtime/debug's SetGCPercent and SetMemoryLimit, reached
// through the runtime's own entry points (the runtime defines them for runtime/debug, which calls
// them alike): importing runtime/debug brings fmt, reflect and os into the wasm with it
// (debug.BuildInfo and debug.WriteHeapDump), 22 KB of its brotli (go run ./scripts/build/wasmweight,
// 2026-12-07: 1,331,769 bytes with the import, 1,309,808 without).
// TestWasmLeavesFmtOut keeps those packages out.

//go:linkname setGCPercent runtime/debug.setGCPercent
func setGCPercent(percent int32) int32

//go:linkname setMemoryLimit runtime/debug.setMemoryLimit
func setMemoryLimit(limit int64) int64
