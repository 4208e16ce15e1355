package handler

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// ResourceInfos is the response's extra.resources.
type ResourceInfos = jsonwire.List[ResourceInfo]

// WriteJSON writes the resource as its json tags say.
func (r ResourceInfo) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("input").String(r.Input)
	w.Key("resource").String(r.Resource)
	w.Key("line").Int(r.Line)
	w.CloseObject()
}

// MarshalModes describes the modes for a help text or the page: name, summary, built, the
// inputs each reads.
func (h *Handler) MarshalModes() ([]byte, error) {
	var w jsonwire.Writer
	modes := h.Modes()
	if len(modes) == 0 {
		w.Null()
		return w.Bytes()
	}
	w.OpenArray()
	for _, m := range modes {
		w.OpenObject()
		w.Key("name").String(m.Name)
		w.Key("summary").String(m.Summary)
		w.Key("built").Bool(m.Built())
		w.Key("reads")
		if len(m.Reads) == 0 {
			w.Null()
		} else {
			w.OpenArray()
			for _, r := range m.Reads {
				w.String(string(r))
			}
			w.CloseArray()
		}
		w.CloseObject()
	}
	w.CloseArray()
	return w.Bytes()
}
