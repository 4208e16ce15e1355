package dist

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// wasm section ids (WebAssembly core specification, 5.5.2).
const (
	sectionData      = 11
	sectionDataCount = 12
)

// opcodes of a data segment's offset expression.
const (
	opI32Const = 0x41
	opEnd      = 0x0b
)

// dataSegment is an active data segment of memory 0: bytes written at an address when the
// module is instantiated.
type dataSegment struct {
	addr uint32
	data []byte
}

// joinDataSegments returns the wasm with its data section written as a single segment that holds
// every segment at its address and zeros between them: the memory the module starts with is the
// same byte for byte. Go's linker writes one segment per run of bytes between runs of 8 or more
// zero bytes (cmd/link/internal/wasm, writeDataSec), the smallest raw binary: about 89,000
// segments for the engine. Each segment's header is an address and a length, which brotli stores
// at a cost that the zeros between them do not have: in one segment the wasm is 0.9 MB larger raw
// and 92 KB smaller brotli (docs/performance.md, "The wasm's size"). It fails on a module the Go
// linker would not write (passive segments, a second memory, a data count section, overlapping
// segments).
func joinDataSegments(wasm []byte) ([]byte, error) {
	if !bytes.HasPrefix(wasm, []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a wasm binary (version 1)")
	}
	out := append(make([]byte, 0, len(wasm)+len(wasm)/8), wasm[:8]...)
	pos := 8
	for pos < len(wasm) {
		start := pos
		id := wasm[pos]
		size, n := binary.Uvarint(wasm[pos+1:])
		if n <= 0 || uint64(len(wasm)-pos-1-n) < size {
			return nil, fmt.Errorf("section %d at offset %d: bad size", id, pos)
		}
		body := wasm[pos+1+n : pos+1+n+int(size)]
		pos += 1 + n + int(size)
		switch id {
		case sectionDataCount:
			return nil, errors.New("a data count section: the segments' count cannot change")
		case sectionData:
			segments, err := readDataSegments(body)
			if err != nil {
				return nil, fmt.Errorf("data section: %w", err)
			}
			joined, err := joinSegments(segments)
			if err != nil {
				return nil, fmt.Errorf("data section: %w", err)
			}
			out = appendSection(out, sectionData, writeDataSegments(joined))
		default:
			out = append(out, wasm[start:pos]...)
		}
	}
	return out, nil
}

// readDataSegments reads a data section's segments, each an active segment of memory 0 at an
// i32.const address.
func readDataSegments(body []byte) ([]dataSegment, error) {
	count, n := binary.Uvarint(body)
	if n <= 0 {
		return nil, errors.New("bad segment count")
	}
	pos := n
	segments := make([]dataSegment, 0, count)
	for i := uint64(0); i < count; i++ {
		if pos+2 > len(body) || body[pos] != 0 || body[pos+1] != opI32Const {
			return nil, fmt.Errorf("segment %d: not an active segment of memory 0 at an i32.const address", i)
		}
		pos += 2
		addr, n := readSigned(body[pos:])
		if n <= 0 || addr < 0 || addr > 1<<32-1 {
			return nil, fmt.Errorf("segment %d: bad address", i)
		}
		pos += n
		if pos >= len(body) || body[pos] != opEnd {
			return nil, fmt.Errorf("segment %d: the address is not a lone i32.const", i)
		}
		pos++
		size, n := binary.Uvarint(body[pos:])
		if n <= 0 || uint64(len(body)-pos-n) < size {
			return nil, fmt.Errorf("segment %d: bad size", i)
		}
		pos += n
		segments = append(segments, dataSegment{uint32(addr), body[pos : pos+int(size)]})
		pos += int(size)
	}
	if pos != len(body) {
		return nil, fmt.Errorf("%d bytes after the last segment", len(body)-pos)
	}
	return segments, nil
}

// joinSegments returns one segment holding all of segments at their addresses, zeros between
// them.
func joinSegments(segments []dataSegment) ([]dataSegment, error) {
	if len(segments) == 0 {
		return nil, nil
	}
	sorted := append([]dataSegment(nil), segments...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].addr < sorted[j].addr })
	first := sorted[0].addr
	last := sorted[len(sorted)-1]
	data := make([]byte, uint64(last.addr)+uint64(len(last.data))-uint64(first))
	end := first
	for _, s := range sorted {
		if s.addr < end {
			return nil, fmt.Errorf("the segment at %#x overlaps the one before it", s.addr)
		}
		copy(data[s.addr-first:], s.data)
		end = s.addr + uint32(len(s.data))
	}
	return []dataSegment{{first, data}}, nil
}

// writeDataSegments returns a data section's body.
func writeDataSegments(segments []dataSegment) []byte {
	size := 0
	for _, s := range segments {
		size += len(s.data) + 16
	}
	body := binary.AppendUvarint(make([]byte, 0, size+8), uint64(len(segments)))
	for _, s := range segments {
		body = append(body, 0, opI32Const)
		body = appendSigned(body, int64(s.addr))
		body = append(body, opEnd)
		body = binary.AppendUvarint(body, uint64(len(s.data)))
		body = append(body, s.data...)
	}
	return body
}

// appendSection appends a section: its id, its size and its body.
func appendSection(out []byte, id byte, body []byte) []byte {
	out = append(out, id)
	out = binary.AppendUvarint(out, uint64(len(body)))
	return append(out, body...)
}

// readSigned reads a signed LEB128 number (what i32.const takes), returning it and the bytes it
// took, or n <= 0 when b does not start with one.
func readSigned(b []byte) (v int64, n int) {
	var shift uint
	for i, c := range b {
		if shift >= 64 {
			return 0, -1
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, i + 1
		}
	}
	return 0, 0
}

// appendSigned appends v as a signed LEB128 number.
func appendSigned(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
