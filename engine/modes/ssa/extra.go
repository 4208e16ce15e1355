package ssa

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/rfc3339"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// OwnerLine is one line of the result and the managers owning what it holds (extra.owners).
type OwnerLine struct {
	Resource string `json:"resource"`
	// Line is 1-based in the result.
	Line int `json:"line"`
	// EndLine is the last line of a value written over several lines (a block scalar's text),
	// whose owners those lines share; absent for a value on one line.
	EndLine int `json:"endLine,omitempty"`
	// Path is the field the line holds (a map key's value, or a list item).
	Path string `json:"path"`
	// Managers own the field, or the atomic value holding it; empty when no one does.
	Managers []string `json:"managers"`
}

// ManagedFields is the managedFields of one resource after the operation (extra.managedFields).
type ManagedFields struct {
	Resource string       `json:"resource"`
	Entries  []EntryExtra `json:"entries"`
}

// EntryExtra is one managedFields entry.
type EntryExtra struct {
	Manager    string `json:"manager"`
	Operation  string `json:"operation"`
	APIVersion string `json:"apiVersion"`
	// Time is RFC 3339, "" when the entry has none.
	Time        string `json:"time"`
	Subresource string `json:"subresource"`
	// FieldsV1 is the fields as the API server stores them (JSON).
	FieldsV1 string `json:"fieldsV1"`
	// Fields lists the owned fields as paths.
	Fields []string `json:"fields"`
}

// Operation says what happened to one resource (extra.operations).
type Operation struct {
	Resource string `json:"resource"`
	// Action is create, apply, update, conflict or none.
	Action Action `json:"action"`
	// Manager and Operation ("apply" or "update") are the request's.
	Manager   string `json:"manager"`
	Operation string `json:"operation"`
	// Changed is false when the object came out as it was (its entry's time stays).
	Changed bool `json:"changed"`
	// BeforeFirstApply is true when live had no managedFields and before-first-apply got them.
	BeforeFirstApply bool `json:"beforeFirstApply"`
	// HandedOver lists the fields taken over from client-side apply through the last-applied
	// annotation.
	HandedOver []string `json:"handedOver"`
	// Taken lists, per manager, the fields force took from it.
	Taken []Taken `json:"taken"`
	// LastApplied is true when the API server rewrote the last-applied annotation.
	LastApplied bool `json:"lastApplied"`
}

// Taken is what an apply took from one manager.
type Taken struct {
	Manager string   `json:"manager"`
	Fields  []string `json:"fields"`
}

// managedFieldsOf is one resource's managedFields after the operation.
func managedFieldsOf(o *outcome) ManagedFields {
	entries := o.liveEntries
	switch {
	case o.action == Delete:
		entries = nil // the object is gone, with its managedFields
	case o.done != nil && o.done.Object != nil:
		entries = o.done.Entries
	}
	mf := ManagedFields{Resource: o.triple.ID.String(), Entries: []EntryExtra{}}
	for _, e := range entries {
		mf.Entries = append(mf.Entries, entryExtra(e))
	}
	return mf
}

func entryExtra(e managed.Entry) EntryExtra {
	x := EntryExtra{Manager: e.Manager, Operation: e.Operation, APIVersion: e.APIVersion,
		Subresource: e.Subresource, Fields: pathStrings(e.Fields.Paths())}
	if e.Time != nil {
		x.Time = rfc3339.Format(*e.Time)
	}
	x.FieldsV1, _ = e.Fields.JSON()
	return x
}

func pathStrings(paths []fieldpath.Path) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = p.String()
	}
	return out
}

// operationOf says what happened to one resource.
func operationOf(o *outcome) Operation {
	op := Operation{Resource: o.triple.ID.String(), Action: o.action, Operation: o.op,
		Manager: o.requester, HandedOver: []string{}, Taken: []Taken{}}
	if d := o.done; d != nil {
		op.Changed, op.BeforeFirstApply, op.LastApplied = d.Changed, d.BeforeFirstApply, d.LastApplied != ""
		if d.HandedOver != nil {
			op.HandedOver = pathStrings(d.HandedOver.Paths())
		}
		for _, id := range d.Taken.IDs() {
			op.Taken = append(op.Taken, Taken{Manager: managerName(id), Fields: pathStrings(d.Taken[id].Set.Paths())})
		}
	}
	return op
}

// ownerLines lists every line of one resource's result with the managers owning it.
func (o *outcome) ownerLines(layout *yamltree.Layout) []OwnerLine {
	after := managed.Managers{}
	if o.done != nil {
		after = o.done.After
	} else if m, _, err := managed.Decode(o.liveEntries); err == nil {
		after = m
	}
	w := ownerWalk{resource: o.triple.ID.String(), layout: layout, managers: after}
	w.value(fieldpath.WalkRoot(), o.typ, o.stored.Root, nil)
	return w.lines
}

type ownerWalk struct {
	resource string
	layout   *yamltree.Layout
	managers managed.Managers
	lines    []OwnerLine
}

// value records the lines of v at path; inherited are the owners of an atomic value holding it.
func (w *ownerWalk) value(path fieldpath.Path, t *schema.Type, v *yamltree.Node, inherited []managed.ID) {
	if isManagedFields(path) || v == nil {
		return
	}
	owners := inherited
	if inherited == nil {
		owners = ownersOf(w.managers, path)
	}
	if len(path) > 0 {
		names := make([]string, len(owners))
		for i, id := range owners {
			names[i] = managerName(id)
		}
		line := OwnerLine{Resource: w.resource, Line: w.layout.Line(v), Path: path.String(), Managers: names}
		if v.IsScalar() && w.layout.EndLine(v) > line.Line {
			line.EndLine = w.layout.EndLine(v)
		}
		w.lines = append(w.lines, line)
	}
	atomic := inherited != nil
	if !atomic && (shape(t, v) == shapeLeaf || isAtomicType(t, v)) && len(path) > 0 {
		atomic, inherited = true, nonNil(owners)
	}
	w.children(path, t, v, atomic, inherited)
}

func (w *ownerWalk) children(path fieldpath.Path, t *schema.Type, v *yamltree.Node, atomic bool, inherited []managed.ID) {
	for _, f := range v.Fields {
		w.value(path.Descend(fieldpath.Element{Field: f.Key.Value}), t.FieldType(f.Key.Value), f.Value, inherited)
	}
	for i, it := range v.Items {
		el := fieldpath.Element{Index: i, IsIndex: true}
		if !atomic {
			if e, err := typed.ItemElement(t, it); err == nil {
				el = e
			}
		}
		w.value(path.Descend(el), t.ListElem(), it, inherited)
	}
}

// isAtomicType reports whether v is owned whole under t.
func isAtomicType(t *schema.Type, v *yamltree.Node) bool {
	switch shape(t, v) {
	case shapeList:
		return t.ListType == schema.ListAtomic
	case shapeMap:
		return t.MapType == schema.MapAtomic
	}
	return true
}

func nonNil(ids []managed.ID) []managed.ID {
	if ids == nil {
		return []managed.ID{}
	}
	return ids
}
