package apply

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// keyedList marks a list merged item by item on a merge key: items added, deleted, left alone,
// and the fields of items found on both sides.
func (e *explainer) keyedList(path fieldpath.Path, v versions, mergeKey string, items smp.Schema) {
	for _, r := range v.r.Items {
		key := r.Get(mergeKey)
		iv := versions{o: findItem(v.o, mergeKey, key), u: findItem(v.u, mergeKey, key), l: findItem(v.l, mergeKey, key), r: r}
		p := path.Key(mergeKey, key)
		switch {
		case !r.IsMap() || key == nil:
			e.leaf(p, iv, ruleField)
		case iv.l == nil:
			e.add(p, contract.Added, e.layout.Line(r), e.endLine(r), addedItemReason(iv, mergeKey, key))
		case iv.u == nil && iv.o == nil:
			e.add(p, contract.Ignored, e.layout.Line(r), e.endLine(r), ignoredItemReason(mergeKey, key))
		default:
			from := len(e.fields)
			e.mapFields(p, iv, items)
			if n := countItems(v.u, mergeKey, key); n > 1 {
				e.noteMergedDuplicates(from, n, mergeKey, key)
			}
		}
	}
	for _, l := range v.l.Items {
		key := l.Get(mergeKey)
		if findItem(v.r, mergeKey, key) != nil {
			continue
		}
		iv := versions{o: findItem(v.o, mergeKey, key), u: findItem(v.u, mergeKey, key), l: l}
		e.add(path.Key(mergeKey, key), contract.Deleted, l.Pos.Line, lastLine(l), deletedItemReason(iv, mergeKey, key))
	}
}

// countItems counts the items of list l whose merge key equals key.
func countItems(l *yamltree.Node, mergeKey string, key *yamltree.Node) int {
	n := 0
	if l.IsList() {
		for _, it := range l.Items {
			if it.IsMap() && it.Has(mergeKey) && yamltree.Equal(it.Get(mergeKey), key) {
				n++
			}
		}
	}
	return n
}

// noteMergedDuplicates explains, on the marks of one item, that the config held several items
// with its key and the patch merged them into it.
func (e *explainer) noteMergedDuplicates(from, n int, mergeKey string, key *yamltree.Node) {
	note := fmt.Sprintf("; the config lists %d items with %s=%s, and a strategic merge patch matches items on %s alone, so it merged them into this one: the others are lost (server-side apply keys container ports on containerPort and protocol)", n, mergeKey, short(key), mergeKey)
	for i := from; i < len(e.fields); i++ {
		e.fields[i].Reason += note
	}
}

// setList marks a list of primitives merged as a set.
func (e *explainer) setList(path fieldpath.Path, v versions) {
	for _, r := range v.r.Items {
		iv := versions{o: findValue(v.o, r), u: findValue(v.u, r), l: findValue(v.l, r), r: r}
		p := path.Item(r)
		line := e.layout.Line(r)
		switch {
		case iv.l == nil:
			e.add(p, contract.Added, line, 0, addedValueReason(iv))
		case iv.u != nil:
			e.add(p, contract.Retained, line, 0, "the config lists this value and live has it: the set keeps it")
		default:
			e.add(p, contract.Ignored, line, 0, "only live lists this value (it was not in last-applied): a list merged as a set keeps values added by others")
		}
	}
	for _, l := range v.l.Items {
		if findValue(v.r, l) != nil {
			continue
		}
		iv := versions{o: findValue(v.o, l), u: findValue(v.u, l), l: l}
		e.add(path.Item(l), contract.Deleted, l.Pos.Line, 0, deletedValueReason(iv))
	}
}

// findItem returns the map item of list l whose merge key equals key.
func findItem(l *yamltree.Node, mergeKey string, key *yamltree.Node) *yamltree.Node {
	if !l.IsList() || key == nil {
		return nil
	}
	for _, it := range l.Items {
		if it.IsMap() && it.Has(mergeKey) && yamltree.Equal(it.Get(mergeKey), key) && it.Get(mergeKey).Tag == key.Tag {
			return it
		}
	}
	return nil
}

// findValue returns the item of list l equal to v.
func findValue(l, v *yamltree.Node) *yamltree.Node {
	if !l.IsList() {
		return nil
	}
	for _, it := range l.Items {
		if yamltree.Equal(it, v) {
			return it
		}
	}
	return nil
}

// endLine is the last line of a result node.
func (e *explainer) endLine(n *yamltree.Node) int {
	last := e.layout.Line(n)
	for _, f := range n.Fields {
		last = max(last, e.endLine(f.Value))
	}
	for _, it := range n.Items {
		last = max(last, e.endLine(it))
	}
	if n.Kind == yamltree.ScalarNode && n.Tag == yamltree.StrTag {
		last += lineCount(n.Value)
	}
	return last
}
