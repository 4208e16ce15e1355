package merge3

import (
	"sort"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// merger merges one resource: one walk over the three versions aligned (maps by key name, keyed
// lists by their items' keys), each aligned triple decided by its shape's table (table.go), and a
// record kept of every decision: behind each value of the result, and each value of the local
// copy the merge removed.
type merger struct {
	defs *schemas
	// infer lists the keys guessed for lists no schema describes, first match wins; nil turns
	// guessing off.
	infer   []string
	records map[*ynode.Node]record
	// aliases are the fields kyaml dropped because their value is an alias (aliases.go).
	aliases []droppedAlias
}

// record is one decision with the versions it was made from.
type record struct {
	rule                    decision.Rule
	original, updated, live *ynode.Node
	list                    *listInfo // for a list merged item by item, or an item of one, or a list compared whole
}

// listInfo says how a list was merged.
type listInfo struct {
	// keys are the merge keys; empty for a list of primitives merged as a set.
	keys []string
	// inferred: no schema described the list; its key was guessed (options.inferKeys).
	inferred bool
	// whole: the list was compared and replaced whole.
	whole bool
	// schemaPath and kind locate the list in its kind's schema, for the kyaml 1.21 note.
	kind, schemaPath string
	// fromComment: a comment's schema decided.
	fromComment bool
}

func (m *merger) record(rule decision.Rule, t triple, list *listInfo) record {
	return record{rule: rule, original: t.original, updated: t.updated, live: t.live, list: list}
}

// merge merges one value by its shape: a map key by key, a keyed list item by item, a list
// without keys and a scalar whole. path names the value for messages.
func (m *merger) merge(t triple, inherited *sch, path []string) (*ynode.Node, record, error) {
	sc := m.schemaFor(t, inherited)
	kind := t.shape()
	if kind == ynode.AliasNode {
		alias, input := t.aliasOf()
		m.aliases = append(m.aliases, droppedAlias{path: append([]string(nil), path...), alias: alias, input: input})
		return nil, m.record(ruleAliasDropped, t, nil), nil
	}
	if err := t.checkShapes(kind, path); err != nil {
		return nil, record{}, err
	}
	switch kind {
	case ynode.ListNode:
		if m.keyed(sc, t) {
			return m.mergeItems(t, sc, path)
		}
		n, rule := apply(decide(wholeListTable, factsOf(t, ynode.SameText)), t)
		info := &listInfo{whole: true, kind: sc.kindName(), schemaPath: sc.pathName(), fromComment: sc.fromComment()}
		return n, m.record(rule, t, info), nil
	case ynode.ScalarNode:
		n, rule := apply(decide(scalarTable, factsOf(t, sameScalar)), t)
		return n, m.record(rule, t, nil), nil
	case ynode.MapNode, 0:
		return m.mergeMap(t, sc, path)
	}
	return nil, m.record(ruleGone, t, nil), nil
}

// apply carries a decision out for a value compared whole: the value kept and the rule (ruleGone
// when the local value was to stay and there is none).
func apply(r row, t triple) (*ynode.Node, decision.Rule) {
	switch {
	case r.effect == takeUpdated:
		return t.updated, r.rule
	case r.effect == keepLive && t.live == nil:
		return nil, ruleGone
	case r.effect == keepLive:
		return t.live, r.rule
	}
	return nil, r.rule
}

// schemaFor finds a value's schema as kyaml does: a schema in a comment of the value itself
// wins, then the one the parent gave, then the schema of the kind the value declares
// (apiVersion and kind).
func (m *merger) schemaFor(t triple, inherited *sch) *sch {
	for _, n := range t.byLive() {
		if n.IsNull() {
			continue
		}
		if c := commentSchema(n, m.defs); c != nil {
			return c
		}
	}
	if inherited != nil {
		return inherited
	}
	for _, n := range t.byLive() {
		if n.IsNull() {
			continue
		}
		apiVersion, kind := metaText(n, "apiVersion"), metaText(n, "kind")
		if apiVersion == "" || kind == "" {
			continue
		}
		if k := m.defs.kind(apiVersion, kind); k != nil {
			return k
		}
	}
	return nil
}

// metaText reads a field of a map as kyaml's resource metadata reader does: "" when missing,
// null or empty.
func metaText(n *ynode.Node, field string) string {
	v := n.Get(field)
	if v.IsNilOrEmpty() {
		return ""
	}
	return v.Text()
}

// fieldNames returns the sorted union of the versions' keys: kyaml visits keys in this order, so
// the keys it adds land at the end of the local map in this order.
func fieldNames(t triple) []string {
	seen := map[string]bool{}
	var names []string
	for _, n := range t.byLive() {
		for _, k := range n.Keys() {
			if !seen[k] {
				seen[k] = true
				names = append(names, k)
			}
		}
	}
	sort.Strings(names)
	return names
}
