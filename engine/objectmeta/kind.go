package objectmeta

import (
	"github.com/mergeplay/mergeplay/engine/validate"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Kind returns kubectl's refusal of an object whose kind is there but is not a string (3, true,
// [ConfigMap], {a: b}), or nil. kubectl decodes every object it reads (a document of its file,
// the live object, last-applied) through apimachinery's unstructured decoder, which reads such a
// kind as none: "Object 'Kind' is missing in '{...}'", the object's JSON with sorted keys
// (observed with apimachinery v0.37.2, scripts/conformance/yamldiff, class kinds).
func Kind(obj *yamltree.Node) *Problem {
	if kind := obj.Get("kind"); !kind.IsNull() && !isString(kind) {
		return kindMissing(obj, kind.Pos)
	}
	return nil
}

// KindAbsent returns kubectl's refusal of an object without a kind (no kind, a null one, or
// ""), or nil: the same message as Kind's, at the object. kubectl refuses such a live object as
// it decodes it (observed with apimachinery v0.37.2, as Kind); the playground refuses it only
// where a kind was to be had (package handler: the config names kinds), and pairs documents
// without one by position elsewhere (the reference libraries' own vectors are such fragments).
func KindAbsent(obj *yamltree.Node) *Problem {
	if kind := obj.Get("kind"); kind.IsNull() || isString(kind) && kind.Value == "" {
		return kindMissing(obj, obj.Pos)
	}
	return nil
}

// kindMissing is the refusal of obj's kind, at pos.
func kindMissing(obj *yamltree.Node, pos yamltree.Pos) *Problem {
	doc, err := yamltree.SortedJSON(obj)
	if err != nil {
		doc = "…"
	}
	return &Problem{Pos: pos, Message: "Object 'Kind' is missing in '" + doc + "'"}
}

// KindToServer returns the API server's refusal of an object it is sent whose kind is not a
// string: "couldn't get version/kind; json parse error: json: cannot unmarshal number into Go
// struct field .kind of type string" (observed with apimachinery v0.37.2's universal
// deserializer, as the server decodes a body, scripts/conformance/yamldiff, class kinds), or nil.
func KindToServer(obj *yamltree.Node) *Problem {
	kind := obj.Get("kind")
	if kind.IsNull() || isString(kind) {
		return nil
	}
	return &Problem{Pos: kind.Pos, Message: "couldn't get version/kind; json parse error: json: cannot unmarshal " + validate.JSONKind(kind) + " into Go struct field .kind of type string"}
}
