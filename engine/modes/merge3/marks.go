package merge3

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// marker explains one merged resource by walking the result beside the local copy as it was
// read: every value's decision goes into the resource's decision log at the value's path (the
// merge's decisions are kept by value until the paths are known, that is until the resource is
// written; kio's, when kio's bookkeeping decided last at a path), and every mark names that
// decision's rule and says the reason its rule's table row gives.
type marker struct {
	resource string
	layout   *ynode.Layout
	log      *decision.Log
	records  map[*ynode.Node]record
	notes    *kioNotes
	res      *resource
	reasons  reasons
	// spot is where the resource stands in the result, for placing what the result lacks;
	// lineShift is the shift of the line of the map entry being marked (see entryShift).
	spot      spot
	lineShift int
	fields    []contract.Field
	// inRemovedItem is set while marking the fields of an item upstream removed.
	inRemovedItem bool
	// paths holds the paths of the values marked.
	paths *pathStore
}

// mark logs a value's decision and marks it, by the rule that decided it, with its reason.
func (m *marker) mark(mark contract.Mark, item bool, c cue, line, endLine int) {
	rule := m.logged(c.path, c.rec)
	m.add(mark, rule, c.path, line, endLine, m.reasons.sentence(rule, mark, item, c))
}

// logged writes a decision into the log at path and returns its rule: kio's when kio decided
// there, else the merge's.
func (m *marker) logged(path fieldpath.Path, rec record) decision.Rule {
	rule, held := rec.rule, rec.held()
	if kio := m.notes.ruleAt(path); kio != "" {
		rule, held = kio, decision.Live
	}
	if rule != "" {
		m.log.Record(path, rule, held)
	}
	return rule
}

func (m *marker) add(mark contract.Mark, rule decision.Rule, path fieldpath.Path, line, endLine int, reason string) {
	if endLine <= line {
		endLine = 0
	}
	m.fields = append(m.fields, contract.Field{Resource: m.resource, Path: path.String(), Mark: mark, Line: line,
		EndLine: endLine, Reason: reason, Rule: string(rule)})
}

// whole marks a resource kio handled whole.
func (m *marker) whole(mark contract.Mark, rule decision.Rule, line, endLine int) {
	m.add(mark, rule, fieldpath.Path{}, line, endLine, m.reasons.sentence(rule, mark, false, cue{}))
}

// object marks a merged resource: result is the merged root, the local copy's pristine root is
// the resource's.
func (m *marker) object(result *ynode.Node) {
	m.logged(fieldpath.Path{}, m.records[result])
	m.mapFields(fieldpath.Path{}, result, m.res.pristine)
}

// mapFields marks a map's entries: the result's in order, then those only the local copy had.
func (m *marker) mapFields(path fieldpath.Path, result, local *ynode.Node) {
	shift := m.lineShift
	for i := 0; i+1 < len(result.Content); i += 2 {
		name, v := result.Content[i].Value, result.Content[i+1]
		m.lineShift = m.entryShift(result, local, name, shift)
		m.value(m.paths.append(path, fieldpath.Element{Field: name}), v, local.Get(name))
	}
	m.lineShift = shift
	if local == nil || local.Kind != ynode.MapNode {
		return
	}
	for i := 0; i+1 < len(local.Content); i += 2 {
		key, lv := local.Content[i], local.Content[i+1]
		if _, rv := result.Field(key.Value); rv != nil {
			continue
		}
		c := cue{path: m.paths.append(path, fieldpath.Element{Field: key.Value}), rec: m.recordOf(lv), local: lv, inRemovedItem: m.inRemovedItem}
		m.mark(contract.Deleted, false, c, srcLine(key), srcEnd(lv))
		m.fields[len(m.fields)-1].Place = m.fieldPlace(result, local, key.Value, len(path) == 0)
	}
}

// recordOf returns the record of a node of the pristine local copy.
func (m *marker) recordOf(pristine *ynode.Node) record {
	return m.records[m.res.liveOf[pristine]]
}

// value marks one value of the result; local is the local copy's value at the same place.
func (m *marker) value(path fieldpath.Path, result, local *ynode.Node) {
	d := m.records[result]
	switch {
	case result.Kind == ynode.MapNode && (local == nil || local.Kind == ynode.MapNode) && (len(result.Content) > 0 || (local != nil && len(local.Content) > 0)):
		m.logged(path, d)
		m.mapFields(path, result, local)
	case result.Kind == ynode.ListNode && d.list != nil && !d.list.whole && (local == nil || local.Kind == ynode.ListNode):
		m.logged(path, d)
		m.items(path, result, local, d.list)
		m.keyless(path, result, d)
	default:
		m.leaf(path, result, local, d)
	}
}

// leaf marks a value compared whole: a scalar, a list replaced whole, an empty map.
func (m *marker) leaf(path fieldpath.Path, result, local *ynode.Node, d record) {
	line, end := m.layout.Line(result), m.layout.EndLine(result)
	c := cue{path: path, rec: d, local: local, result: result}
	mark := contract.Retained
	switch {
	case local == nil:
		mark = contract.Added
	case !sameText(local, result):
		mark = contract.Changed
	case d.rule == ruleLiveOnly || (d.original == nil && d.updated == nil):
		mark = contract.Ignored
	}
	m.mark(mark, false, c, line, end)
	if note := quoteNote(result, local, d); note != "" {
		m.fields[len(m.fields)-1].Reason += note
	}
}

// quoteNote explains double quotes kyaml put on a string YAML 1.1 would read as something else.
func quoteNote(result, local *ynode.Node, d record) string {
	if result.Kind != ynode.ScalarNode || result.Style != ynode.DoubleQuoted || !isYAML11NonString(result.Value) {
		return ""
	}
	for _, n := range []*ynode.Node{local, d.updated} {
		if n != nil && n.Src != nil && n.Src.Style == yamltree.DoubleQuoted {
			return ""
		}
	}
	return "; kyaml writes " + strconv.Quote(result.Value) + " in double quotes: YAML 1.1, which older Kubernetes clients read, would take it for a " + yaml11Type(result.Value)
}

// items marks a list merged item by item: items added, items only the local copy has, the fields
// of items merged, and the local items the merge removed.
func (m *marker) items(path fieldpath.Path, result, local *ynode.Node, info *listInfo) {
	shift := m.lineShift
	defer func() { m.lineShift = shift }()
	inResult := map[*ynode.Node]bool{}
	added := map[string]int{} // the mark of each item added under a key or value, by path
	for i, item := range result.Content {
		inResult[item] = true
		p := m.itemPath(path, item, info, i)
		at := len(m.fields)
		m.item(p, item, m.res.pristineOf[item], info)
		if at < len(m.fields) && m.fields[at].Mark == contract.Added && !byPosition(p) {
			added[m.fields[at].Path] = at
		}
	}
	if local == nil {
		return
	}
	for i, li := range local.Content {
		if inResult[m.res.liveOf[li]] {
			continue
		}
		p := m.itemPath(path, li, info, i)
		if at, ok := added[p.String()]; ok {
			// kyaml dropped the local item and wrote one rebuilt from upstream in its place: the
			// item is still there, changed, not added and deleted
			f := &m.fields[at]
			f.Mark = contract.Changed
			f.Reason = "kyaml dropped live's item with this key (line " + strconv.Itoa(srcLine(li)) + ") and wrote this one in its place, rebuilt from upstream's changes: fields only live's item had are not carried over (items match " + m.reasons.keyPhrase(info) + ")" + m.reasons.noteOf(p, info)
			continue
		}
		m.mark(contract.Deleted, true, cue{path: p, rec: m.recordOf(li), local: li, info: info}, srcLine(li), srcEnd(li))
		m.fields[len(m.fields)-1].Place = m.itemPlace(result, local, i, inResult)
	}
}

// byPosition reports whether a path's last step selects a list item by its index.
func byPosition(p fieldpath.Path) bool {
	return len(p) > 0 && p[len(p)-1].IsIndex
}

// item marks one item of a merged list; local is the item as the local copy had it, nil for a
// new one.
func (m *marker) item(path fieldpath.Path, item, local *ynode.Node, info *listInfo) {
	d := m.records[item]
	line, end := m.layout.Line(item), m.layout.EndLine(item)
	switch {
	case local == nil:
		m.mark(contract.Added, true, cue{path: path, rec: d, result: item, info: info}, line, end)
	case item.Kind != ynode.MapNode || local.Kind != ynode.MapNode:
		m.leaf(path, item, local, d)
	case d.original == nil && d.updated == nil:
		m.mark(contract.Ignored, true, cue{path: path, rec: d, local: local, result: item, info: info}, line, end)
	default:
		m.logged(path, d)
		outer := m.inRemovedItem
		m.inRemovedItem = d.updated == nil
		m.mapFields(path, item, local)
		m.inRemovedItem = outer
	}
}

// itemPath names a list item: by its key fields, by its value in a list of primitives, else by
// its position.
func (m *marker) itemPath(path fieldpath.Path, item *ynode.Node, info *listInfo, index int) fieldpath.Path {
	if len(info.keys) == 0 && item.Kind == ynode.ScalarNode {
		return m.paths.append(path, fieldpath.Element{Value: treeScalar(item)})
	}
	var kvs []fieldpath.KeyValue
	for _, k := range info.keys {
		if v := item.Get(k); v != nil && v.Kind == ynode.ScalarNode {
			kvs = append(kvs, fieldpath.KeyValue{Name: k, Value: treeScalar(v)})
		}
	}
	if len(kvs) == 0 {
		return m.paths.append(path, fieldpath.Element{Index: index, IsIndex: true})
	}
	return m.paths.append(path, fieldpath.Element{Keys: kvs})
}

// treeScalar returns a scalar as package yamltree holds it, for a path.
func treeScalar(n *ynode.Node) *yamltree.Node {
	tag := yamltree.StrTag
	switch n.Tag {
	case ynode.IntTag:
		tag = yamltree.IntTag
	case ynode.FloatTag:
		tag = yamltree.FloatTag
	case ynode.BoolTag:
		tag = yamltree.BoolTag
	case ynode.NullTag:
		tag = yamltree.NullTag
	}
	return yamltree.NewScalar(tag, n.Value)
}

// srcLine is the line of a node in the input it was read from.
func srcLine(n *ynode.Node) int {
	if n == nil || n.Src == nil {
		return 0
	}
	return n.Src.Pos.Line
}

// srcEnd is the last line a node takes in the input it was read from.
func srcEnd(n *ynode.Node) int {
	if n == nil || n.Src == nil {
		return 0
	}
	return explain.LastLine(n.Src)
}

// kioChanges marks what kio's reader and writer changed in a resource it kept: empty
// annotations and metadata dropped, its index annotations cleared, its legacy annotations copied.
func (m *marker) kioChanges(result *ynode.Node) {
	m.diffEntries(fieldpath.Path{}, result, m.res.pristine, "metadata")
	meta := fieldpath.Path{}.Field("metadata")
	local, now := m.res.pristine.Get("metadata"), result.Get("metadata")
	if local.IsNull() || now == nil || local.Kind != ynode.MapNode {
		return
	}
	m.diffEntries(meta, now, local, "annotations")
	ann := local.Get("annotations")
	if now.Get("annotations") == nil || ann.IsNull() || ann.Kind != ynode.MapNode {
		return
	}
	now = now.Get("annotations")
	for _, k := range append(ann.Keys(), now.Keys()...) {
		m.diffEntries(meta.Field("annotations"), now, ann, k)
	}
}

// diffEntries marks entry name when only one of result and local has it.
func (m *marker) diffEntries(path fieldpath.Path, result, local *ynode.Node, name string) {
	k, lv := local.Field(name)
	_, rv := result.Field(name)
	p := path.Field(name)
	switch {
	case lv != nil && rv == nil:
		m.mark(contract.Deleted, false, cue{path: p, local: lv}, srcLine(k), srcEnd(lv))
		m.fields[len(m.fields)-1].Place = m.fieldPlace(result, local, name, len(path) == 0)
	case lv == nil && rv != nil:
		m.mark(contract.Added, false, cue{path: p, result: rv}, m.layout.Line(rv), m.layout.EndLine(rv))
	}
}
