package jsonpatch

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// add puts v at p: a map's key set (in place, or appended), an item inserted before the index
// (or appended: "-", the list's length, or -1).
func add(doc *yamltree.Node, p Pointer, v *yamltree.Node) (*yamltree.Node, error) {
	if p.IsRoot() {
		return nil, failAt(p, "add cannot replace the whole document (the path is \"\"): the library refuses it, use replace")
	}
	parent, last := p.parent()
	holder, err := container(doc, parent, p)
	if err != nil {
		return nil, err
	}
	if holder.IsMap() {
		holder.Set(last, v)
		return doc, nil
	}
	i := len(holder.Items)
	if last != "-" {
		if i, err = index(last, len(holder.Items)+1, p); err != nil {
			return nil, err
		}
		if i > len(holder.Items) {
			return nil, failAt(p, "the list has "+strconv.Itoa(len(holder.Items))+" items: add inserts at most at index "+strconv.Itoa(len(holder.Items))+" (or \"-\")")
		}
	}
	holder.Items = append(holder.Items[:i:i], append([]*yamltree.Node{v}, holder.Items[i:]...)...)
	return doc, nil
}

// remove takes the value at p away and returns it.
func remove(doc *yamltree.Node, p Pointer) (*yamltree.Node, error) {
	if p.IsRoot() {
		return nil, failAt(p, "remove cannot remove the whole document (the path is \"\")")
	}
	parent, last := p.parent()
	holder, err := container(doc, parent, p)
	if err != nil {
		return nil, err
	}
	if holder.IsMap() {
		v := holder.Get(last)
		if v == nil {
			return nil, failAt(p, "the object has no "+describeAt(p)+": nothing to remove")
		}
		holder.Delete(last)
		return v, nil
	}
	i, err := index(last, len(holder.Items), p)
	if err != nil {
		return nil, err
	}
	if i >= len(holder.Items) {
		return nil, failAt(p, "the list has "+strconv.Itoa(len(holder.Items))+" items: no item "+last+" to remove")
	}
	v := holder.Items[i]
	holder.Items = append(holder.Items[:i:i], holder.Items[i+1:]...)
	return v, nil
}

// replace sets the value at p: the whole document, a map's key (added when the map lacks it, as
// the library does), or a list's item, which must exist.
func replace(doc *yamltree.Node, p Pointer, v *yamltree.Node) (*yamltree.Node, error) {
	if p.IsRoot() {
		return v, nil
	}
	parent, last := p.parent()
	holder, err := container(doc, parent, p)
	if err != nil {
		return nil, err
	}
	if holder.IsMap() {
		holder.Set(last, v)
		return doc, nil
	}
	i, err := index(last, len(holder.Items), p)
	if err != nil {
		return nil, err
	}
	if i >= len(holder.Items) {
		return nil, failAt(p, "the list has "+strconv.Itoa(len(holder.Items))+" items: no item "+last+" to replace")
	}
	holder.Items[i] = v
	return doc, nil
}

// move removes the value at from, then adds it at to, in the document without it.
func move(doc *yamltree.Node, from, to Pointer) (*yamltree.Node, error) {
	v, err := remove(doc, from)
	if err != nil {
		return nil, err
	}
	return add(doc, to, v)
}

// copyValue adds a copy of the value at from (a null when a map lacks it) at to.
func copyValue(doc *yamltree.Node, from, to Pointer) (*yamltree.Node, error) {
	v, err := find(doc, from)
	if err != nil {
		return nil, err
	}
	if v == nil {
		v = yamltree.NewNull()
	}
	return add(doc, to, v.Clone())
}

// test compares the value at p (a null when a map lacks it) with want.
func test(doc *yamltree.Node, p Pointer, want *yamltree.Node) error {
	got, err := find(doc, p)
	if err != nil {
		return err
	}
	if got == nil {
		got = yamltree.NewNull()
	}
	if crashes(got, want) {
		return failAt(p, crashReason)
	}
	if !yamltree.Equal(got, want) {
		return failAt(p, "the test fails: "+describeAt(p)+" holds "+short(got)+", not "+short(want))
	}
	return nil
}

// short writes a value for a message: its JSON, abbreviated.
func short(n *yamltree.Node) string {
	text, err := yamltree.JSON(n)
	if err != nil {
		text = yamltree.EmitNode(n)
	}
	return yamltree.Abbreviate(text, 60)
}
