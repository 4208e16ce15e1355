package contract

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// The response's JSON, written key by key (package jsonwire: no reflection in the page's wasm),
// with the keys, their order and their omissions of the json tags on the types, which
// encoding/json (the tests' reference) reads.

// WriteJSON writes the response in the shape of its Version.
func (r *Response) WriteJSON(w *jsonwire.Writer) { r.writeJSON(w, nil, r.Version) }

// writeJSON writes the response in the shape of contract version version, its extra values from
// extra (each value's JSON, by key) when extra is not nil. Its marks name their strings in
// its names, written after them (names.go); its steps are written in the same version, each
// with names of its own.
func (r *Response) writeJSON(w *jsonwire.Writer, extra map[string][]byte, version int) {
	r = r.Whole()
	w.OpenObject()
	w.Key("version").Int(version)
	w.Key("result").String(r.Result)
	w.Key("patch").String(r.Patch)
	named := newNames(version)
	named.writeMarks(w.Key("fields"), r.Fields)
	named.write(w)
	jsonwire.WriteList(w.Key("conflicts"), r.Conflicts)
	jsonwire.WriteList(w.Key("errors"), r.Errors)
	if extra != nil {
		writeRawExtra(w.Key("extra"), extra)
	} else {
		writeExtra(w.Key("extra"), r.Extra)
	}
	jsonwire.WriteList(w.Key("commands"), r.Commands)
	w.Key("reproduce").String(r.Reproduce)
	r.Layout.WriteJSON(w.Key("layout"))
	writeSteps(w.Key("steps"), r.Steps, version)
	w.CloseObject()
}

// writeSteps writes a history's steps, each in contract version version.
func writeSteps(w *jsonwire.Writer, steps []*Response, version int) {
	if steps == nil {
		w.Null()
		return
	}
	w.OpenArray()
	for _, step := range steps {
		step.writeJSON(w, nil, version)
	}
	w.CloseArray()
}

// writeExtra writes the extra map, its keys sorted. Each value is one jsonwire.Writer.Value
// writes (a mode's list of its own type is a jsonwire.List), or a []Error.
func writeExtra(w *jsonwire.Writer, extra map[string]any) {
	if extra == nil {
		w.Null()
		return
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.OpenObject()
	for _, k := range keys {
		writeExtraValue(w.Key(k), extra[k])
	}
	w.CloseObject()
}

// writeExtraValue writes one extra value: one jsonwire.Writer.Value writes (a mode's list of its
// own type is a jsonwire.List), or a []Error.
func writeExtraValue(w *jsonwire.Writer, v any) {
	if errs, ok := v.([]Error); ok {
		jsonwire.WriteList(w, errs)
		return
	}
	w.Value(v)
}

// writeRawExtra writes the extra map from its values' JSON, its keys sorted.
func writeRawExtra(w *jsonwire.Writer, extra map[string][]byte) {
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.OpenObject()
	for _, k := range keys {
		w.Key(k).Raw(extra[k])
	}
	w.CloseObject()
}

// WriteJSON writes the place.
func (p *Place) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("after").Int(p.After)
	w.Key("shift").Int(p.Shift)
	w.Key("under").Int(p.Under)
	w.Key("doc").Int(p.Doc)
	w.CloseObject()
}

// WriteJSON writes the layout.
func (l Layout) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("blocks")
	if l.Blocks == nil {
		w.Null()
	} else {
		w.OpenArray()
		for _, b := range l.Blocks {
			w.OpenArray()
			w.Int(b[0])
			w.Int(b[1])
			w.CloseArray()
		}
		w.CloseArray()
	}
	jsonwire.WriteList(w.Key("folds"), l.Folds)
	w.CloseObject()
}

// WriteJSON writes the fold.
func (f Fold) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("path").String(f.Path)
	w.Key("line").Int(f.Line)
	w.Key("endLine").Int(f.EndLine)
	w.CloseObject()
}

// WriteJSON writes the conflict.
func (c Conflict) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(c.Resource)
	w.Key("path").String(c.Path)
	w.Key("manager").String(c.Manager)
	w.Key("operation").String(c.Operation)
	w.Key("subresource").String(c.Subresource)
	w.Key("live").String(c.Live)
	w.Key("config").String(c.Config)
	w.Key("message").String(c.Message)
	w.Key("line").Int(c.Line)
	w.CloseObject()
}

// WriteJSON writes the command.
func (c Command) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("tool").String(c.Tool)
	w.Key("line").String(c.Line)
	w.Key("about").String(c.About)
	w.Key("output").Strings(c.Output)
	w.Key("error").String(c.Error)
	if len(c.Warnings) > 0 {
		w.Key("warnings").Strings(c.Warnings)
	}
	w.CloseObject()
}

// WriteJSON writes the error.
func (e Error) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("input").String(e.Input)
	w.Key("line").Int(e.Line)
	w.Key("column").Int(e.Column)
	w.Key("message").String(e.Message)
	w.CloseObject()
}

// encodedSize guesses the size of the response's JSON, to grow the buffer once: the result, and
// about twice again in the line diff (live's lines and the result's); the patch, twice for the
// modes that list it again per resource (extra.patches); the marks, about 100 bytes each naming
// their strings by index (320 in version 1's shape, with their reasons).
func (r *Response) encodedSize() int {
	perMark := 100
	if r.Version == OldestVersion {
		perMark = 320
	}
	return 1024 + 3*len(r.Result) + 2*len(r.Patch) + len(r.Reproduce) + perMark*len(r.Fields) + 24*len(r.Layout.Blocks)
}
