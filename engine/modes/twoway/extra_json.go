package twoway

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// Warnings is the response's extra.warnings; Repairs its extra.repairPatches.
type (
	Warnings = jsonwire.List[Warning]
	Repairs  = jsonwire.List[Repair]
)

// WriteJSON writes the warning as its json tags say.
func (x Warning) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(x.Resource)
	w.Key("path").String(x.Path)
	w.Key("line").Int(x.Line)
	w.Key("twoWay").String(x.TwoWay)
	w.Key("threeWay").String(x.ThreeWay)
	w.Key("message").String(x.Message)
	w.CloseObject()
}

// WriteJSON writes the repair as its json tags say.
func (r Repair) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(r.Resource)
	w.Key("apiVersion").String(r.APIVersion)
	w.Key("kind").String(r.Kind)
	w.Key("namespace").String(r.Namespace)
	w.Key("name").String(r.Name)
	w.Key("type").String(r.Type)
	w.Key("patch").String(r.Patch)
	w.Key("command").String(r.Command)
	w.CloseObject()
}
