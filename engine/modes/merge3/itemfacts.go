package merge3

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// The facts of kyaml's item matching, each observed with kyaml v0.21.x (Merge3 through kio, as
// kpt runs it): every one has a case of its name in scripts/conformance/merge3diff's
// TestItemFacts, which runs it through kyaml and the engine and checks what kyaml answers, and
// merge3diff's generator exercises them among its random cases (the features "keyed item
// without its key text", "two items of one keyed list with one key", "items keyed on several
// fields", "item removed upstream survives with local additions", "keys guessed"). The facts
// without code of their own:
//
//   - factEmptyKeyText: an item whose key field is missing, null or empty has the text "" for
//     it (itemIDOf); items without a text for any key share one identity.
//   - factAppendOrder: new items go after the local ones, in the order their identities are met:
//     the local list's, then upstream before's, then upstream now's (identities).
//   - factEmptiesDropped: writing an item into a list drops the list's null items and empty maps
//     on the way, wherever they stood (claimOf).
//   - factEmptyTextClaimsAny: an identity's "" claims every item holding the field, whatever its
//     text: an emptied item with no text for its key takes every local item holding the key out
//     of the list, and a merged one takes the place of every gathered item holding it (claims).
//   - factClaimedAllReplaced: a merged item takes the place of every item it claims, so two
//     local items with one key are both written as the one merged item (put).
//   - factNoTextReplacesList: an item holding none of the set fields, written into the list,
//     replaces the whole list (claimOf).

// factPartialIdentitiesJoin joins, for a list keyed on several fields, identities that agree
// wherever both have a text and share one position (a text, or two empty ones): a port 8080
// with no protocol and 8080/TCP are one port. Each identity in turn, as it stood when its turn
// came, is joined with every identity after and before it, and both take the joined texts; so
// an identity may stand twice, and its item is then merged twice.
func factPartialIdentitiesJoin(ids []itemID) {
	for i := range ids {
		own := ids[i]
		for j := range ids {
			if joined, ok := joinItemIDs(own, ids[j]); ok {
				ids[i], ids[j] = joined, joined
			}
		}
	}
}

// joinItemIDs returns the identity with a's texts and, where a has none, b's; false when they
// disagree on a text both have, or share no position.
func joinItemIDs(a, b itemID) (itemID, bool) {
	out := make(itemID, len(a))
	shared := false
	for i := range a {
		switch {
		case a[i] == b[i]:
			shared = true
			out[i] = a[i]
		case a[i] != "" && b[i] != "":
			return nil, false
		default:
			out[i] = a[i] + b[i]
		}
	}
	return out, shared
}

// factSetFieldsInUse: merged items are set by the key fields some item of the three lists has a
// text for, and by all of them when none has: a list of ports none of which names its protocol
// is set by containerPort alone.
func factSetFieldsInUse(ids []itemID, keys []string) []string {
	used := make([]bool, len(keys))
	any := false
	for _, id := range ids {
		for i, text := range id {
			if text != "" {
				used[i], any = true, true
			}
		}
	}
	if !any {
		return keys
	}
	fields := make([]string, 0, len(keys))
	for i, key := range keys {
		if used[i] {
			fields = append(fields, key)
		}
	}
	return fields
}

// factFindByTexts: an item is found in a version by the fields its identity has a text for,
// each exactly as written; an identity with no text at all finds the first item holding every
// set field with an empty text (name: "", or "name:" with nothing after it), not an item
// lacking the fields, nor one holding "name: null".
func factFindByTexts(set lookup) lookup {
	find := lookup{}
	for i, text := range set.texts {
		if text != "" {
			find.fields = append(find.fields, set.fields[i])
			find.texts = append(find.texts, text)
		}
	}
	if len(find.fields) == 0 {
		return set
	}
	return find
}

// factLocalFoundLate: the local item is found in the local list as it stands when its row's
// turn comes. An earlier emptied item with no text for its key took every item holding the key
// out (factEmptyTextClaimsAny), so a later row finds no local item, and its item is rebuilt
// from upstream's changes alone, as if the local copy lacked it.
func factLocalFoundLate(row itemRow, list *ynode.Node) *ynode.Node {
	return row.find.first(list)
}

// factKeyWrittenBack: a merged item left without one of its key fields (upstream removed the
// item, the local copy added to it) gets the field back with its identity's text, appended
// last, as a plain string scalar. An item of a list of primitives is rewritten to its identity's
// text, losing its tag and comments.
func (m *merger) factKeyWrittenBack(val *ynode.Node, row itemRow) {
	for i, field := range row.set.fields {
		text := row.set.texts[i]
		if text == "" || val.Get(field) != nil {
			continue
		}
		switch {
		case field == "" && val.Kind == ynode.ScalarNode:
			setScalar(val, text)
		case field != "" && val.Kind == ynode.MapNode:
			if final := setField(val, field, ynode.NewScalar(text), [3]string{}, 0); final != nil {
				versions := triple{row.items.original.Get(field), row.items.updated.Get(field), row.items.live.Get(field)}
				m.records[final] = m.record(ruleKeyRestored, versions, nil)
			}
		}
	}
}

// factSeveralKeysMoveToEnd: in a list set by several key fields, a merged item is written by
// taking every item it claims out of the list first, then appending it: the local items no
// merged item claims come first, and the merged ones after them in their rows' order.
func factSeveralKeysMoveToEnd(list *ynode.Node, by lookup) error {
	if len(by.fields) < 2 {
		return nil
	}
	return takeClaimed(list, by)
}

// factMissingKeyAppended returns the texts item holds for the set fields, in order, skipping
// the fields it lacks: for each field it lacks, the item is appended to the list first. Its
// texts are then matched against the first set fields (claims), so a port holding a protocol
// but no containerPort claims by its protocol's text against containerPort; and an item holding
// none of the fields replaces the whole list (factNoTextReplacesList).
func factMissingKeyAppended(list, item *ynode.Node, fields []string) []string {
	var texts []string
	for _, field := range fields {
		v := item.Get(field)
		if v == nil {
			list.Content = append(list.Content, item)
			continue
		}
		texts = append(texts, v.Value)
	}
	return texts
}

// factGuessedKeyAgrees returns the key guessed for a list no schema describes: the first of the
// guessed keys every item of a version carries, where every version holding items must guess
// the same (an empty guess included); kyaml refuses the merge otherwise, and when no version
// guesses any.
func (m *merger) factGuessedKeyAgrees(t triple, path []string) (string, error) {
	key := ""
	for _, n := range t.liveFirst() {
		if n == nil || len(n.Content) == 0 {
			continue
		}
		next := m.guessKey(n)
		if key != "" && key != next {
			return "", located(n, "kyaml stops here: conflicting merge keys ["+key+","+next+"] for field "+strings.Join(path, ".")+": the items of one version all carry "+strconv.Quote(key)+", of another "+strconv.Quote(next))
		}
		key = next
	}
	if key == "" {
		return "", located(t.live, "kyaml stops here: no merge key found for field "+strings.Join(path, "."))
	}
	return key, nil
}
