package merge3

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
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
	_                       incomparable.Field
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

// merge merges one value: its schema is found (schemaFor), its shape read from the first
// version holding a value (factLiveFirst), and the value merged as its shape merges (mergerOf).
// path names the value for messages.
func (m *merger) merge(t triple, inherited *sch, path []string) (*ynode.Node, record, error) {
	sc := m.schemaFor(t, inherited)
	kind := t.shape()
	how := mergerOf(kind)
	if kind != ynode.AliasNode {
		if err := t.factShapesAgree(kind, path); err != nil {
			return nil, record{}, err
		}
	}
	if how == nil {
		return nil, m.record(ruleGone, t, nil), nil
	}
	return how(m, t, sc, path)
}

// shapeMerger merges a value of one shape.
type shapeMerger func(m *merger, t triple, sc *sch, path []string) (*ynode.Node, record, error)

// mergerOf says how a value of each shape merges: a map key by key (and so a value no version
// holds, which merges to nothing), a list item by item or whole (mergeList), a scalar whole, an
// alias not at all (aliases.go); nil for a shape no version of a field can have.
func mergerOf(kind ynode.Kind) shapeMerger {
	switch kind {
	case ynode.MapNode, 0:
		return (*merger).mergeMap
	case ynode.ListNode:
		return (*merger).mergeList
	case ynode.ScalarNode:
		return (*merger).mergeScalar
	case ynode.AliasNode:
		return (*merger).dropAlias
	}
	return nil
}

// mergeScalar decides a scalar whole, by scalarTable.
func (m *merger) mergeScalar(t triple, _ *sch, _ []string) (*ynode.Node, record, error) {
	n, rule := apply(decide(scalarTable, factsOf(t, sameScalar)), t)
	return n, m.record(rule, t, nil), nil
}

// mergeList merges a list item by item when it has merge keys (mergeItems), else decides it
// whole by wholeListTable.
func (m *merger) mergeList(t triple, sc *sch, path []string) (*ynode.Node, record, error) {
	if m.keyed(sc, t) {
		return m.mergeItems(t, sc, path)
	}
	n, rule := apply(decide(wholeListTable, factsOf(t, ynode.SameText)), t)
	info := &listInfo{whole: true, kind: sc.kindName(), schemaPath: sc.pathName(), fromComment: sc.fromComment()}
	return n, m.record(rule, t, info), nil
}

// dropAlias drops a field whose first version is an alias, noting what was lost.
func (m *merger) dropAlias(t triple, _ *sch, path []string) (*ynode.Node, record, error) {
	alias, input := t.aliasOf()
	m.aliases = append(m.aliases, droppedAlias{path: append([]string(nil), path...), alias: alias, input: input})
	return nil, m.record(ruleAliasDropped, t, nil), nil
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

// schemaFor finds a value's schema: the one a comment of the value declares
// (factCommentSchemaFirst), else the one its parent gave, else the one of the kind the value
// declares (factKindSchema).
func (m *merger) schemaFor(t triple, inherited *sch) *sch {
	if c := m.factCommentSchemaFirst(t); c != nil {
		return c
	}
	if inherited != nil {
		return inherited
	}
	return m.factKindSchema(t)
}

// factCommentSchemaFirst: a schema a comment of the value itself declares (fieldmeta.go) wins
// over the one its parent gives; the first version holding a value, in factLiveFirst's order,
// whose comment declares one decides. Observed with kyaml v0.21.x through merge3diff (the
// generator's comment-schema mutations; TestWalkFacts/factCommentSchemaFirst).
func (m *merger) factCommentSchemaFirst(t triple) *sch {
	for _, n := range t.liveFirst() {
		if n.IsNull() {
			continue
		}
		if c := commentSchema(n, m.defs); c != nil {
			return c
		}
	}
	return nil
}

// factKindSchema: a map no schema describes that declares an apiVersion and a kind takes its
// kind's schema, the first version holding one that the schemas know deciding; so a Pod held
// in a custom resource's field merges its containers by name. Observed with kyaml v0.21.x
// (TestWalkFacts/factKindSchema).
func (m *merger) factKindSchema(t triple) *sch {
	for _, n := range t.liveFirst() {
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
