package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// module is what wasmweight reads of a wasm binary.
type module struct {
	imports int            // imported functions, which come first in the function index space
	bodies  []int          // the size of each defined function's code
	names   map[int]string // function index → name (the "name" custom section)
	data    int            // the size of the data section
}

// reader reads a wasm binary's LEB128 numbers and byte strings.
type reader struct {
	b   []byte
	pos int
	err error
}

func (r *reader) uint() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.pos:])
	if n <= 0 {
		r.err = fmt.Errorf("bad number at offset %d", r.pos)
		return 0
	}
	r.pos += n
	return int(v)
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || r.pos+n > len(r.b) {
		r.err = fmt.Errorf("%d bytes past the end at offset %d", n, r.pos)
		return nil
	}
	out := r.b[r.pos : r.pos+n]
	r.pos += n
	return out
}

func (r *reader) byte() byte {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

// parseModule reads the sections wasmweight needs.
func parseModule(data []byte) (*module, error) {
	if !bytes.HasPrefix(data, []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a wasm binary (version 1)")
	}
	m := &module{names: map[int]string{}}
	r := &reader{b: data, pos: 8}
	for r.err == nil && r.pos < len(data) {
		id := r.byte()
		body := &reader{b: r.bytes(r.uint())}
		switch id {
		case 2:
			m.readImports(body)
		case 10:
			for n := body.uint(); n > 0 && body.err == nil; n-- {
				size := body.uint()
				body.bytes(size)
				m.bodies = append(m.bodies, size)
			}
		case 11:
			m.data = len(body.b)
		case 0:
			if string(body.bytes(body.uint())) == "name" {
				m.readNames(body)
			}
		}
		if body.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, body.err)
		}
	}
	return m, r.err
}

// readImports counts the imported functions.
func (m *module) readImports(r *reader) {
	for n := r.uint(); n > 0 && r.err == nil; n-- {
		r.bytes(r.uint()) // module
		r.bytes(r.uint()) // name
		switch r.byte() {
		case 0: // function: type index
			r.uint()
			m.imports++
		case 1: // table: element type, limits
			r.byte()
			readLimits(r)
		case 2: // memory: limits
			readLimits(r)
		case 3: // global: type, mutability
			r.bytes(2)
		}
	}
}

// readLimits skips a table's or memory's limits: flags, minimum and, when flagged, maximum.
func readLimits(r *reader) {
	flags := r.byte()
	r.uint()
	if flags&1 == 1 {
		r.uint()
	}
}

// readNames reads the function names subsection of the "name" section.
func (m *module) readNames(r *reader) {
	for r.err == nil && r.pos < len(r.b) {
		sub := r.byte()
		body := &reader{b: r.bytes(r.uint())}
		if sub != 1 {
			continue
		}
		for n := body.uint(); n > 0 && body.err == nil; n-- {
			index := body.uint()
			m.names[index] = string(body.bytes(body.uint()))
		}
	}
}

// weight is the code of one package (or function).
type weight struct {
	name string
	size int
}

// weights sums code by package, heaviest first; or, for one package, lists its functions.
type weights struct {
	code int
	// rows are the packages, or the functions of the package asked for.
	rows []weight
	// total is the code of the package asked for.
	total int
}

// weigh sums the code of every package, or lists the functions of pkg when it is not empty.
func (m *module) weigh(pkg string) weights {
	sums := map[string]int{}
	var w weights
	for i, size := range m.bodies {
		name := m.names[m.imports+i]
		w.code += size
		switch {
		case pkg == "":
			sums[packageOf(name)] += size
		case packageOf(name) == pkg:
			sums[name] += size
			w.total += size
		}
	}
	for name, size := range sums {
		w.rows = append(w.rows, weight{name, size})
	}
	sort.Slice(w.rows, func(i, j int) bool {
		if w.rows[i].size != w.rows[j].size {
			return w.rows[i].size > w.rows[j].size
		}
		return w.rows[i].name < w.rows[j].name
	})
	return w
}

// packageOf returns the package of a Go function's wasm name, in which "/" is written "_"
// ("github.com_goccy_go_yaml_parser.isScalarType"), so the package is returned as written there:
// everything before the first dot that does not belong to a leading domain (github.com,
// golang.org, gopkg.in, ...).
func packageOf(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	start := 0
	if dot := strings.IndexByte(name, '.'); dot > 0 {
		if under := strings.IndexByte(name[dot:], '_'); under > 0 && topLevelDomains[name[dot+1:dot+under]] {
			start = dot + under
		}
	}
	if dot := strings.IndexByte(name[start:], '.'); dot >= 0 {
		return name[:start+dot]
	}
	return name
}

// topLevelDomains are the domains module paths start with, as far as this report cares.
var topLevelDomains = map[string]bool{"com": true, "org": true, "net": true, "io": true, "in": true, "dev": true}
