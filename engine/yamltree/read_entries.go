package yamltree

import (
	"strconv"
	"unsafe"
)

// blockBytes bounds the blocks nodes, fields and items are handed out from: under 32 KiB, an
// allocation the Go runtime serves from its size classes, without taking its heap lock.
const blockBytes = 32 << 10

// blocks hands out nodes, fields and items from blocks that grow with the stream read, from a
// few entries to blockBytes (allocation is what reading costs, in WebAssembly above all). Slices
// handed out have their own capacity: appending to one never writes into another.
type blocks struct {
	nodes  []Node
	fields []Field
	items  []*Node
	// the size of the last block of each
	nodeSize, fieldSize, itemSize int
}

// grow returns the size of the next block: twice the last one, at least 16, at most blockBytes
// in all, and at least n.
func grow(last, n int, each uintptr) int {
	return max(n, min(max(2*last, 16), blockBytes/int(each)))
}

// newNode returns a zeroed node of a kind.
func (r *reader) newNode(kind Kind) *Node {
	b := r.blocks
	if len(b.nodes) == 0 {
		b.nodeSize = grow(b.nodeSize, 1, unsafe.Sizeof(Node{}))
		b.nodes = make([]Node, b.nodeSize)
	}
	n := &b.nodes[0]
	b.nodes = b.nodes[1:]
	n.Kind = kind
	return n
}

// fieldBlock returns a slice of n fields.
func (r *reader) fieldBlock(n int) []Field {
	b := r.blocks
	if n > len(b.fields) {
		b.fieldSize = grow(b.fieldSize, n, unsafe.Sizeof(Field{}))
		b.fields = make([]Field, b.fieldSize)
	}
	out := b.fields[:n:n]
	b.fields = b.fields[n:]
	return out
}

// itemBlock returns a slice of n items.
func (r *reader) itemBlock(n int) []*Node {
	b := r.blocks
	if n > len(b.items) {
		b.itemSize = grow(b.itemSize, n, unsafe.Sizeof((*Node)(nil)))
		b.items = make([]*Node, b.itemSize)
	}
	out := b.items[:n:n]
	b.items = b.items[n:]
	return out
}

// mapBuilder collects the entries of a map being read. Its fields sit on the reader's stack of
// fields from base on (a nested map's fields above them while it is read), and are copied into
// a slice of their own when the map ends.
type mapBuilder struct {
	node    *Node
	base    int
	merges  []*Node // maps whose entries a merge key ("<<") brings
	mergeAt int     // where the first merge key stood among the fields; -1 when none
	index   map[string]Pos
}

// indexFrom is the number of fields past which a map's keys are looked up in an index rather
// than by scanning its fields.
const indexFrom = 24

// startMap begins collecting a map's entries.
func (r *reader) startMap(n *Node) mapBuilder {
	return mapBuilder{node: n, base: len(r.fields), mergeAt: -1}
}

// addEntry adds a key and its value to the map being read, refusing a duplicate key; under YAML
// 1.1 a merge key's maps are kept to be merged when the map ends. Under YAML 1.2 "<<" is an
// ordinary key, as kyaml reads it (observed with kyaml v0.21.2: "{<<: {x: 1}, y: 2}" is kept as
// written, the merge key type being YAML 1.1's).
func (r *reader) addEntry(m *mapBuilder, key, value *Node) error {
	if r.opts.Rules == YAML11 && key.Style == Plain && key.Value == "<<" && key.ExplicitTag() == "" {
		sources, ok := mergeSources(value)
		if !ok {
			return ErrorAt(key.Pos, "a merge key (<<) must refer to a map or a list of maps")
		}
		m.merges = append(m.merges, sources...)
		if m.mergeAt < 0 {
			m.mergeAt = len(r.fields) - m.base
		}
		return nil
	}
	if prev, dup := r.lookup(m, key.Value); dup {
		return ErrorAt(key.Pos, "duplicate key "+strconv.Quote(key.Value)+": first defined at line "+strconv.Itoa(prev.Line)+", column "+strconv.Itoa(prev.Column))
	}
	r.fields = append(r.fields, Field{Key: key, Value: value})
	if m.index != nil {
		m.index[key.Value] = key.Pos
	}
	return nil
}

// lookup finds a key among the entries of the map being read.
func (r *reader) lookup(m *mapBuilder, key string) (Pos, bool) {
	fields := r.fields[m.base:]
	if m.index == nil && len(fields) >= indexFrom {
		m.index = make(map[string]Pos, 2*len(fields))
		for _, f := range fields {
			m.index[f.Key.Value] = f.Key.Pos
		}
	}
	if m.index != nil {
		p, ok := m.index[key]
		return p, ok
	}
	for _, f := range fields {
		if f.Key.Value == key {
			return f.Key.Pos, true
		}
	}
	return Pos{}, false
}

// mergeSources returns the maps a merge key's value brings: one map or a list of maps.
func mergeSources(v *Node) ([]*Node, bool) {
	sources := []*Node{v}
	if v.Kind == ListNode {
		sources = v.Items
	}
	for _, s := range sources {
		if s.Kind != MapNode {
			return nil, false
		}
	}
	return sources, true
}

// endMap gives the map read its fields, merged maps applied, and its position: the first key's
// for a block map.
func (r *reader) endMap(m *mapBuilder) *Node {
	n := m.node
	fields := r.fields[m.base:]
	if len(fields) > 0 {
		n.Fields = r.fieldBlock(len(fields))
		copy(n.Fields, fields)
		clear(fields)
	} else {
		n.Fields = []Field{}
	}
	r.fields = r.fields[:m.base]
	if len(m.merges) > 0 {
		applyMerges(n, m.mergeAt, m.merges)
	}
	return n
}

// applyMerges inserts, where the "<<" key stood, the entries of merged maps that the map does not
// define itself; among merged maps the earlier one wins, as YAML's merge key specifies.
func applyMerges(n *Node, at int, merges []*Node) {
	var merged []Field
	has := func(key string) bool {
		for _, f := range merged {
			if f.Key.Value == key {
				return true
			}
		}
		return n.Has(key)
	}
	for _, m := range merges {
		for _, f := range m.Fields {
			if !has(f.Key.Value) {
				merged = append(merged, Field{Key: f.Key.Clone(), Value: f.Value.Clone()})
			}
		}
	}
	if len(merged) == 0 {
		return
	}
	n.Fields = append(n.Fields[:at:at], append(merged, n.Fields[at:]...)...)
}

// finishMap ends a block map indented indent: comments after its last entry, indented at least
// as its keys, are the Foot comment of its last key.
func (r *reader) finishMap(m *mapBuilder, indent int) (*Node, error) {
	n := r.endMap(m)
	if len(n.Fields) > 0 {
		final := n.Fields[len(n.Fields)-1]
		n.End = endOf(final)
		final.Key.SetComment(FootComment, joinComments(final.Key.Comments().Foot, r.takeFoot(indent)))
	} else {
		n.SetComment(FootComment, r.takeFoot(indent))
	}
	return n, nil
}

// endOf is where a map entry's text ends: its value's end, or its key's when the value has no
// text.
func endOf(f Field) Pos {
	if f.Value.End.IsValid() {
		return f.Value.End
	}
	return f.Key.End
}
