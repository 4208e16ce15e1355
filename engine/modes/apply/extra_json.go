package apply

import "github.com/mergeplay/mergeplay/engine/jsonwire"

// PatchInfos is the response's extra.patches.
type PatchInfos = jsonwire.List[PatchInfo]

// WriteJSON writes the patch's description as its json tags say.
func (p PatchInfo) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(p.Resource)
	w.Key("action").String(string(p.Action))
	w.Key("type").String(string(p.Type))
	w.Key("patch").String(p.Patch)
	w.CloseObject()
}

// AnnotationSizes is the response's extra.annotationSizes.
type AnnotationSizes = jsonwire.List[AnnotationSize]

// WriteJSON writes the size as its json tags say.
func (s AnnotationSize) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(s.Resource)
	w.Key("lastApplied").Int(s.LastApplied)
	w.Key("annotations").Int(s.Annotations)
	w.Key("limit").Int(s.Limit)
	w.CloseObject()
}
