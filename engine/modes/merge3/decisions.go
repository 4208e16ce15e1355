package merge3

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// Every decision is recorded in the resource's decision log (package decision): the merge's, kept
// by the value they were made for while the walk runs (merger.records), are written at the paths
// their values have once the resource is merged (a list item's path is its key, or its place once
// its list is assembled); kio's, on whole resources and on its bookkeeping annotations, as kio
// makes them (kioNotes). The marks name the rule their value's decision recorded; the reasons are
// one table keyed by rule (reasons.go).

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
}

func (k *kioNotes) note(path fieldpath.Path, rule decision.Rule) {
	if k != nil {
		k.entries = append(k.entries, decision.Entry{Path: path, Rule: rule, Held: decision.Live})
	}
}

// ruleAt returns the rule of kio's last decision at path, "" when kio made none there.
func (k *kioNotes) ruleAt(path fieldpath.Path) decision.Rule {
	if k == nil {
		return ""
	}
	p := path.String()
	var rule decision.Rule
	for _, e := range k.entries {
		if e.Path.String() == p {
			rule = e.Rule
		}
	}
	return rule
}

// logMerge writes a merged resource's decisions into log: at each level, first the local values
// the merge removed, at their places in the local copy, then the result's values where they
// landed (so that an item rebuilt under a removed one's key is the one the log answers for).
func logMerge(log *decision.Log, res *resource, result *ynode.Node, records map[*ynode.Node]record) {
	w := &logWriter{log: log, res: res, records: records}
	w.value(fieldpath.Path{}, result, res.pristine)
}

type logWriter struct {
	log     *decision.Log
	res     *resource
	records map[*ynode.Node]record
}

// value logs a result value and what is below it; local is the local copy's value at its place.
func (w *logWriter) value(path fieldpath.Path, result, local *ynode.Node) {
	rec, ok := w.records[result]
	switch {
	case result.Kind == ynode.MapNode && (local == nil || local.Kind == ynode.MapNode):
		w.fields(path, result, local)
	case result.Kind == ynode.ListNode && ok && rec.list != nil && !rec.list.whole && (local == nil || local.Kind == ynode.ListNode):
		w.items(path, result, local, rec.list)
	}
	if ok {
		w.log.Record(path, rec.rule, rec.held())
	}
}

func (w *logWriter) fields(path fieldpath.Path, result, local *ynode.Node) {
	for i := 0; local != nil && i+1 < len(local.Content); i += 2 {
		if name := local.Content[i].Value; result.Get(name) == nil {
			w.removed(path.Field(name), local.Content[i+1])
		}
	}
	for i := 0; i+1 < len(result.Content); i += 2 {
		name := result.Content[i].Value
		w.value(path.Field(name), result.Content[i+1], local.Get(name))
	}
}

func (w *logWriter) items(path fieldpath.Path, result, local *ynode.Node, info *listInfo) {
	inResult := map[*ynode.Node]bool{}
	for _, item := range result.Content {
		inResult[item] = true
	}
	for i, li := range contentOf(local) {
		if !inResult[w.res.liveOf[li]] {
			w.removed(itemPath(path, li, info, i), li)
		}
	}
	for i, item := range result.Content {
		w.value(itemPath(path, item, info, i), item, w.res.pristineOf[item])
	}
}

// removed logs the decision that removed a local value (pristine is its unmerged copy).
func (w *logWriter) removed(path fieldpath.Path, pristine *ynode.Node) {
	if rec, ok := w.records[w.res.liveOf[pristine]]; ok {
		w.log.Record(path, rec.rule, rec.held())
	}
}

func contentOf(n *ynode.Node) []*ynode.Node {
	if n == nil || n.Kind != ynode.ListNode {
		return nil
	}
	return n.Content
}
