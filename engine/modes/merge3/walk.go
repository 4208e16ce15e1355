package merge3

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// sources are the three versions of one value: the local copy (kyaml's "dest", which the merge
// rewrites in place), upstream as it was (original) and upstream now (updated). A missing version
// is nil.
type sources struct {
	local, original, updated *ynode.Node
}

func (s sources) all() [3]*ynode.Node { return [3]*ynode.Node{s.local, s.original, s.updated} }

// walker merges one resource as kyaml's walk.Walker does with the merge3 visitor, and records
// why each value of the result is there and why each removed one went.
type walker struct {
	defs *schemas
	// infer lists the keys guessed for lists no schema describes (kyaml's
	// AssociativeSequenceKeys), first match wins; nil turns guessing off.
	infer []string
	// log holds the decision behind each node of the result, and behind each node of the local
	// copy that the merge removed.
	log map[*ynode.Node]decision
}

func newWalker(defs *schemas, infer []string) *walker {
	return &walker{defs: defs, infer: infer, log: map[*ynode.Node]decision{}}
}

// walk merges one value: a map key by key, a list item by item or whole, a scalar by the rules.
// path names the value for messages.
func (w *walker) walk(s sources, inherited *sch, path []string) (*ynode.Node, decision, error) {
	sc := w.schemaOf(s, inherited)
	kind := kindOf(s)
	if err := checkKinds(kind, s, path); err != nil {
		return nil, decision{}, err
	}
	switch kind {
	case ynode.ListNode:
		if w.keyed(sc, s) {
			return w.walkKeyedList(s, sc, path)
		}
		n, r := visitList(s)
		return n, w.decide(r, s, &listInfo{atomic: true, kind: sc.kindName(), schemaPath: sc.pathName(), fromComment: sc.fromComment()}), nil
	case ynode.ScalarNode:
		n, r := visitScalar(s)
		return n, w.decide(r, s, nil), nil
	case ynode.MapNode, 0:
		return w.walkMap(s, sc, path)
	}
	return nil, w.decide(ruleGone, s, nil), nil // aliases: yamltree expands them, kyaml would drop them
}

func (w *walker) decide(r rule, s sources, list *listInfo) decision {
	return decision{rule: r, local: s.local, original: s.original, updated: s.updated, list: list}
}

// schemaOf is Walker.GetSchema: a schema in a comment of the value itself wins, then the one the
// parent gave, then the schema of the kind the value declares (apiVersion and kind).
func (w *walker) schemaOf(s sources, inherited *sch) *sch {
	for _, n := range s.all() {
		if n.IsNull() {
			continue
		}
		if c := commentSchema(n, w.defs); c != nil {
			return c
		}
	}
	if inherited != nil {
		return inherited
	}
	for _, n := range s.all() {
		if n.IsNull() {
			continue
		}
		apiVersion, kind := metaText(n, "apiVersion"), metaText(n, "kind")
		if apiVersion == "" || kind == "" {
			continue
		}
		if k := w.defs.kind(apiVersion, kind); k != nil {
			return k
		}
	}
	return nil
}

// metaText reads a field of a map as kyaml's GetMeta does: "" when missing, null or empty.
func metaText(n *ynode.Node, field string) string {
	v := n.Get(field)
	if v.IsNilOrEmpty() {
		return ""
	}
	return v.Text()
}

// kindOf returns the shape of the first version that is not missing or null (0 when none).
func kindOf(s sources) ynode.Kind {
	for _, n := range s.all() {
		if !n.IsNull() {
			return n.Kind
		}
	}
	return 0
}

// checkKinds fails, as kyaml does, when the versions disagree on the value's shape.
func checkKinds(kind ynode.Kind, s sources, path []string) error {
	if kind == 0 {
		return nil
	}
	first := ""
	for i, n := range s.all() {
		if n.IsNull() {
			continue
		}
		if first == "" {
			first = inputNames[i]
		}
		if n.Kind != kind {
			return located(n, fmt.Sprintf("kyaml stops here: %s is a %s in %s but a %s here (wrong node kind: expected %s but got %s)",
				pathText(path), shapeName(kind), first, shapeName(n.Kind), kind, n.Kind))
		}
	}
	return nil
}

var inputNames = [3]string{"the local copy", "upstream before", "upstream now"}

func shapeName(k ynode.Kind) string {
	switch k {
	case ynode.MapNode:
		return "map"
	case ynode.ListNode:
		return "list"
	}
	return "scalar"
}

func pathText(path []string) string {
	if len(path) == 0 {
		return "the value"
	}
	return strings.Join(path, ".")
}

// located returns an error at n's place in its input.
func located(n *ynode.Node, msg string) error {
	if n != nil && n.Src != nil && n.Src.Pos.IsValid() {
		return yamltree.Errorf(n.Src.Pos, "%s", msg)
	}
	return fmt.Errorf("%s", msg)
}

// fieldNames returns the sorted union of the versions' keys: kyaml visits keys in this order, so
// the keys it adds land at the end of the local map in this order.
func fieldNames(s sources) []string {
	seen := map[string]bool{}
	var names []string
	for _, n := range s.all() {
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
