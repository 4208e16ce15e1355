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
// In WebAssembly the Go heap grows by growing the instance's linear memory (memory.grow) by one
// heap arena at a time (512 KiB in wasm) as allocation asks; each growth detaches the memory's
// ArrayBuffer, which wasm_exec.js then wraps again, and V8 answers the growth of its external
// memory with a full collection of its own heap. On issue 28's 2 MB input (a request of 6 MB)
// the first merge grew the memory to 1.9 GB in about 3,700 steps: V8's collections (2,900 of them)
// and memory.grow were 17 s of its 42 s of CPU under Node (docs/performance.md, "The 2 MB
// input"). Asking once for what a request will need is cheaper: the first call and the second
// (the handler holding the first call's reading, as while typing) take less CPU with the
// reservation, later calls, which grow nothing, alike (the measurements: docs/performance.md,
// "Measurements behind the code's choices").

const (
	// reservePerRequestByte is the free heap reserved per byte of request, and the collector's
	// bound with it (lazyBound): the first merge of issue 28's 2 MB input allocates 1.7 GB, 285
	// bytes a request byte, and keeps up to 630 MB live, 105 a byte (GODEBUG=gctrace=1 under
	// Node); make bench's 200-resource apply request (955 KB) peaks at 126 MB, 130 a byte.
	reservePerRequestByte = 256
	// reserveAtMost bounds one reservation, and so the bound of a large request.
	reserveAtMost = 1536 << 20
	// boundAtMost bounds the memory a request is held within: a wasm's linear memory ends at
	// 4 GiB, and a collection's mark lets the heap grow past the bound while it runs (the
	// allocations of the merge meanwhile are kept).
	boundAtMost = 3 << 30
)

// reservation is the free heap a request of requestBytes is given.
func reservation(requestBytes int) uint64 {
	return min(uint64(max(requestBytes, 0))*reservePerRequestByte, reserveAtMost)
}

// reserveFor makes room for a request of requestBytes (reservePerRequestByte a byte, at most
// reserveAtMost) beside the heap the last collection found live, in at most boundAtMost: when
// the runtime holds less memory than that, it allocates the missing part in one piece, lets it
// go and collects, so that the linear memory grows once and the request's allocations reuse the
// freed pages. It returns the bytes it allocated (0 when the memory held was enough: the garbage
// of earlier requests in it is collected when the request needs its room, see
// collectWithinHeld).
//
// When the free pages within what is held could serve the missing part, it allocates nothing:
// the piece would not grow the memory, which would then never hold what is wanted, and every
// request would collect here again. So it went with the 2 MB input once a collection before its
// first key (collectStale) left 276 MB live in 1.57 GB held: a forced collection of 350 to 450
// ms at every key (GODEBUG=gctrace=1 under Node). Allocating what the objects leave of the
// memory wanted instead grew it to 3.1 GB, the free pages being too scattered for one piece.
func reserveFor(requestBytes int) uint64 {
	held, objects, live := heapReading()
	want := min(live+reservation(requestBytes), boundAtMost)
	if held >= want {
		return 0
	}
	missing := want - held
	if held-min(objects, held) >= missing {
		return 0
	}
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
// what the runtime holds, or at twice the live heap and the request's reservation, when that is
// more). A request that ends with more than half its bound live sends the next one back to the
// default pacing (a bound so tight would have the collector run again and again).
//
// The bound must stay well above the live heap within a request too: once a collection finds the
// heap near the memory limit, the runtime caps the collector's share of the CPU (its GC CPU
// limiter) and stops the allocating goroutine's assists; the rest of the mark is left to the
// collector's own worker, which in wasm (one thread, no preemption) runs only when the request
// returns. Until then every allocation is kept and runs under the write barrier: with a bound of
// 383 MB (64 bytes a request byte) the first merge of the 2 MB input ran 35 s in one such mark,
// its heap growing from 358 MB to 1.7 GB (GODEBUG=gctrace=1 under Node; docs/performance.md).

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
	collectStale(requestBytes)
	reserveFor(requestBytes)
	p.bound = collectWithinHeld(requestBytes, p.bound)
}

// collectStale collects before a request when the heap holds more than half its reservation
// (reservation) beyond what the last collection found live: the requests since then allocated
// that much without collecting, so the live heap the bounds are set from (reserveFor,
// collectWithinHeld) is stale. The 2 MB input's paste allocates less than its bound and collects
// nothing; the next requests' bounds then came from the live heap of before the paste (7 MB)
// while 600 MB was live, and merge3's switch, after 100 keys, had its collection run past its
// bound until the memory's 4 GiB were used (docs/performance.md, "The first merge's own work").
func collectStale(requestBytes int) {
	if _, objects, live := heapReading(); objects > live+reservation(requestBytes)/2 {
		runtime.GC()
	}
}

// lift takes the last request's memory limit off before the next request is read (handle):
// the linear memory may hold more than that bound (a collection's mark lets the heap grow past
// it), and with what is held past the limit the runtime collects at the next request's first
// allocations, while the bridge copies its inputs, and again when reserveFor makes its room. On
// the 2 MB input the first key after the paste collected three times (948 MB on a bound of 1.53
// GB while 1.65 GB was held), 4.0 to 4.4 s of CPU (docs/performance.md, "The first merge in
// wasm"). The collector stays off (GOGC) when a bound was set: prepare sets the next one.
func (p *heapPolicy) lift() {
	if p.bound > 0 {
		setMemoryLimit(math.MaxInt64)
	}
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
// with, a few MB, so the reservation (64 MB at most) is left to the request's own allocations,
// and the bound is lazyBound's with nothing live: lazyBoundAtLeast, or the request's reservation.
func prepareFirst(requestBytes int) int64 {
	bound := lazyBound(requestBytes, 0, 0)
	setMemoryLimit(bound)
	setGCPercent(-1)
	return bound
}

// heapSizes reads the memory the runtime holds (all of the linear memory it has grown) and the
// heap the last collection found live.
func heapSizes() (held, live uint64) {
	held, _, live = heapReading()
	return held, live
}

// heapReading reads the memory the runtime holds, the heap's objects (live, and dead ones not
// collected yet) and the heap the last collection found live.
func heapReading() (held, objects, live uint64) {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	var out [3]uint64
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			out[i] = s[i].Value.Uint64()
		}
	}
	return out[0], out[1], out[2]
}

// lazyBound is the memory limit of a request of requestBytes when the runtime holds held bytes
// and the last collection found live bytes live: twice the live heap and the request's
// reservation, or lazyBoundAtLeast, whichever is more, at most boundAtMost, or what is held when
// that is more still. The limit counts all the runtime's memory, the heap's metadata and free pages too: at
// what is held alone, a small request (the page's first, under 8 MiB held) had the collector
// run at every allocation past it (GODEBUG=gctrace=1 under Node; docs/performance.md).
func lazyBound(requestBytes int, held, live uint64) int64 {
	return int64(max(held, min(max(2*live+reservation(requestBytes), lazyBoundAtLeast), boundAtMost)))
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
