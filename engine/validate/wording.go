package validate

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// unknown records a field the type does not declare.
func (w *walker) unknown(key *yamltree.Node, at place) {
	message := `strict decoding error: unknown field "` + at.path + `"`
	w.problems = append(w.problems, Problem{Kind: UnknownField, Pos: key.Pos, Path: at.path, Message: message})
}

// wrongType records a value the type does not admit.
func (w *walker) wrongType(n *yamltree.Node, t *schema.Type, at place) {
	message := "json: cannot unmarshal " + JSONKind(n) + " into Go struct field " + at.holder + "." + at.plain + " of type " + goType(t, at)
	w.problems = append(w.problems, Problem{Kind: WrongType, Pos: n.Pos, Path: at.path, Message: message})
}

// admits reports whether a value has a shape and scalar type the type accepts.
func admits(t *schema.Type, n *yamltree.Node) bool {
	switch n.Kind {
	case yamltree.MapNode:
		return t.HasMap()
	case yamltree.ListNode:
		return t.HasList()
	}
	if !t.HasScalar() {
		return false
	}
	switch t.Scalar {
	case schema.ScalarString:
		return n.Tag == yamltree.StrTag
	case schema.ScalarNumeric:
		return n.Tag == yamltree.IntTag || n.Tag == yamltree.FloatTag
	case schema.ScalarBoolean:
		return n.Tag == yamltree.BoolTag
	}
	return true
}

// JSONKind names a value as Go's JSON decoder does in its errors ("bool", "number", "string",
// "object", "array").
func JSONKind(n *yamltree.Node) string {
	switch {
	case n.IsMap():
		return "object"
	case n.IsList():
		return "array"
	case n.Tag == yamltree.BoolTag:
		return "bool"
	case n.Tag == yamltree.IntTag || n.Tag == yamltree.FloatTag:
		return "number"
	}
	return "string"
}

// goType names a type as Go's JSON decoder does: string, bool, the numeric Go type the schema
// records, v1.LabelSelector, []v1.Container, map[string]string.
func goType(t *schema.Type, at place) string {
	switch t.Kind {
	case schema.KindList:
		return "[]" + goType(t.ListElem(), at)
	case schema.KindMap:
		if t.Name == "" && t.Elem() != nil {
			return "map[string]" + goType(t.Elem(), at)
		}
		return qualified(t.Name)
	}
	switch t.Scalar {
	case schema.ScalarBoolean:
		return "bool"
	case schema.ScalarNumeric:
		if at.goNumber != "" {
			return at.goNumber
		}
		return "int32" // the built-in schema records the other numeric Go types
	case schema.ScalarString:
		return "string"
	}
	return qualified(t.Name)
}

// structName is the Go struct of a named map type ("io.k8s.api.apps.v1.DeploymentSpec" is
// DeploymentSpec).
func structName(t *schema.Type) string {
	name := t.Name
	return name[strings.LastIndexByte(name, '.')+1:]
}

// qualified writes a named type with its package, as Go does: v1.LabelSelector.
func qualified(name string) string {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return name
	}
	return parts[len(parts)-2] + "." + parts[len(parts)-1]
}
