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
	named                            bool
	resources, paths, reasons, rules table
}

// newNames returns the names of an answer written in contract version version.
func newNames(version int) *markNames { return &markNames{named: version != OldestVersion} }

// table is one list of names and each one's index in it.
type table struct {
	list  []string
	index map[string]int
	last  int // the index found last: a resource's marks follow each other
}

// of returns the index of s in the table, adding it when it is new.
func (t *table) of(s string) int {
	if len(t.list) > 0 && t.list[t.last] == s {
		return t.last
	}
	i, ok := t.index[s]
	if !ok {
		if t.index == nil {
			t.index = map[string]int{}
		}
		i = len(t.list)
		t.index[s] = i
		t.list = append(t.list, s)
	}
	t.last = i
	return i
}

// writeMarks writes the marks as a list: each naming its strings by index when the names are
// named (gathering them), else whole.
func (n *markNames) writeMarks(w *jsonwire.Writer, fields []Field) {
	if !n.named {
		jsonwire.WriteList(w, fields)
		return
	}
	w.OpenArray()
	for i := range fields {
		f := &fields[i]
		w.OpenObject()
		w.Key("resource").Int(n.resources.of(f.Resource))
		w.Key("path").Int(n.paths.of(f.Path))
		w.Key("mark").String(string(f.Mark))
		w.Key("line").Int(f.Line)
		w.Key("endLine").Int(f.EndLine)
		w.Key("reason").Int(n.reasons.of(f.Reason))
		w.Key("rule").Int(n.rules.of(f.Rule))
		if f.Place != nil {
			f.Place.WriteJSON(w.Key("place"))
		}
		w.CloseObject()
	}
	w.CloseArray()
}

// write writes the key "names" with the names gathered: {"resources": [...], "paths": [...],
// "reasons": [...], "rules": [...]}; nothing when they are not named.
func (n *markNames) write(w *jsonwire.Writer) {
	if !n.named {
		return
	}
	w.Key("names").OpenObject()
	w.Key("resources").Strings(orEmpty(n.resources.list))
	w.Key("paths").Strings(orEmpty(n.paths.list))
	w.Key("reasons").Strings(orEmpty(n.reasons.list))
	w.Key("rules").Strings(orEmpty(n.rules.list))
	w.CloseObject()
}

// gathered reports whether the names hold any string (a delta writes them only then).
func (n *markNames) gathered() bool { return len(n.resources.list) > 0 }

// orEmpty is list, or an empty list for nil (written [], never null).
func orEmpty(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// WrittenIn returns the response as written for a request that names contract version version:
// r itself for the engine's Version (or none, 0), else a copy written in that version's shape,
// its steps too.
func (r *Response) WrittenIn(version int) *Response {
	if version == 0 || version == r.Version {
		return r
	}
	out := *r
	out.Version = version
	out.Steps = make([]*Response, len(r.Steps))
	for i, step := range r.Steps {
		out.Steps[i] = step.WrittenIn(version)
	}
	return &out
}
