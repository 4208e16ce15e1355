package main

import (
	"strings"
	"testing"
)

func TestReadTrace(t *testing.T) {
	trace := `Compiled WasmToJS wrapper wasm-to-js-5-i-, took 0 ms; codesize 120
@@ start
Compiled function 0x7fdfdc000b80#1650 using Liftoff, took 0 ms and 16504 bytes; bodysize 37 codesize 172
Compiled function 0x7fdfdc000b80#1570 using TurboFan, took 14 ms and 2111760 / 3929296 max/total bytes; bodysize 5780 codesize 13808 name wasm-function#1570
@@ go-main
@@ first-call
Compiled function 0xbe40092f498#12 using Liftoff, took 38 μs and 13584 bytes; bodysize 271 codesize 692
something else V8 printed
`
	phases, err := readTrace(strings.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	want := []phase{
		{name: "instantiate"},
		{name: "start", functions: []compiled{{1650, "Liftoff", 37}, {1570, "TurboFan", 5780}}},
		{name: "go-main"},
		{name: "first-call", functions: []compiled{{12, "Liftoff", 271}}},
	}
	if len(phases) != len(want) {
		t.Fatalf("got %d phases %+v, want %d", len(phases), phases, len(want))
	}
	for i := range want {
		got := phases[i]
		if got.name != want[i].name || len(got.functions) != len(want[i].functions) {
			t.Errorf("phase %d: got %+v, want %+v", i, got, want[i])
			continue
		}
		for j := range got.functions {
			if got.functions[j] != want[i].functions[j] {
				t.Errorf("phase %s, function %d: got %+v, want %+v", got.name, j, got.functions[j], want[i].functions[j])
			}
		}
	}
}
