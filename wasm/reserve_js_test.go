//go:build js && wasm

package main

import "testing"

func TestReserveForMakesRoomOnce(t *testing.T) {
	const requestBytes = 200 << 10 // 20 MB reserved
	want := reservation(requestBytes)
	reserveFor(requestBytes)
	if free := freeHeap(); free < want {
		t.Fatalf("after reserving %d bytes the heap holds %d free", want, free)
	}
	if again := reserveFor(requestBytes); again != 0 {
		t.Errorf("a second reservation of the same size allocated %d bytes, want 0 (the heap had room)", again)
	}
}

func TestReservation(t *testing.T) {
	tests := []struct {
		requestBytes int
		want         uint64
	}{
		{0, 0},
		{-1, 0},
		{1000, 100_000},
		{1 << 20, 100 << 20},
		{64 << 20, reserveAtMost},
	}
	for _, tt := range tests {
		if got := reservation(tt.requestBytes); got != tt.want {
			t.Errorf("reservation(%d) = %d, want %d", tt.requestBytes, got, tt.want)
		}
	}
}
