package apply

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// conflictEntries lists the outcome's conflicts for the response.
func (o *outcome) conflictEntries() []contract.Conflict {
	var out []contract.Conflict
	live := root(o.triple.Live)
	for _, c := range o.conflicts {
		message := fmt.Sprintf("live changed this since last-applied (to %s) and the config changes it too (to %s): with --overwrite=false kubectl refuses the whole apply",
			short(c.Changed), short(c.Patch))
		if isAnnotations(c.Path) && c.Path[2].Field == LastAppliedAnnotation {
			message = "live carries the last-applied annotation, which last-applied itself does not (kubectl adds it after each apply), so it counts as a change made in live; the config rewrites it, so with --overwrite=false kubectl refuses the apply"
		}
		out = append(out, contract.Conflict{
			Resource: o.triple.ID.String(),
			Path:     c.Path.String(),
			Manager:  "live",
			Line:     lineAt(live, c.Path),
			Message:  message,
		})
	}
	return out
}

// conflictMarks marks the disputed lines of live.
func (o *outcome) conflictMarks() []contract.Field {
	var out []contract.Field
	for _, c := range o.conflictEntries() {
		out = append(out, contract.Field{Resource: c.Resource, Path: c.Path, Mark: contract.Conflicted, Line: c.Line, Reason: c.Message})
	}
	return out
}

// lineAt finds the line in live of the field at path (0 when live lacks it).
func lineAt(n *yamltree.Node, path fieldpath.Path) int {
	line := 0
	for _, e := range path {
		switch {
		case e.IsIndex && n.IsList() && e.Index < len(n.Items):
			n = n.Items[e.Index]
			line = n.Pos.Line
		case e.Keys != nil && n.IsList():
			n = explain.FindItem(n, keyOf(e))
			if n == nil {
				return line
			}
			line = n.Pos.Line
		case n.IsMap() && e.Field != "":
			i := n.Index(e.Field)
			if i < 0 {
				return line
			}
			line = n.Fields[i].Key.Pos.Line
			n = n.Fields[i].Value
		default:
			return line
		}
	}
	return line
}

// keyOf turns a path element selecting an item by key back into the key.
func keyOf(e fieldpath.Element) explain.Key {
	if len(e.Keys) == 1 {
		return explain.Key{Field: e.Keys[0].Name, Value: e.Keys[0].Value}
	}
	names := make([]string, len(e.Keys))
	value := yamltree.NewMap()
	for i, kv := range e.Keys {
		names[i] = kv.Name
		value.Set(kv.Name, kv.Value)
	}
	return explain.Key{Field: strings.Join(names, ","), Value: value}
}
