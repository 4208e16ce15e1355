package merge3

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// keyless marks the items of upstream's new list (d.updated) that kyaml dropped for lacking
// the list's merge key: a map item with no value for any key field, which upstream added or
// changed (upstream before has no item of the same text) and which no item of the result holds.
// Observed with kyaml v0.21.3 (scripts/conformance/reference's merge3 pipeline, 2026-11-26):
// upstream adding "- value: nokey" to a container's env, or "- image: y" to a pod's containers,
// leaves the local copy without it; a keyless item only the local copy has is kept.
func (m *marker) keyless(path fieldpath.Path, result *ynode.Node, d record) {
	info, updated := d.list, d.updated
	if info == nil || len(info.keys) == 0 || updated == nil || updated.Kind != ynode.ListNode {
		return
	}
	for i, item := range updated.Content {
		if item.Kind != ynode.MapNode || hasKeyValue(item, info.keys) || holdsText(d.original, item) || holdsText(result, item) {
			continue
		}
		p := path.Index(i)
		m.log.RecordDropped(p, ruleKeyless)
		c := cue{path: p, rec: record{rule: ruleKeyless, updated: item, list: info}, info: info}
		m.add(contract.Dropped, ruleKeyless, p, srcLine(item), srcEnd(item), m.reasons.sentence(ruleKeyless, contract.Dropped, true, c))
		m.fields[len(m.fields)-1].Place = m.appendedPlace(result, updated)
	}
}

// hasKeyValue reports whether item has a value for one of the key fields at least.
func hasKeyValue(item *ynode.Node, keys []string) bool {
	for _, v := range itemIDOf(item, keys) {
		if v != "" {
			return true
		}
	}
	return false
}

// holdsText reports whether list holds an item with item's text.
func holdsText(list, item *ynode.Node) bool {
	if list == nil || list.Kind != ynode.ListNode {
		return false
	}
	for _, it := range list.Content {
		if sameText(it, item) {
			return true
		}
	}
	return false
}

// appendedPlace is where an item of upstream's list (items) that the result's list holder lacks
// is drawn: after holder's last line, where kyaml appends new items, at holder's indentation.
func (m *marker) appendedPlace(holder, items *ynode.Node) *contract.Place {
	shift := m.lineShift // a flow list's items share the line of its key
	if items.Style != ynode.Flow {
		shift = m.layout.Indent(holder) - srcColumn(items, m.layout.Indent(holder))
	}
	return &contract.Place{After: m.layout.EndLine(holder), Shift: shift, Under: m.opening(holder, false), Doc: m.spot.doc}
}
