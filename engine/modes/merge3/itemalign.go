package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// itemID is an item's key texts, one for each key field of its list, "" where the item has no
// text (the field missing, null or empty: factEmptyKeyText). The items of a list of primitives
// have the one key field "", and an item's identity is its own text.
type itemID []string

// itemIDOf returns item's identity under keys.
func itemIDOf(item *ynode.Node, keys []string) itemID {
	id := make(itemID, len(keys))
	for i, key := range keys {
		switch v := item.Get(key); {
		case key == "":
			id[i] = item.Value
		case !v.IsNilOrEmpty():
			id[i] = v.Value
		}
	}
	return id
}

// text is the identity as one string, to tell identities apart.
func (id itemID) text() string { return strings.Join(id, "\x00") }

// lookup finds or claims items by some key fields, a text for each: the fields and texts a
// row's identity has.
type lookup struct {
	fields []string
	texts  []string
}

// first returns the first item of list that holds every field of the lookup with exactly its
// text as written (in a list of primitives: whose own text it is); nil when none does or list is
// not a list.
func (l lookup) first(list *ynode.Node) *ynode.Node {
	if list == nil || list.Kind != ynode.ListNode {
		return nil
	}
	for _, item := range list.Content {
		if l.holdsExactly(item) {
			return item
		}
	}
	return nil
}

// holdsExactly reports whether item holds every field of the lookup with exactly its text.
func (l lookup) holdsExactly(item *ynode.Node) bool {
	if l.fields[0] == "" {
		return item.Value == l.texts[0]
	}
	if item.Kind != ynode.MapNode {
		return false
	}
	for i, f := range l.fields {
		if v := item.Get(f); v == nil || v.Value != l.texts[i] {
			return false
		}
	}
	return true
}

// itemRow is one item as the three lists hold it.
type itemRow struct {
	// items are the original's and the updated's item, found when the alignment is made; the
	// local one is found when the row's turn comes (factLocalFoundLate).
	items triple
	// find finds the item in a version: the fields the identity has a text for, exactly.
	find lookup
	// set claims the items the merged item takes the place of: the alignment's set fields,
	// with the identity's texts ("" claims any text: factEmptyTextClaimsAny).
	set lookup
}

// itemAlignment is a keyed list's items aligned across the three versions.
type itemAlignment struct {
	// setFields are the key fields merged items are set by (factSetFieldsInUse).
	setFields []string
	// rows are the distinct identities, in the order they are met (factAppendOrder).
	rows []itemRow
}

// alignItems aligns the items of the three lists by identity. No keys: the items are
// primitives, aligned by their own text.
func alignItems(t triple, keys []string) itemAlignment {
	if len(keys) == 0 {
		keys = []string{""}
	}
	ids := identities(t, keys)
	if len(keys) > 1 {
		factPartialIdentitiesJoin(ids)
	}
	a := itemAlignment{setFields: factSetFieldsInUse(ids, keys)}
	a.rows = make([]itemRow, 0, len(ids))
	for _, id := range ids {
		set := lookup{fields: a.setFields, texts: textsFor(id, keys, a.setFields)}
		find := factFindByTexts(set)
		a.rows = append(a.rows, itemRow{set: set, find: find,
			items: triple{original: find.first(t.original), updated: find.first(t.updated)}})
	}
	return a
}

// identities returns the distinct identities of the three lists' items, in the order they are
// met: the local list's, then the original's, then the updated's.
func identities(t triple, keys []string) []itemID {
	var out []itemID
	seen := map[string]bool{}
	for _, n := range t.liveFirst() {
		if n == nil || n.Kind != ynode.ListNode {
			continue
		}
		for _, item := range n.Content {
			id := itemIDOf(item, keys)
			if text := id.text(); !seen[text] {
				seen[text] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// textsFor returns id's texts for fields, a subset of keys in their order.
func textsFor(id itemID, keys, fields []string) []string {
	out := make([]string, 0, len(fields))
	j := 0
	for i, key := range keys {
		if j < len(fields) && fields[j] == key {
			out = append(out, id[i])
			j++
		}
	}
	return out
}
