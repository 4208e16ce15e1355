//go:build js && wasm

package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

func TestReserveForMakesRoomOnce(t *testing.T) {
	const requestBytes = 200 << 10 // 51 MB reserved
	want := reservation(requestBytes)
	reserveFor(requestBytes)
	if held, live := heapSizes(); held < live+want {
		t.Fatalf("after reserving %d bytes the runtime holds %d bytes, %d of them live", want, held, live)
	}
	if again := reserveFor(requestBytes); again != 0 {
		t.Errorf("a second reservation of the same size allocated %d bytes, want 0 (the heap had room)", again)
	}
}

// TestReserveForLeavesFreePagesAlone reserves when the memory held lacks part of the live heap
// and the reservation, but its free pages (a collected piece) could serve that part: one piece
// would come from them and grow nothing, and a collection at every request would follow. It must
// allocate nothing and collect nothing.
func TestReserveForLeavesFreePagesAlone(t *testing.T) {
	garbage := make([]byte, 64<<20)
	runtime.KeepAlive(garbage)
	garbage = nil
	runtime.GC()
	held, live := heapSizes()
	// A reservation past what is held by half the free pages.
	free := held - live
	requestBytes := int((free+free/2)/reservePerRequestByte) + 1
	if live+reservation(requestBytes) <= held {
		t.Fatalf("the test's reservation %d fits within %d held (%d live)", reservation(requestBytes), held, live)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if got := reserveFor(requestBytes); got != 0 {
		t.Errorf("reserveFor allocated %d bytes that the %d free bytes held would serve, want 0", got, free)
	}
	runtime.ReadMemStats(&after)
	if after.NumGC != before.NumGC {
		t.Errorf("reserveFor collected %d times, want none", after.NumGC-before.NumGC)
	}
}

func TestReservation(t *testing.T) {
	tests := []struct {
		requestBytes int
		want         uint64
	}{
		{0, 0},
		{-1, 0},
		{1000, 256_000},
		{1 << 20, 256 << 20},
		{64 << 20, reserveAtMost},
	}
	for _, tt := range tests {
		if got := reservation(tt.requestBytes); got != tt.want {
			t.Errorf("reservation(%d) = %d, want %d", tt.requestBytes, got, tt.want)
		}
	}
}

func TestLazyBound(t *testing.T) {
	tests := []struct {
		name       string
		bytes      int
		held, live uint64
		want       int64
	}{
		{"the memory held is more than enough", 1000, 900 << 20, 250 << 20, 900 << 20},
		{"twice the live heap and the reservation pass it", 1 << 20, 120 << 20, 30 << 20, 316 << 20},
		{"the reservation is bounded", 8 << 20, 100 << 20, 10 << 20, 20<<20 + reserveAtMost},
		{"a small request beside a small heap", 3000, 8 << 20, 6 << 20, lazyBoundAtLeast},
		{"twice a live heap past the floor", 3000, 8 << 20, 40 << 20, 80<<20 + 768_000},
		{"a large request: 256 bytes a byte", 5 << 20, 7 << 20, 2 << 20, 4<<20 + 1280<<20},
		{"the bound is bounded", 13 << 20, 500 << 20, 1 << 30, boundAtMost},
		{"what is held past the most", 13 << 20, 3584 << 20, 1 << 30, 3584 << 20},
	}
	for _, tt := range tests {
		if got := lazyBound(tt.bytes, tt.held, tt.live); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestCollectWithinHeld: the collector runs by the bound, unless the last request ended with
// more than half its bound live.
func TestCollectWithinHeld(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	bound := collectWithinHeld(1000, 0)
	if percent, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); bound <= 0 || percent != -1 || limit != bound {
		t.Errorf("bound %d: GOGC %d, limit %d", bound, percent, limit)
	}
	if again := collectWithinHeld(1000, 1); again != 0 {
		t.Errorf("after a request that ended past half its bound: bound %d, want the default pacing", again)
	}
	if percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); percent != 100 || limit != math.MaxInt64 {
		t.Errorf("default pacing: GOGC %d, limit %d", percent, limit)
	}
}

// TestPrepareFirst: a small first request gets the lazy bound with nothing live, without a
// reservation; a large first request and every later one are prepared from the runtime's
// metrics (collectWithinHeld).
func TestPrepareFirst(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	var p heapPolicy
	p.prepare(2000)
	if percent, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); p.bound != lazyBoundAtLeast || percent != -1 || limit != p.bound {
		t.Errorf("first request: bound %d, GOGC %d, limit %d; want %d, -1", p.bound, percent, limit, int64(lazyBoundAtLeast))
	}
	p.bound = 1 // as if the first request ended past half its bound
	p.prepare(2000)
	if p.bound != 0 {
		t.Errorf("second request after one that ended past half its bound: bound %d, want the default pacing", p.bound)
	}
	large := heapPolicy{}
	large.prepare(smallFirstRequest + 1)
	if want := lazyBound(smallFirstRequest+1, 0, 0); large.bound < want {
		t.Errorf("a large first request: bound %d, want at least %d", large.bound, want)
	}
}

// TestLift: the last request's bound is taken off before the next request is read, the
// collector left off; the default pacing is left alone.
func TestLift(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	p := heapPolicy{}
	p.prepare(2000)
	p.lift()
	if percent, limit := debug.SetGCPercent(-1), debug.SetMemoryLimit(-1); percent != -1 || limit != math.MaxInt64 {
		t.Errorf("after lift: GOGC %d, limit %d; want -1, no limit", percent, limit)
	}
	debug.SetGCPercent(100)
	paced := heapPolicy{prepared: true}
	paced.lift()
	if percent := debug.SetGCPercent(100); percent != 100 {
		t.Errorf("the default pacing lifted: GOGC %d", percent)
	}
}

// TestCollectStaleCollectsAfterUncollectedGarbage wants collectStale to collect when the heap
// holds more than half a request's reservation beyond the last collection's live heap, and not
// right after a collection.
func TestCollectStaleCollectsAfterUncollectedGarbage(t *testing.T) {
	const requestBytes = 16 << 10 // 4 MB reserved
	old := debug.SetGCPercent(-1)
	defer debug.SetGCPercent(old)
	runtime.GC()
	before := gcCycles()
	collectStale(requestBytes)
	if gcCycles() != before {
		t.Errorf("collectStale collected right after a collection")
	}
	var garbage [][]byte
	for range 64 {
		garbage = append(garbage, make([]byte, 64<<10)) // 4 MiB, twice half the reservation
	}
	runtime.KeepAlive(garbage)
	garbage = nil
	collectStale(requestBytes)
	if gcCycles() == before {
		t.Errorf("collectStale did not collect 4 MiB of garbage beyond a reservation of %d bytes", reservation(requestBytes))
	}
}

// gcCycles is how many collections the runtime completed.
func gcCycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
