//go:build js && wasm

package main

import (
	"runtime"
	"runtime/metrics"
)

// Reserving the heap a request needs, before it runs.
//
// In WebAssembly the Go heap grows by growing the instance's linear memory (memory.grow), a few
// megabytes at a time as allocation asks; each growth detaches the memory's ArrayBuffer, which
// wasm_exec.js then wraps again, and the browser's own collector and page-fault handling follow.
// Asking once for what a request will need is cheaper than asking twenty times. Measured in Node
// 20 (V8, the page's engine) on make bench's 200-resource apply request (955 KB), CPU time of the
// call, load average 10 to 13 on 2 cores, 2026-11-25: the first call 2.1–2.4 s without the
// reservation, 1.7–1.9 s with it; the second (the handler holding the first call's reading, as
// while typing) 1.4–1.7 s against 0.73–0.77 s; later calls, which grow nothing, alike (0.57–0.63 s).

const (
	// reservePerRequestByte is the free heap reserved per byte of request: a merge's heap peaks
	// near 130 times its request's bytes in wasm (126 MB of linear memory after that 955 KB
	// request), its live part at 17 to 47 times (GODEBUG=gctrace=1, natively).
	reservePerRequestByte = 100
	// reserveAtMost bounds one reservation: past it the heap grows as it needs.
	reserveAtMost = 256 << 20
)

// heapSamples reads the heap's free memory: free pages and pages returned to the system, which
// in WebAssembly stay in the linear memory (the runtime cannot shrink it) and are reused
// without growing it.
func heapSamples() []metrics.Sample {
	return []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
}

// freeHeap returns the bytes the heap can hand out without growing the linear memory.
func freeHeap() uint64 {
	s := heapSamples()
	metrics.Read(s)
	var free uint64
	for _, v := range s {
		if v.Value.Kind() == metrics.KindUint64 {
			free += v.Value.Uint64()
		}
	}
	return free
}

// reservation is the free heap a request of requestBytes is given.
func reservation(requestBytes int) uint64 {
	return min(uint64(max(requestBytes, 0))*reservePerRequestByte, reserveAtMost)
}

// reserveFor makes room in the heap for a request of requestBytes (reservePerRequestByte a
// byte, at most reserveAtMost): when the heap holds less free memory, it allocates the missing
// part in one piece, lets it go and collects, so that the linear memory grows once and the
// request's allocations reuse the freed pages. It returns the bytes it allocated (0 when the
// heap had room).
func reserveFor(requestBytes int) uint64 {
	want := reservation(requestBytes)
	free := freeHeap()
	if free >= want {
		return 0
	}
	missing := want - free
	room := make([]byte, missing)
	runtime.KeepAlive(room)
	room = nil
	runtime.GC()
	return missing
}
