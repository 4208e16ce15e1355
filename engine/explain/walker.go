package explain

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Walker marks the fields of one resource.
type Walker struct {
	// Resource is the resource's identity, written into every mark.
	Resource string
	// Layout locates the result's nodes.
	Layout *yamltree.Layout
	// Reasons writes the sentences.
	Reasons Reasons
	fields  []contract.Field
}

// Fields returns the marks made so far.
func (w *Walker) Fields() []contract.Field { return w.fields }

// Mark records one mark. A non-positive or equal endLine is dropped.
func (w *Walker) Mark(path fieldpath.Path, mark contract.Mark, line, endLine int, reason string) {
	if endLine <= line {
		endLine = 0
	}
	w.fields = append(w.fields, contract.Field{Resource: w.Resource, Path: path.String(), Mark: mark, Line: line, EndLine: endLine, Reason: reason})
}

// Object marks every field of an object the merge kept; sch is its strategic-merge schema, or
// nil under a JSON merge patch.
func (w *Walker) Object(v Versions, sch smp.Schema) {
	w.mapFields(fieldpath.Path{}, v, sch, false)
}

// mapFields walks a map's entries: the result's in order, then those only live had.
func (w *Walker) mapFields(path fieldpath.Path, v Versions, sch smp.Schema, retainKeys bool) {
	if v.Result != nil {
		for _, f := range v.Result.Fields {
			w.value(path.Field(f.Key.Value), v.Child(f.Key.Value), sch, f.Key.Value)
		}
	}
	if v.Live == nil {
		return
	}
	for _, f := range v.Live.Fields {
		key := f.Key.Value
		if v.Result != nil && v.Result.Has(key) {
			continue
		}
		c := v.Child(key)
		p := path.Field(key)
		w.Mark(p, contract.Deleted, f.Key.Pos.Line, LastLine(c.Live), w.Reasons.Deleted(p, c, retainKeys))
	}
}

// value marks a field the result holds.
func (w *Walker) value(path fieldpath.Path, v Versions, parent smp.Schema, key string) {
	switch {
	case v.Result.IsMap() && (v.Live.IsMap() || v.Live == nil):
		w.mapValue(path, v, parent, key)
	case v.Result.IsList() && v.Live.IsList():
		w.listValue(path, v, parent, key)
	case v.Result.IsList() && parent == nil:
		w.leaf(path, v, MergePatchList)
	case v.Result.IsList():
		w.leaf(path, v, AtomicList)
	default:
		w.leaf(path, v, Field)
	}
}

func (w *Walker) mapValue(path fieldpath.Path, v Versions, parent smp.Schema, key string) {
	if parent == nil {
		w.mapFields(path, v, nil, false)
		return
	}
	sub, meta, err := parent.Struct(key)
	if err != nil {
		sub = smp.Untyped{}
	}
	if has(meta, "replace") && v.Live != nil {
		w.leaf(path, v, Replace)
		return
	}
	w.mapFields(path, v, sub, has(meta, "retainKeys"))
}

// listValue marks a list both live and the result hold.
func (w *Walker) listValue(path fieldpath.Path, v Versions, parent smp.Schema, key string) {
	if parent == nil {
		w.leaf(path, v, MergePatchList)
		return
	}
	items, meta, err := parent.Slice(key)
	switch {
	case err != nil || !has(meta, "merge"):
		w.leaf(path, v, AtomicList)
	case meta.MergeKey == "":
		w.setList(path, v)
	case allMaps(v.Result) && allMaps(v.Live):
		w.keyedList(path, v, meta.MergeKey, items)
	default:
		w.leaf(path, v, AtomicList)
	}
}

// leaf marks a value compared as a whole: a scalar, an atomic list, a replaced map.
func (w *Walker) leaf(path fieldpath.Path, v Versions, rule Rule) {
	line := w.Layout.Line(v.Result)
	end := 0
	if v.Result.Kind != yamltree.ScalarNode {
		end = w.EndLine(v.Result)
	}
	switch {
	case v.Live == nil:
		w.Mark(path, contract.Added, line, end, w.Reasons.Added(path, v, rule))
	case !yamltree.Equal(v.Live, v.Result):
		w.Mark(path, contract.Changed, line, end, w.Reasons.Changed(path, v, rule))
	case v.Updated != nil:
		w.Mark(path, contract.Retained, line, end, w.Reasons.Retained(path, v, rule))
	default:
		w.Mark(path, contract.Ignored, line, end, w.Reasons.Ignored(path, v))
	}
}

func has(m smp.Meta, strategy string) bool {
	for _, s := range m.Strategies {
		if s == strategy {
			return true
		}
	}
	return false
}

func allMaps(l *yamltree.Node) bool {
	for _, it := range l.Items {
		if !it.IsMap() {
			return false
		}
	}
	return true
}
