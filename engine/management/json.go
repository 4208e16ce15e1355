package management

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// Summaries is the response's extra.management.
type Summaries []Summary

// WriteJSON writes the summaries as a list (null when nil).
func (ss Summaries) WriteJSON(w *jsonwire.Writer) { jsonwire.WriteList(w, ss) }

// SameAs reports whether other is Summaries equal to ss, item by item (their JSON alike): an
// answer's delta compares them so, rather than by their JSON (contract.EncodeAnswer).
func (ss Summaries) SameAs(other any) bool {
	o, ok := other.(Summaries)
	return ok && (ss == nil) == (o == nil) && slices.EqualFunc(ss, o, sameSummary)
}

// sameSummary reports whether two summaries are alike.
func sameSummary(a, b Summary) bool {
	return a.Resource == b.Resource && a.Line == b.Line && a.LastApplied == b.LastApplied &&
		slices.Equal(a.Managers, b.Managers) && slices.Equal(a.Notes, b.Notes) &&
		(a.Helm == nil) == (b.Helm == nil) && (a.Helm == nil || *a.Helm == *b.Helm)
}

// WriteJSON writes the summary as its json tags say.
func (s Summary) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(s.Resource)
	w.Key("line").Int(s.Line)
	w.Key("managers")
	jsonwire.WriteList(w, s.Managers)
	if s.LastApplied != 0 {
		w.Key("lastApplied").Int(s.LastApplied)
	}
	if s.Helm != nil {
		w.Key("helm")
		s.Helm.WriteJSON(w)
	}
	w.Key("notes").Strings(s.Notes)
	w.CloseObject()
}

// WriteJSON writes the entry as its json tags say.
func (m Manager) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("manager").String(m.Manager)
	w.Key("operation").String(m.Operation)
	optional(w, "subresource", m.Subresource)
	optional(w, "apiVersion", m.APIVersion)
	optional(w, "time", m.Time)
	w.Key("fields").Int(m.Fields)
	optional(w, "tool", m.Tool)
	w.Key("says").String(m.Says)
	w.Key("line").Int(m.Line)
	w.CloseObject()
}

// WriteJSON writes the release as its json tags say.
func (r *Release) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	optional(w, "name", r.Name)
	optional(w, "namespace", r.Namespace)
	optional(w, "heritage", r.Heritage)
	w.CloseObject()
}

// optional writes a string field that its json tag leaves out when empty.
func optional(w *jsonwire.Writer, key, value string) {
	if value != "" {
		w.Key(key).String(value)
	}
}
