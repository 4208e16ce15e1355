package merge3

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// ActionInfos is the response's extra.actions; Warnings its extra.warnings.
type (
	ActionInfos = jsonwire.List[ActionInfo]
	Warnings    = jsonwire.List[Warning]
)

// WriteJSON writes the action as its json tags say.
func (a ActionInfo) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(a.Resource)
	w.Key("action").String(string(a.Action))
	w.CloseObject()
}

// WriteJSON writes the warning as its json tags say.
func (x Warning) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(x.Resource)
	w.Key("input").String(x.Input)
	w.Key("line").Int(x.Line)
	w.Key("path").String(x.Path)
	w.Key("message").String(x.Message)
	w.CloseObject()
}
