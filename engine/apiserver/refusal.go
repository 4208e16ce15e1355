package apiserver

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Refusal is the API server's refusal of one object.
type Refusal struct {
	// Kind and Name name the object as the server's message does.
	Kind, Name string
	// MissingNamespace is the object's namespace when the server answers that it is not found
	// (a name no namespace can have); "" when the server validated the object.
	MissingNamespace string
	// Problems are the fields refused, in the server's order; for a missing namespace, the
	// namespace alone.
	Problems []Problem
	// StrictDecoding says the server's decoder refused the object's unknown fields (the
	// Problems) before any validation (StrictDecoding).
	StrictDecoding bool
}

// Message is what kubectl prints of the refusal:
//
//	The ConfigMap "big" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes
//	The ConfigMap "l1" is invalid: \n* metadata.labels: ...\n* metadata.labels: ...
//	Error from server (NotFound): namespaces "Bad_NS" not found
//
// The invalid object's text was observed with kubectl and kube-apiserver v1.37.2 alike for
// kubectl create, apply, apply --server-side, replace and patch, on a create and on an update
// (2026-12-06); a missing namespace's as apply --server-side and patch print it (kubectl apply
// and create write `error when creating "config.yaml": ` before `namespaces`).
func (r *Refusal) Message() string {
	if r.MissingNamespace != "" {
		return "Error from server (NotFound): namespaces " + strconv.Quote(r.MissingNamespace) + " not found"
	}
	if r.StrictDecoding {
		return r.strictMessage()
	}
	head := "The " + r.Kind + " " + strconv.Quote(r.Name) + " is invalid: "
	if len(r.Problems) == 1 {
		return head + r.Problems[0].String()
	}
	var b strings.Builder
	b.WriteString(head)
	for _, p := range r.Problems {
		b.WriteString("\n* ")
		b.WriteString(p.String())
	}
	return b.String()
}

// Of is the message kubectl would print were p the refusal's one problem: each problem of the
// response's errors holds one, at its own line.
func (r *Refusal) Of(p Problem) string {
	one := *r
	one.Problems = []Problem{p}
	return one.Message()
}

// Locate finds where a problem's value is written in the first input that holds it (the config,
// then live): the label's or annotation's key (a label's value, for its value), the finalizer's
// item, the field itself. A value no input holds (the last-applied annotation kubectl writes) is
// placed at the field that would hold it in the first input that has metadata, else at that
// metadata, else at the first object.
func Locate(p Problem, objects ...*yamltree.Node) yamltree.Pos {
	if p.At.Path != nil {
		return locatePath(p.At.Path, objects)
	}
	for _, obj := range objects {
		if pos, ok := exactly(p.At, obj.Lookup("metadata", p.At.Field)); ok {
			return pos
		}
	}
	for _, obj := range objects {
		for _, keys := range [][]string{{"metadata", p.At.Field}, {"metadata"}} {
			if f := fieldOf(obj, keys...); f != nil {
				return f.Key.Pos
			}
		}
	}
	for _, obj := range objects {
		if obj != nil {
			return obj.Pos
		}
	}
	return yamltree.Pos{}
}

// exactly finds the refused value in the field holding it.
func exactly(at Place, n *yamltree.Node) (yamltree.Pos, bool) {
	switch {
	case n == nil:
	case at.Key == "" && n.IsScalar():
		return n.Pos, true
	case n.IsMap() && at.Key != "":
		if i := n.Index(at.Key); i >= 0 && at.Value {
			return n.Fields[i].Value.Pos, true
		} else if i >= 0 {
			return n.Fields[i].Key.Pos, true
		}
	case n.IsList() && at.Key != "":
		for _, it := range n.Items {
			if it.Str() == at.Key {
				return it.Pos, true
			}
		}
	}
	return yamltree.Pos{}, false
}

// fieldOf returns the field at the end of a path of keys (its key and value), nil when absent.
func fieldOf(obj *yamltree.Node, keys ...string) *yamltree.Field {
	parent := obj.Lookup(keys[:len(keys)-1]...)
	if i := parent.Index(keys[len(keys)-1]); i >= 0 {
		return &parent.Fields[i]
	}
	return nil
}

// locatePath finds a field outside metadata in the first object that holds it, else the nearest
// field above it that one does, else the first object.
func locatePath(path []string, objects []*yamltree.Node) yamltree.Pos {
	for depth := len(path); depth > 0; depth-- {
		for _, obj := range objects {
			if pos, ok := placeOf(obj, path[:depth]); ok {
				return pos
			}
		}
	}
	for _, obj := range objects {
		if obj != nil {
			return obj.Pos
		}
	}
	return yamltree.Pos{}
}

// placeOf is where the value at path is in obj: a map field's key, a list item's own place.
func placeOf(obj *yamltree.Node, path []string) (yamltree.Pos, bool) {
	parent := lookupPath(obj, path[:len(path)-1])
	last := path[len(path)-1]
	if parent.IsMap() {
		if i := parent.Index(last); i >= 0 {
			return parent.Fields[i].Key.Pos, true
		}
	}
	if item := lookupPath(parent, []string{last}); parent.IsList() && item != nil {
		return item.Pos, true
	}
	return yamltree.Pos{}, false
}
