package jsonpatch

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Kind is what an operation does.
type Kind string

// The operations of RFC 6902.
const (
	Add     Kind = "add"
	Remove  Kind = "remove"
	Replace Kind = "replace"
	Move    Kind = "move"
	Copy    Kind = "copy"
	Test    Kind = "test"
)

// Op is one operation of a patch, as written.
type Op struct {
	// Number counts the operations from 1.
	Number int
	// Kind is the op key's text ("" when it has none or it is not a string); Apply refuses
	// a kind that is not one of the six.
	Kind Kind
	// Path and From are the pointers the operation names; From only for move and copy.
	Path, From Pointer
	// Value is the value key's node; nil when the operation has none (a null, then).
	Value *yamltree.Node
	// Node is the operation's map, for positions.
	Node *yamltree.Node
	// pathErr and fromErr say why a pointer the operation needs could not be read.
	pathErr, fromErr error
}

// Patch is a JSON patch: its operations in order.
type Patch []Op

// DecodeError is a patch that is not a list of operations, or an operation that is not a map:
// the API server refuses it before applying anything.
type DecodeError struct {
	Pos yamltree.Pos
	// Found is the JSON type found ("object", "array", "string", "number", "bool").
	Found string
	// Item says an operation was of that type (else the patch itself).
	Item bool
	// Number is the operation's (Item only).
	Number int
}

// Error says what was found where a list of operations, or an operation, was expected.
func (e *DecodeError) Error() string {
	if e.Item {
		return yamltree.ErrorAt(e.Pos, "operation "+strconv.Itoa(e.Number)+" is a JSON "+e.Found+": each operation of a JSON patch is a map (op, path, value, from)").Error()
	}
	return yamltree.ErrorAt(e.Pos, "a JSON patch is a list of operations, found a JSON "+e.Found).Error()
}

// Read reads a patch from its document's root: a list of maps. A null is the empty patch, and
// so is a missing document; a null operation is one with no op (Apply refuses it). Another shape
// is a *DecodeError, as the API server refuses it before applying anything (observed on
// kube-apiserver v1.37.2). A pointer that is not a string, or not a pointer, is an error of its
// operation, reported when Apply reaches it (the operations before it are carried out first).
func Read(root *yamltree.Node) (Patch, error) {
	if root.IsNull() {
		return Patch{}, nil
	}
	if !root.IsList() {
		return nil, &DecodeError{Pos: root.Pos, Found: jsonType(root)}
	}
	patch := make(Patch, 0, len(root.Items))
	for i, item := range root.Items {
		if !item.IsMap() && !item.IsNull() {
			return nil, &DecodeError{Pos: item.Pos, Found: jsonType(item), Item: true, Number: i + 1}
		}
		patch = append(patch, readOp(i+1, item))
	}
	return patch, nil
}

// jsonType names a node's type as Go's encoding/json does in its messages.
func jsonType(n *yamltree.Node) string {
	switch {
	case n.IsMap():
		return "object"
	case n.IsList():
		return "array"
	}
	switch n.Tag {
	case yamltree.IntTag, yamltree.FloatTag:
		return "number"
	case yamltree.BoolTag:
		return "bool"
	}
	return "string"
}

// readOp reads one operation's keys.
func readOp(number int, n *yamltree.Node) Op {
	op := Op{Number: number, Node: n, Value: n.Get("value")}
	if k := n.Get("op"); k.IsScalar() && k.Tag == yamltree.StrTag {
		op.Kind = Kind(k.Value)
	}
	op.Path, op.pathErr = pointerOf(n, "path")
	op.From, op.fromErr = pointerOf(n, "from")
	return op
}

// pointerOf reads the pointer under key; absent or not a string: an error.
func pointerOf(n *yamltree.Node, key string) (Pointer, error) {
	v := n.Get(key)
	if v == nil || !v.IsScalar() || v.Tag != yamltree.StrTag {
		return Pointer{}, yamltree.ErrorAt(n.Pos, "it has no "+key+" (a string holding a JSON pointer)")
	}
	return ParsePointer(v.Value, v.Pos)
}

// Describe names the operation in a message: `operation 2 (remove /spec/x)`.
func (op Op) Describe() string {
	s := "operation " + strconv.Itoa(op.Number) + " (" + string(op.Kind)
	if op.Kind == "" {
		s += "no op"
	}
	if op.pathErr == nil {
		s += " " + op.Path.Text
	}
	if (op.Kind == Move || op.Kind == Copy) && op.fromErr == nil {
		s += " from " + op.From.Text
	}
	return s + ")"
}

// value returns the operation's value, a null when it has none.
func (op Op) value() *yamltree.Node {
	if op.Value == nil {
		return yamltree.NewNull()
	}
	return op.Value
}
