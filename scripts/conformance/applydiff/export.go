package applydiff

// Exported wrappers for the other differential tests of the conformance module (patchdiff):
// the generator's previous render, kubectl's way of reading YAML, the generator's YAML writer
// and the comparison of plain data. They only wrap this package's helpers.

import "sort"

// Previous returns config0 of case index: the configs the case's live objects were created
// from, which Case gives as Original only half of the time. Read as a Helm release, it is the
// previous render, Case's Updated the new render and Case's Live the objects in the cluster.
// It draws the dice exactly as Case does up to config0.
func (g Generator) Previous(index int) string {
	b := &builder{d: newDice(g.Seed, index)}
	b.namespace = pick(b.d, "", "prod", "staging", "team-a")
	_ = b.d.chance(0.2) // Case draws its overwrite option here
	return streamText(b.configs())
}

// SplitDocuments returns the JSON of each object of a YAML stream, as kubectl apply -f reads it
// (YAMLOrJSONDecoder; YAML 1.1 scalars through sigs.k8s.io/yaml; empty documents skipped; a
// list's items one by one).
func SplitDocuments(text string) ([][]byte, error) { return splitDocuments(text) }

// IdentityOfData names an object given as plain data as the contract does:
// apiVersion/kind/namespace/name, a missing namespace read as "default".
func IdentityOfData(obj map[string]any) string { return identityOfData(obj) }

// FirstDiff describes the first place where want (the reference's data, called kubectl's) and
// got (the engine's) differ, or "" when they are the same data.
func FirstDiff(want, got any) string { return firstDiff("", want, got) }

// OrderedMap is a map that EmitYAML writes with its keys in the order of Keys.
type OrderedMap struct {
	Keys   []string
	Values map[string]any
}

// NewOrderedMap returns an empty ordered map.
func NewOrderedMap() *OrderedMap { return &OrderedMap{Values: map[string]any{}} }

// Set replaces the value of k, or appends k.
func (m *OrderedMap) Set(k string, v any) {
	if _, ok := m.Values[k]; !ok {
		m.Keys = append(m.Keys, k)
	}
	m.Values[k] = v
}

// Get returns the value of k and whether the map has it.
func (m *OrderedMap) Get(k string) (any, bool) {
	v, ok := m.Values[k]
	return v, ok
}

// Len returns the number of keys.
func (m *OrderedMap) Len() int { return len(m.Keys) }

// FlowList is a list that EmitYAML writes in flow style ([a, b]).
type FlowList []any

// Raw is a scalar that EmitYAML writes exactly as Text (yes, 0755, ~): what it reads as is
// left to the YAML reader under test.
type Raw string

// EmitYAML writes one document with the generator's writer. doc is plain data: maps
// (map[string]any with sorted keys, or *OrderedMap), lists ([]any, or FlowList), strings,
// bools, nil, numbers (float64 that are integers are written as integers) and Raw scalars. indentLists
// indents block lists under their key.
func EmitYAML(doc any, indentLists bool) string {
	m, ok := toTree(doc).(*omap)
	if !ok {
		panic("applydiff: EmitYAML needs a map")
	}
	return emitDoc(m, layout{indentLists: indentLists})
}

// EmitStream joins documents with "---".
func EmitStream(docs []string) string { return emitStream(docs) }

// toTree converts plain data into the writer's tree.
func toTree(v any) any {
	switch t := v.(type) {
	case *OrderedMap:
		m := newMap()
		for _, k := range t.Keys {
			m.set(k, toTree(t.Values[k]))
		}
		return m
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		m := newMap()
		for _, k := range keys {
			m.set(k, toTree(t[k]))
		}
		return m
	case []any:
		return &olist{items: treeItems(t)}
	case FlowList:
		return &olist{items: treeItems(t), flow: true}
	case Raw:
		return raw{text: string(t)}
	case float64:
		if t == float64(int64(t)) {
			return int64(t)
		}
	}
	return v
}

// treeItems converts list items.
func treeItems(items []any) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = toTree(it)
	}
	return out
}
