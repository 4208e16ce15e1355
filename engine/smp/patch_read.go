package smp

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Read reads a patch written as YAML or JSON: every map key that spells a directive becomes a
// directive entry ("$patch", "$retainKeys", "$setElementOrder/<field>",
// "$deleteFromPrimitiveList/<field>"); other keys are fields. Reading never fails: whether a
// directive is valid depends on where the API server meets it, and Apply says so.
func Read(n *yamltree.Node) *Value {
	switch {
	case n.IsMap():
		m := &Map{Node: n, Entries: make([]*Entry, len(n.Fields))}
		for i, f := range n.Fields {
			kind, name := entryOf(f.Key.Value)
			m.Entries[i] = &Entry{Kind: kind, Name: name, Value: Read(f.Value), Key: f.Key}
		}
		return &Value{Node: n, Map: m}
	case n.IsList():
		l := &List{Node: n, Items: make([]*Value, len(n.Items))}
		for i, it := range n.Items {
			l.Items[i] = Read(it)
		}
		return &Value{Node: n, List: l}
	}
	return &Value{Node: n}
}

// entryOf tells a map key's kind of entry, and the field it names.
func entryOf(key string) (EntryKind, string) {
	if !strings.HasPrefix(key, "$") {
		return FieldEntry, key
	}
	switch key {
	case keyPrefix[PatchEntry]:
		return PatchEntry, ""
	case keyPrefix[RetainKeysEntry]:
		return RetainKeysEntry, ""
	}
	for _, k := range []EntryKind{SetElementOrderEntry, DeleteFromPrimitiveListEntry} {
		if name, ok := strings.CutPrefix(key, keyPrefix[k]); ok {
			return k, name
		}
	}
	return FieldEntry, key
}
