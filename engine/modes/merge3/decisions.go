package merge3

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// Every decision is recorded in the resource's decision log (package decision): kio's, on whole
// resources and on its bookkeeping annotations, as kio makes them (kioNotes); the merge's, kept
// by the value they were made for while the walk runs (merger.records), at the paths their values
// have in the written resource (a list item's path is its key, or its place once its list is
// assembled), by the walk that marks them (marks.go). The marks name the rule their value's
// decision recorded; the reasons are one table keyed by rule (reasons.go).

// held says which inputs held the value a record decided.
func (r record) held() decision.Held {
	var h decision.Held
	if r.original != nil {
		h |= decision.Original
	}
	if r.updated != nil {
		h |= decision.Updated
	}
	if r.live != nil {
		h |= decision.Live
	}
	return h
}

// kioNotes are the decisions kio's bookkeeping made on the local copy of one resource (nil when
// they are not recorded: upstream's copies, whose changes no mark shows).
type kioNotes struct {
	entries []decision.Entry
	// paths are the entries' paths written (ruleAt), as far as it wrote them: entries are only
	// ever appended.
	paths []string
}

func (k *kioNotes) note(path fieldpath.Path, rule decision.Rule) {
	if k != nil {
		k.entries = append(k.entries, decision.Entry{Path: path, Rule: rule, Held: decision.Live})
	}
}

// ruleAt returns the rule of kio's last decision at path, "" when kio made none there (kio
// makes few: a resource's bookkeeping annotations). It is asked for every mark: the entries'
// paths are written once, and path only when an entry's ends with its last field.
func (k *kioNotes) ruleAt(path fieldpath.Path) decision.Rule {
	if k == nil || len(k.entries) == 0 {
		return ""
	}
	for _, e := range k.entries[len(k.paths):] {
		k.paths = append(k.paths, e.Path.String())
	}
	if len(path) > 0 && !path[len(path)-1].IsIndex && path[len(path)-1].Keys == nil && path[len(path)-1].Value == nil {
		if !anyEndsWithField(k.paths, path[len(path)-1].Field) {
			return ""
		}
	}
	p := path.String()
	var rule decision.Rule
	for i, e := range k.entries {
		if k.paths[i] == p {
			rule = e.Rule
		}
	}
	return rule
}

// anyEndsWithField reports whether one of the paths written ends with the field name (".name").
func anyEndsWithField(paths []string, name string) bool {
	for _, p := range paths {
		if len(p) > len(name) && p[len(p)-len(name)-1] == '.' && p[len(p)-len(name):] == name {
			return true
		}
	}
	return false
}
