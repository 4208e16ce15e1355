package main

import (
	"testing"
)

// section encodes one wasm section.
func section(id byte, body ...byte) []byte {
	return append([]byte{id, byte(len(body))}, body...)
}

func TestParseModule(t *testing.T) {
	data := []byte("\x00asm\x01\x00\x00\x00")
	// One imported function ("go"."debug", type 0) and a memory import.
	data = append(data, section(2, 2, 2, 'g', 'o', 5, 'd', 'e', 'b', 'u', 'g', 0, 0, 2, 'g', 'o', 3, 'm', 'e', 'm', 2, 0, 1)...)
	// Two function bodies of 3 and 2 bytes.
	data = append(data, section(10, 2, 3, 0, 0x01, 0x0b, 2, 0, 0x0b)...)
	data = append(data, section(11, 0, 0, 0, 0)...)
	names := []byte{4, 'n', 'a', 'm', 'e', 1, 0}
	sub := []byte{2, 1, 14}
	sub = append(sub, "runtime.alloc1"...)
	sub = append(sub, 2, 21)
	sub = append(sub, "github.com_a_b_c.Func"...)
	names = append(names[:6], byte(len(sub)))
	names = append(names, sub...)
	data = append(data, section(0, names...)...)

	m, err := parseModule(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.imports != 1 || len(m.bodies) != 2 || m.bodies[0] != 3 || m.data != 4 {
		t.Fatalf("module: %+v", m)
	}
	w := m.weigh("")
	if w.code != 5 || w.rows[0] != (weight{"runtime", 3}) || w.rows[1] != (weight{"github.com_a_b_c", 2}) {
		t.Errorf("weights: %+v", w)
	}
	if w := m.weigh("github.com_a_b_c"); w.code != 5 || w.total != 2 || len(w.rows) != 1 || w.rows[0] != (weight{"github.com_a_b_c.Func", 2}) {
		t.Errorf("one package's functions: %+v", w)
	}
	if _, err := parseModule([]byte("nope")); err == nil {
		t.Error("garbage was read as wasm")
	}
}

func TestPackageOf(t *testing.T) {
	for name, want := range map[string]string{
		"runtime.newstack":                         "runtime",
		"reflect.__Kind_.String":                   "reflect",
		"github.com_goccy_go_yaml_parser.isScalar": "github.com_goccy_go_yaml_parser",
		"internal_runtime_maps.newTable":           "internal_runtime_maps",
		"golang.org_x_sys_unix.Syscall":            "golang.org_x_sys_unix",
		"runtime.gc_mark":                          "runtime",
		"":                                         "(unnamed)",
	} {
		if got := packageOf(name); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", name, got, want)
		}
	}
}
