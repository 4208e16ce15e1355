package contract

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// OldestVersion is the oldest contract version the engine still writes: a request that names it
// is answered in its shape (Response.WrittenIn).
const OldestVersion = 1

// Since version 2 an answer's marks name their resource, path, reason and rule by their index
// in the answer's names, where each distinct one is written once: a stream of 4,200 Deployments
// has 142,800 marks but 4,200 resources, 34 paths, about as many reasons as resources and 6
// rules, and its first answer, written mark by mark in full, was 52 MB of JSON, most of it those
// four strings again and again (docs/contract.md, "Names"). The names are the answer's own (a
// delta's are those of the marks it carries), so that no reader keeps them from one answer to the
// next.

// markNames gathers the distinct strings of the marks an answer writes, in the order they first
// come, and writes the marks naming them by index (version 2; version 1 writes them whole).
type markNames struct {
	named bool
	// tables are the resources, the paths, the reasons and the rules (tableKeys).
	tables [4]table
}

// tableKeys are the keys of names' tables, in markNames.tables' order.
var tableKeys = [4]string{"resources", "paths", "reasons", "rules"}

// newNames returns the names of an answer written in contract version version.
func newNames(version int) *markNames { return &markNames{named: version != OldestVersion} }

// table is one list of names and each one's index in it.
type table struct {
	list  []string
	index map[string]int
}

// of returns the index of s in the table, adding it when it is new.
func (t *table) of(s string) int {
	if i, ok := t.index[s]; ok {
		return i
	}
	if t.index == nil {
		t.index = map[string]int{}
	}
	t.index[s] = len(t.list)
	t.list = append(t.list, s)
	return len(t.list) - 1
}

// writeMarks writes the marks as a list, each naming its resource, path, reason and rule by
// index when the names are named (gathering them), else whole.
func (n *markNames) writeMarks(w *jsonwire.Writer, fields []Field) {
	w.OpenArray()
	for i := range fields {
		f := &fields[i]
		w.OpenObject()
		n.name(w.Key("resource"), 0, f.Resource)
		n.name(w.Key("path"), 1, f.Path)
		w.Key("mark").String(string(f.Mark))
		w.Key("line").Int(f.Line)
		w.Key("endLine").Int(f.EndLine)
		n.name(w.Key("reason"), 2, f.Reason)
		n.name(w.Key("rule"), 3, f.Rule)
		if f.Place != nil {
			f.Place.WriteJSON(w.Key("place"))
		}
		w.CloseObject()
	}
	w.CloseArray()
}

// name writes s, one of table's strings: its index when the names are named, else s.
func (n *markNames) name(w *jsonwire.Writer, table int, s string) {
	if n.named {
		w.Int(n.tables[table].of(s))
		return
	}
	w.String(s)
}

// write writes the key "names" with the names gathered: {"resources": [...], "paths": [...],
// "reasons": [...], "rules": [...]}; nothing when they are not named.
func (n *markNames) write(w *jsonwire.Writer) {
	if !n.named {
		return
	}
	w.Key("names").OpenObject()
	for i := range n.tables {
		w.Key(tableKeys[i]).OpenArray()
		for _, s := range n.tables[i].list {
			w.String(s)
		}
		w.CloseArray()
	}
	w.CloseObject()
}

// gathered reports whether the names hold any string (a delta writes them only then).
func (n *markNames) gathered() bool { return len(n.tables[0].list) > 0 }

// WrittenIn returns the response as written for a request that names contract version version:
// r itself for the engine's Version (or none, 0), else a copy written in that version's shape
// (its steps written in the same version: writeSteps).
func (r *Response) WrittenIn(version int) *Response {
	if version == 0 || version == r.Version {
		return r
	}
	out := *r
	out.Version = version
	return &out
}
