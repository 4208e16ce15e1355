package apply

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// explainer marks the fields of one resource's result by aligning the four versions of the
// object: last-applied (o), config (u), live (l) and result (r). The patch decided what
// happened; the alignment tells which rule it was.
type explainer struct {
	resource string
	layout   *yamltree.Layout
	// strategic is false for custom resources, merged by JSON merge patch.
	strategic bool
	// hasOriginal is false when kubectl found no last-applied configuration.
	hasOriginal bool
	fields      []contract.Field
}

// versions are one field as each version of the object holds it; a missing side is nil.
type versions struct {
	o, u, l, r *yamltree.Node
}

func (v versions) child(key string) versions {
	return versions{o: v.o.Get(key), u: v.u.Get(key), l: v.l.Get(key), r: v.r.Get(key)}
}

// rule is what decided a value as a whole, when it is not merged field by field.
type rule uint8

const (
	ruleField      rule = iota // a scalar, or a value whose type changed
	ruleAtomicList             // a list without merge strategy: replaced whole
	ruleMergeList              // a custom resource's list under JSON merge patch
	ruleReplace                // a map with the replace strategy
	ruleAnnotation             // kubectl's last-applied annotation
)

func (e *explainer) add(path fieldpath.Path, mark contract.Mark, line, endLine int, reason string) {
	if endLine <= line {
		endLine = 0
	}
	e.fields = append(e.fields, contract.Field{Resource: e.resource, Path: path.String(), Mark: mark, Line: line, EndLine: endLine, Reason: reason})
}

// object marks a whole resource that was merged.
func (e *explainer) object(v versions, sch smp.Schema) {
	e.mapFields(fieldpath.Path{}, v, sch)
}

// mapFields walks the entries of a map: the result's in order, then those only live had.
func (e *explainer) mapFields(path fieldpath.Path, v versions, sch smp.Schema) {
	if v.r != nil {
		for _, f := range v.r.Fields {
			e.value(path.Field(f.Key.Value), v.child(f.Key.Value), sch, f.Key.Value)
		}
	}
	if v.l == nil {
		return
	}
	for _, f := range v.l.Fields {
		key := f.Key.Value
		if v.r != nil && v.r.Has(key) {
			continue
		}
		c := v.child(key)
		e.add(path.Field(key), contract.Deleted, f.Key.Pos.Line, lastLine(c.l), e.deletedReason(c, false))
	}
}

// value marks a field the result holds.
func (e *explainer) value(path fieldpath.Path, v versions, parent smp.Schema, key string) {
	if key == LastAppliedAnnotation && isAnnotations(path) {
		e.leaf(path, v, ruleAnnotation)
		return
	}
	switch {
	case v.r.IsMap() && (v.l.IsMap() || v.l == nil):
		e.mapValue(path, v, parent, key)
	case v.r.IsList() && v.l.IsList():
		e.listValue(path, v, parent, key)
	case v.r.IsList():
		e.leaf(path, v, e.listRule(parent, key))
	default:
		e.leaf(path, v, ruleField)
	}
}

func (e *explainer) mapValue(path fieldpath.Path, v versions, parent smp.Schema, key string) {
	if parent == nil {
		e.mapFields(path, v, nil)
		return
	}
	sub, meta, err := parent.Struct(key)
	if err != nil {
		sub = smp.Untyped{}
	}
	if has(meta, "replace") && v.l != nil {
		e.leaf(path, v, ruleReplace)
		return
	}
	if has(meta, "retainKeys") {
		e.retainedMap(path, v, sub)
		return
	}
	e.mapFields(path, v, sub)
}

// retainedMap walks a map with the retainKeys strategy, where keys the config leaves out are
// cleared even when last-applied never had them.
func (e *explainer) retainedMap(path fieldpath.Path, v versions, sch smp.Schema) {
	for _, f := range v.r.Fields {
		e.value(path.Field(f.Key.Value), v.child(f.Key.Value), sch, f.Key.Value)
	}
	if v.l == nil {
		return
	}
	for _, f := range v.l.Fields {
		if v.r.Has(f.Key.Value) {
			continue
		}
		c := v.child(f.Key.Value)
		e.add(path.Field(f.Key.Value), contract.Deleted, f.Key.Pos.Line, lastLine(c.l), e.deletedReason(c, true))
	}
}

func (e *explainer) listRule(parent smp.Schema, key string) rule {
	if parent == nil {
		return ruleMergeList
	}
	return ruleAtomicList
}

// listValue marks a list both live and the result hold.
func (e *explainer) listValue(path fieldpath.Path, v versions, parent smp.Schema, key string) {
	if parent == nil {
		e.leaf(path, v, ruleMergeList)
		return
	}
	items, meta, err := parent.Slice(key)
	if err != nil || !has(meta, "merge") {
		e.leaf(path, v, ruleAtomicList)
		return
	}
	if meta.MergeKey == "" {
		e.setList(path, v)
		return
	}
	e.keyedList(path, v, meta.MergeKey, items)
}

func has(m smp.Meta, strategy string) bool {
	for _, s := range m.Strategies {
		if s == strategy {
			return true
		}
	}
	return false
}

func isAnnotations(path fieldpath.Path) bool {
	n := len(path)
	return n == 3 && path[0].Field == "metadata" && path[1].Field == "annotations"
}

// lastLine is the last line a node spans in the text it was read from, or 0 when unknown.
func lastLine(n *yamltree.Node) int {
	if n == nil {
		return 0
	}
	last := n.Pos.Line
	for _, f := range n.Fields {
		last = max(last, lastLine(f.Value))
	}
	for _, it := range n.Items {
		last = max(last, lastLine(it))
	}
	if n.Style == yamltree.Literal || n.Style == yamltree.Folded {
		last = n.Pos.Line + lineCount(n.Value)
	}
	return last
}

func lineCount(s string) int {
	count := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			count++
		}
	}
	return count
}
