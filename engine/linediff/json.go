package linediff

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// Hunks is a line diff as the response's extra.diff holds it.
type Hunks = jsonwire.List[Hunk]

// WriteJSON writes the hunk as its json tags say.
func (h Hunk) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("op").String(string(h.Op))
	w.Key("lines").Strings(h.Lines)
	w.CloseObject()
}
