package dist

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

// testModule writes a wasm binary of the given sections (id, body).
func testModule(sections ...[]byte) []byte {
	out := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		out = appendSection(out, s[0], s[1:])
	}
	return out
}

// section returns a section for testModule.
func section(id byte, body []byte) []byte { return append([]byte{id}, body...) }

// memoryImage is what a module's data segments write into memory, from address 0.
func memoryImage(t *testing.T, wasm []byte) []byte {
	t.Helper()
	var mem []byte
	pos := 8
	for pos < len(wasm) {
		id := wasm[pos]
		size, n := binary.Uvarint(wasm[pos+1:])
		body := wasm[pos+1+n : pos+1+n+int(size)]
		pos += 1 + n + int(size)
		if id != sectionData {
			continue
		}
		segments, err := readDataSegments(body)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range segments {
			if end := int(s.addr) + len(s.data); end > len(mem) {
				mem = append(mem, make([]byte, end-len(mem))...)
			}
			copy(mem[s.addr:], s.data)
		}
	}
	return mem
}

func TestJoinDataSegments(t *testing.T) {
	code := section(10, []byte{1, 2, 0, 0x0b}) // a stand-in, copied as it is
	cases := []struct {
		name     string
		segments []dataSegment
		want     []dataSegment
	}{
		{"none", nil, nil},
		{"one", []dataSegment{{0x1000, []byte("abc")}}, []dataSegment{{0x1000, []byte("abc")}}},
		{
			"zeros between",
			[]dataSegment{{0x10, []byte("ab")}, {0x20, []byte("cd")}},
			[]dataSegment{{0x10, append(append([]byte("ab"), make([]byte, 14)...), "cd"...)}},
		},
		{
			"out of order, touching",
			[]dataSegment{{0x84, []byte("ef")}, {0x80, []byte("abcd")}},
			[]dataSegment{{0x80, []byte("abcdef")}},
		},
		{
			"addresses of several bytes",
			[]dataSegment{{0x14462, []byte{1}}, {0x3cf8e0, []byte{2, 3}}},
			[]dataSegment{{0x14462, append(append([]byte{1}, make([]byte, 0x3cf8e0-0x14462-1)...), 2, 3)}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := testModule(code, section(sectionData, writeDataSegments(c.segments)))
			got, err := joinDataSegments(in)
			if err != nil {
				t.Fatal(err)
			}
			want := testModule(code, section(sectionData, writeDataSegments(c.want)))
			if !bytes.Equal(got, want) {
				t.Errorf("joined:\n%x\nwant:\n%x", got, want)
			}
			if !bytes.Equal(memoryImage(t, got), memoryImage(t, in)) {
				t.Error("the memory the module starts with changed")
			}
		})
	}
}

func TestJoinDataSegmentsRefuses(t *testing.T) {
	cases := []struct {
		name string
		wasm []byte
		want string
	}{
		{"not wasm", []byte("\x00asm\x02\x00\x00\x00"), "not a wasm binary"},
		{"data count", testModule(section(sectionDataCount, []byte{0})), "data count"},
		{"passive", testModule(section(sectionData, []byte{1, 1, 1, 'a'})), "not an active segment"},
		{"second memory", testModule(section(sectionData, []byte{1, 2, 1, opI32Const, 0, opEnd, 1, 'a'})), "not an active segment"},
		{"global address", testModule(section(sectionData, []byte{1, 0, 0x23, 0, opEnd, 1, 'a'})), "not an active segment"},
		{"negative address", testModule(section(sectionData, []byte{1, 0, opI32Const, 0x7f, opEnd, 1, 'a'})), "bad address"},
		{"longer expression", testModule(section(sectionData, []byte{1, 0, opI32Const, 0, 0x6a, opEnd, 1, 'a'})), "not a lone i32.const"},
		{"short segment", testModule(section(sectionData, []byte{1, 0, opI32Const, 0, opEnd, 3, 'a'})), "bad size"},
		{"trailing bytes", testModule(section(sectionData, []byte{1, 0, opI32Const, 0, opEnd, 1, 'a', 'b'})), "after the last segment"},
		{
			"overlap",
			testModule(section(sectionData, writeDataSegments([]dataSegment{{0, []byte("abc")}, {2, []byte("d")}}))),
			"overlaps",
		},
		{"short section", append([]byte("\x00asm\x01\x00\x00\x00"), sectionData, 5, 0), "bad size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := joinDataSegments(c.wasm)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one that says %q", err, c.want)
			}
		})
	}
}

func TestSignedNumbers(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 0x14462, 1<<31 - 1, 1<<32 - 1, -1 << 31} {
		b := appendSigned(nil, v)
		got, n := readSigned(b)
		if got != v || n != len(b) {
			t.Errorf("%d: written %x, read %d in %d bytes", v, b, got, n)
		}
	}
	if _, n := readSigned([]byte{0x80}); n > 0 {
		t.Error("an unfinished number read")
	}
}
