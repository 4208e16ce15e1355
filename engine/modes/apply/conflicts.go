package apply

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// conflictEntries lists the outcome's conflicts for the response.
func (o *outcome) conflictEntries() []contract.Conflict {
	var out []contract.Conflict
	live := root(o.triple.Live)
	for _, c := range o.conflicts {
		message := "live changed this since last-applied (to " + short(c.Changed) + ") and the config changes it too (to " + short(c.Patch) +
			"): with --overwrite=false kubectl refuses the whole apply"
		if isAnnotations(c.Path) && c.Path[2].Field == LastAppliedAnnotation {
			message = "live carries the last-applied annotation, which last-applied itself does not (kubectl adds it after each apply), so it counts as a change made in live; the config rewrites it, so with --overwrite=false kubectl refuses the apply"
		}
		out = append(out, contract.Conflict{
			Resource: o.triple.ID.String(),
			Path:     c.Path.String(),
			Manager:  "live",
			Live:     liveValue(live, c.Path),
			Config:   short(c.Patch),
			Line:     lineAt(live, c.Path),
			Message:  message,
		})
	}
	return out
}

// liveValue writes live's value at path for a sentence, "" when live lacks it.
func liveValue(live *yamltree.Node, path fieldpath.Path) string {
	if n, found := explain.Deepest(live, path); found {
		return short(n)
	}
	return ""
}

// conflictMarks marks the disputed lines of live (every line of live's value), each decision
// recorded at its path.
func (o *outcome) conflictMarks() []contract.Field {
	var out []contract.Field
	live := root(o.triple.Live)
	for i, c := range o.conflictEntries() {
		path := o.conflicts[i].Path
		o.log.Record(path, ruleConflict, decision.Original|decision.Updated|decision.Live)
		end := 0
		if n, found := explain.Deepest(live, path); found && explain.LastLine(n) > c.Line {
			end = explain.LastLine(n)
		}
		out = append(out, contract.Field{Resource: c.Resource, Path: c.Path, Mark: contract.Conflicted, Line: c.Line,
			EndLine: end, Reason: c.Message, Rule: string(ruleConflict)})
	}
	return out
}

// lineAt finds the line in live of the field at path, or of its nearest parent live has; a map
// entry's line is its key's.
func lineAt(live *yamltree.Node, path fieldpath.Path) int {
	n, line := live, live.Pos.Line
	for _, e := range path {
		if n.IsMap() && e.Field != "" {
			i := n.Index(e.Field)
			if i < 0 {
				return line
			}
			n, line = n.Fields[i].Value, n.Fields[i].Key.Pos.Line
			continue
		}
		if n = explain.Step(n, e); n == nil {
			return line
		}
		line = n.Pos.Line
	}
	return line
}
