package jsonpatch

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Step is what one operation did: where, and the values there before and after (nil where
// there was none or is none any more; a test's are the value it compared).
type Step struct {
	Op Op
	// Path is the pointer the value was written to (or removed from); From the one a move took
	// it from.
	Path, From Pointer
}

// Apply carries out the patch's operations one after the other on a copy of doc and returns
// the result with what each operation did. The first operation that cannot be carried out
// fails the patch: an error at its position naming it and saying why. doc is not modified.
func Apply(doc *yamltree.Node, patch Patch) (*yamltree.Node, []Step, error) {
	if doc == nil {
		return nil, nil, yamltree.ErrorAt(yamltree.Pos{}, "no document to patch")
	}
	out := doc.Clone()
	steps := make([]Step, 0, len(patch))
	for _, op := range patch {
		var err error
		out, err = applyOp(out, op)
		if err != nil {
			return nil, nil, err
		}
		steps = append(steps, Step{Op: op, Path: op.Path, From: op.From})
	}
	return out, steps, nil
}

// applyOp carries out one operation on doc (modified in place where it can be) and returns
// the document.
func applyOp(doc *yamltree.Node, op Op) (*yamltree.Node, error) {
	fail := func(pos yamltree.Pos, why string) error {
		if !pos.IsValid() {
			pos = op.Node.Pos
		}
		return yamltree.ErrorAt(pos, op.Describe()+": "+why)
	}
	switch op.Kind {
	case Add, Remove, Replace, Move, Copy, Test:
	default:
		return nil, fail(op.Node.Pos, "unknown op "+quote(string(op.Kind))+" (the library says: Unexpected kind): an operation is add, remove, replace, move, copy or test")
	}
	if op.pathErr != nil {
		return nil, fail(op.Node.Pos, errText(op.pathErr))
	}
	if (op.Kind == Move || op.Kind == Copy) && op.fromErr != nil {
		return nil, fail(op.Node.Pos, errText(op.fromErr))
	}
	var err error
	switch op.Kind {
	case Add:
		doc, err = add(doc, op.Path, op.value().Clone())
	case Remove:
		_, err = remove(doc, op.Path)
	case Replace:
		doc, err = replace(doc, op.Path, op.value().Clone())
	case Move:
		doc, err = move(doc, op.From, op.Path)
	case Copy:
		doc, err = copyValue(doc, op.From, op.Path)
	case Test:
		err = test(doc, op.Path, op.value())
	}
	if err != nil {
		if pe, ok := err.(*pointerError); ok && pe.why == crashReason {
			return nil, &Crash{Err: fail(pe.at.Pos, pe.why).(*yamltree.Error)}
		}
		if pe, ok := err.(*pointerError); ok {
			return nil, fail(pe.at.Pos, pe.why)
		}
		return nil, fail(op.Node.Pos, err.Error())
	}
	return doc, nil
}

// errText is an error's message without its position.
func errText(err error) string {
	if e, ok := err.(*yamltree.Error); ok {
		return e.Message
	}
	return err.Error()
}

// crashReason is the words of a test the library cannot carry out (Crash).
const crashReason = "the test compares lists holding a null: the API server's library fails on it and the API server drops the request"

// pointerError is why an operation could not be carried out at a pointer.
type pointerError struct {
	at  Pointer
	why string
}

func (e *pointerError) Error() string { return e.at.Text + ": " + e.why }

func failAt(p Pointer, why string) error { return &pointerError{at: p, why: why} }

// find returns the value p names in doc; nil when a map lacks its last key (the library then
// reads a null), an error when anything above it is missing or an index is bad.
func find(doc *yamltree.Node, p Pointer) (*yamltree.Node, error) {
	if p.IsRoot() {
		return doc, nil
	}
	parent, last := p.parent()
	holder, err := container(doc, parent, p)
	if err != nil {
		return nil, err
	}
	if holder.IsMap() {
		return holder.Get(last), nil
	}
	i, err := index(last, len(holder.Items), p)
	if err != nil {
		return nil, err
	}
	if i >= len(holder.Items) {
		return nil, failAt(p, "the list has "+strconv.Itoa(len(holder.Items))+" items: no item "+last)
	}
	return holder.Items[i], nil
}

// container walks to the map or list parent names, for an operation at p.
func container(doc *yamltree.Node, parent, p Pointer) (*yamltree.Node, error) {
	n := doc
	for k, t := range parent.Tokens {
		at := Pointer{Text: p.Text, Tokens: parent.Tokens[:k+1], Pos: p.Pos}
		switch {
		case n.IsMap():
			if n = n.Get(t); n == nil {
				return nil, failAt(p, "the object has no "+describeAt(at)+": the path's parent is missing")
			}
		case n.IsList():
			i, err := index(t, len(n.Items), p)
			if err != nil {
				return nil, err
			}
			if i >= len(n.Items) {
				return nil, failAt(p, "the list at "+describeAt(Pointer{Tokens: at.Tokens[:k]})+" has "+strconv.Itoa(len(n.Items))+" items: no item "+t)
			}
			n = n.Items[i]
		default:
			return nil, failAt(p, describeAt(Pointer{Tokens: at.Tokens[:k]})+" is a "+kindOf(n)+": it holds no "+quote(t))
		}
	}
	if !n.IsMap() && !n.IsList() {
		return nil, failAt(p, describeAt(parent)+" is a "+kindOf(n)+", not a map or a list: the path's parent is missing")
	}
	return n, nil
}

// index reads a list index as the library does: any text strconv.Atoi reads, a negative one
// counted from the end (n+i); "-" is no index here (add reads it itself).
func index(token string, n int, p Pointer) (int, error) {
	i, err := strconv.Atoi(token)
	if err != nil {
		return 0, failAt(p, quote(token)+" is not a list index (a number, or \"-\" for add)")
	}
	if i < 0 {
		i += n
		if i < 0 {
			return 0, failAt(p, "the index "+token+" counts past the start of a list of "+strconv.Itoa(n)+" items")
		}
	}
	return i, nil
}

// describeAt names a place in a message: "/spec/x", or "the document".
func describeAt(p Pointer) string {
	if p.IsRoot() {
		return "the document"
	}
	s := ""
	for _, t := range p.Tokens {
		s += "/" + t
	}
	return s
}

func kindOf(n *yamltree.Node) string {
	switch {
	case n.IsNull():
		return "null"
	case n.IsScalar():
		return "scalar"
	}
	return n.Kind.String()
}
