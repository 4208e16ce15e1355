package patchdiff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// The dice streams of the merge and JSON patch generators.
const (
	mergePatchStream = 0x3e61b
	jsonPatchStream  = 0x5b0d7
)

// TypedCase is one `kubectl patch --type merge` or `--type json` case: a patch (JSON text) and
// its target, the first live object of applydiff's case (an object as the API server returns
// it).
type TypedCase struct {
	Index int
	// Patch is the patch as JSON (which the engine reads as YAML).
	Patch string
	// Live is the target as YAML; LiveJSON as kubectl reads it (sigs.k8s.io/yaml).
	Live     string
	LiveJSON []byte
	// Story says what the generator did, one line an operation.
	Story []string
}

// NewTypedCase builds case index of seed: the target, and a random merge patch (json false) or
// JSON patch (json true) of it.
func NewTypedCase(seed uint64, index int, json bool) (*TypedCase, error) {
	base, err := applydiff.Generator{Seed: seed}.Case(index)
	if err != nil {
		return nil, err
	}
	docs, err := decodeStream(base.Live)
	if err != nil || len(docs) == 0 {
		return nil, fmt.Errorf("case %d: live: %v", index, err)
	}
	obj, err := objectOf(docs[0])
	if err != nil {
		return nil, err
	}
	c := &TypedCase{Index: index, Live: applydiff.EmitYAML(obj, false), LiveJSON: []byte(jsonText(obj))}
	if json {
		g := &typedGen{d: newDice(seed, index, jsonPatchStream)}
		c.Patch, c.Story = jsonText(g.jsonPatch(obj)), g.story
	} else {
		g := &typedGen{d: newDice(seed, index, mergePatchStream)}
		c.Patch, c.Story = jsonText(g.mergePatch(obj, 0)), g.story
	}
	return c, nil
}

// typedGen draws a case's patch.
type typedGen struct {
	d     dice
	story []string
}

// identity reports the top-level keys a patch leaves alone: a patch that renames the object, or
// changes its kind, is refused by the API server whatever the library makes of it.
func identity(k string) bool { return k == "apiVersion" || k == "kind" || k == "metadata" }

// mergePatch draws a merge patch of the map live: keys deleted (null), replaced by another
// value, merged into (a map), and new keys whose values hold nulls now and then.
func (g *typedGen) mergePatch(live map[string]any, depth int) map[string]any {
	p := map[string]any{}
	for _, k := range sortedKeys(live) {
		if depth == 0 && identity(k) || !g.d.chance(0.4) {
			continue
		}
		switch sub, isMap := live[k].(map[string]any); {
		case isMap && depth < 4 && g.d.chance(0.6):
			p[k] = g.mergePatch(sub, depth+1)
		case g.d.chance(0.35):
			p[k] = nil
			g.story = append(g.story, "delete "+k)
		case g.d.chance(0.7):
			p[k] = g.like(live[k])
			g.story = append(g.story, "replace "+k+" by a value of its type")
		default:
			p[k] = g.value(2)
			g.story = append(g.story, "replace "+k)
		}
	}
	if stringMap(live) && g.d.chance(0.5) || g.d.chance(0.1) {
		k := "new" + strconv.Itoa(g.d.intn(3))
		p[k] = g.value(3)
		if stringMap(live) {
			p[k] = pick(g.d, "a", "b")
		}
		g.story = append(g.story, "add "+k)
	}
	return p
}

// like draws a value of v's JSON type (a list of items like its first, a map like it with keys
// dropped and nulls now and then), so that the object stays one its kind's schema reads.
func (g *typedGen) like(v any) any {
	switch t := v.(type) {
	case float64:
		return float64(g.d.intn(5))
	case string:
		return t + pick(g.d, "", "-x", "1")
	case bool:
		return !t
	case []any:
		if len(t) == 0 {
			return []any{}
		}
		out := []any{}
		for i := g.d.intn(3); i > 0; i-- {
			out = append(out, g.like(t[0]))
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for _, k := range sortedKeys(t) {
			if g.d.chance(0.7) {
				out[k] = g.like(t[k])
			} else if g.d.chance(0.3) {
				out[k] = nil
			}
		}
		return out
	}
	return nil
}

// value draws a JSON value: a scalar, a null, or a small map or list of such values (maps with
// nulls in them now and then).
func (g *typedGen) value(depth int) any {
	switch n := g.d.intn(8); {
	case n == 0:
		return nil
	case n == 1 || depth == 0:
		return float64(g.d.intn(5))
	case n == 2:
		return pick(g.d, "a", "b", "", "0", "true")
	case n == 3:
		return g.d.chance(0.5)
	case n < 6:
		m := map[string]any{}
		for i := g.d.intn(3); i >= 0; i-- {
			m[pick(g.d, "x", "y", "z")] = g.value(depth - 1)
		}
		return m
	}
	l := []any{}
	for i := g.d.intn(3); i > 0; i-- {
		l = append(l, g.value(depth-1))
	}
	return l
}

// spot is a pointer into the target and what it names.
type spot struct {
	tokens []string
	value  any
}

func (p spot) pointer() string {
	if len(p.tokens) == 0 {
		return ""
	}
	escaped := make([]string, len(p.tokens))
	for i, t := range p.tokens {
		escaped[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
	}
	return "/" + strings.Join(escaped, "/")
}

// spots lists the target's values below its identity, depth first.
func spots(v any, tokens []string, out []spot) []spot {
	switch t := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if len(tokens) == 0 && identity(k) {
				continue
			}
			at := append(append([]string(nil), tokens...), k)
			out = spots(t[k], at, append(out, spot{tokens: at, value: t[k]}))
		}
	case []any:
		for i, it := range t {
			at := append(append([]string(nil), tokens...), strconv.Itoa(i))
			out = spots(it, at, append(out, spot{tokens: at, value: it}))
		}
	}
	return out
}
