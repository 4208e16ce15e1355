package ssa

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// The response's extra.managedFields, extra.operations and extra.owners.
type (
	ManagedFieldsList = jsonwire.List[ManagedFields]
	Operations        = jsonwire.List[Operation]
	OwnerLines        = jsonwire.List[OwnerLine]
)

// WriteJSON writes the owner line as its json tags say.
func (o OwnerLine) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(o.Resource)
	w.Key("line").Int(o.Line)
	if o.EndLine != 0 {
		w.Key("endLine").Int(o.EndLine)
	}
	w.Key("path").String(o.Path)
	w.Key("managers").Strings(o.Managers)
	w.CloseObject()
}

// WriteJSON writes the resource's managedFields as their json tags say.
func (m ManagedFields) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(m.Resource)
	jsonwire.WriteList(w.Key("entries"), m.Entries)
	w.CloseObject()
}

// WriteJSON writes the entry as its json tags say.
func (e EntryExtra) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("manager").String(e.Manager)
	w.Key("operation").String(e.Operation)
	w.Key("apiVersion").String(e.APIVersion)
	w.Key("time").String(e.Time)
	w.Key("subresource").String(e.Subresource)
	w.Key("fieldsV1").String(e.FieldsV1)
	w.Key("fields").Strings(e.Fields)
	w.CloseObject()
}

// WriteJSON writes the operation as its json tags say.
func (o Operation) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(o.Resource)
	w.Key("action").String(string(o.Action))
	w.Key("manager").String(o.Manager)
	w.Key("operation").String(o.Operation)
	w.Key("changed").Bool(o.Changed)
	w.Key("beforeFirstApply").Bool(o.BeforeFirstApply)
	w.Key("handedOver").Strings(o.HandedOver)
	jsonwire.WriteList(w.Key("taken"), o.Taken)
	w.Key("lastApplied").Bool(o.LastApplied)
	w.CloseObject()
}

// WriteJSON writes what was taken as its json tags say.
func (t Taken) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("manager").String(t.Manager)
	w.Key("fields").Strings(t.Fields)
	w.CloseObject()
}
