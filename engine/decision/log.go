package decision

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// Rule names one row of a mode's decision table, as "mode/rule" (see the package doc).
type Rule string

// Mode returns the mode that owns the rule: the part before the first "/".
func (r Rule) Mode() string {
	mode, _, _ := strings.Cut(string(r), "/")
	return mode
}

// Held says which inputs held a field when it was decided.
type Held uint8

// The inputs, as bits of Held.
const (
	Original Held = 1 << iota
	Updated
	Live
)

// Has reports whether every input of in is held.
func (h Held) Has(in Held) bool { return h&in == in }

// String lists the inputs held, as "original+updated+live", or "none".
func (h Held) String() string {
	var names []string
	for _, in := range []struct {
		bit  Held
		name string
	}{{Original, "original"}, {Updated, "updated"}, {Live, "live"}} {
		if h.Has(in.bit) {
			names = append(names, in.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// Entry is one decision: where it was made, by which rule, over which inputs.
type Entry struct {
	Path fieldpath.Path
	Rule Rule
	Held Held
}

// Log is the decisions of one resource, in the order they were made. The zero value is an
// empty log, ready to record. A field decided twice (a merge that revisits a value) keeps
// both entries; Lookup answers the last.
type Log struct {
	entries []Entry
	// byPath indexes the first indexed entries by path, built on first lookup: a merge records
	// far more decisions than anyone looks up.
	byPath  map[string]int
	indexed int
	// dropped holds the decisions about the config's content that the result lacks (dropped
	// marks): such an item shares its path with the item the result kept, whose decisions
	// Lookup answers.
	dropped []Entry
}

// RecordDropped records the decision that made the config's value at path missing from the
// result (a dropped mark), apart from the decisions about the value the result holds there.
func (l *Log) RecordDropped(path fieldpath.Path, rule Rule) {
	l.dropped = append(l.dropped, Entry{Path: path, Rule: rule, Held: Updated})
}

// LookupDropped returns the last decision RecordDropped recorded at path (written in
// structured-merge-diff syntax).
func (l *Log) LookupDropped(path string) (Entry, bool) {
	if l == nil {
		return Entry{}, false
	}
	for i := len(l.dropped) - 1; i >= 0; i-- {
		if l.dropped[i].Path.String() == path {
			return l.dropped[i], true
		}
	}
	return Entry{}, false
}

// Record appends a decision.
func (l *Log) Record(path fieldpath.Path, rule Rule, held Held) {
	l.entries = append(l.entries, Entry{Path: path, Rule: rule, Held: held})
}

// Lookup returns the last decision recorded at path.
func (l *Log) Lookup(path fieldpath.Path) (Entry, bool) {
	return l.LookupString(path.String())
}

// Relabel records a later decision on a path: with the inputs held that the latest decision on
// it records, else with held. It writes the path once for both, where Lookup then Record write
// it for the lookup and again when the next lookup indexes the new entry. A nil log records
// nothing.
func (l *Log) Relabel(path fieldpath.Path, rule Rule, held Held) {
	if l == nil {
		return
	}
	key := path.String()
	if e, ok := l.LookupString(key); ok {
		held = e.Held
	}
	l.entries = append(l.entries, Entry{Path: path, Rule: rule, Held: held})
	l.byPath[key] = len(l.entries) - 1
	l.indexed = len(l.entries)
}

// LookupString is Lookup for a path already written in structured-merge-diff syntax, as
// contract.Field.Path holds it.
func (l *Log) LookupString(path string) (Entry, bool) {
	if l == nil {
		return Entry{}, false
	}
	if l.byPath == nil {
		l.byPath = map[string]int{}
	}
	for ; l.indexed < len(l.entries); l.indexed++ {
		l.byPath[l.entries[l.indexed].Path.String()] = l.indexed
	}
	i, ok := l.byPath[path]
	if !ok {
		return Entry{}, false
	}
	return l.entries[i], true
}

// Entries returns every decision in the order recorded. The slice is the log's own: callers
// must not modify it.
func (l *Log) Entries() []Entry {
	if l == nil {
		return nil
	}
	return l.entries
}

// Len is the number of decisions recorded.
func (l *Log) Len() int {
	if l == nil {
		return 0
	}
	return len(l.entries)
}

// Book holds the logs of a response's resources, by resource identity
// (apiVersion/kind/namespace/name, as contract.Field.Resource writes it).
type Book map[string]*Log

// For returns the log of a resource, creating it on first use.
func (b Book) For(resource string) *Log {
	l, ok := b[resource]
	if !ok {
		l = &Log{}
		b[resource] = l
	}
	return l
}
