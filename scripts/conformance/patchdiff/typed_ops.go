package patchdiff

import (
	"strconv"
)

// jsonPatch draws one to five operations on the target's spots (or near them: a key it lacks,
// an index past its end, a negative one), each of the six kinds, and now and then a bad one.
func (g *typedGen) jsonPatch(live map[string]any) []any {
	all := spots(live, nil, nil)
	var ops []any
	for i := 1 + g.d.intn(5); i > 0 && len(all) > 0; i-- {
		at := all[g.d.intn(len(all))]
		op := g.operation(at, all)
		g.story = append(g.story, jsonText(op))
		ops = append(ops, op)
	}
	return ops
}

// operation draws one operation at (or near) a spot.
func (g *typedGen) operation(at spot, all []spot) map[string]any {
	path := g.near(at)
	switch g.d.weighted(3, 3, 3, 2, 2, 3, 0.3) {
	case 0:
		return map[string]any{"op": "add", "path": g.addAt(at), "value": g.value(2)}
	case 1:
		return map[string]any{"op": "remove", "path": path}
	case 2:
		return map[string]any{"op": "replace", "path": path, "value": g.value(2)}
	case 3:
		return map[string]any{"op": "move", "from": path, "path": g.addAt(all[g.d.intn(len(all))])}
	case 4:
		return map[string]any{"op": "copy", "from": path, "path": g.addAt(all[g.d.intn(len(all))])}
	case 5:
		want := any(at.value)
		if g.d.chance(0.4) {
			want = g.value(1)
		}
		return map[string]any{"op": "test", "path": path, "value": want}
	}
	return map[string]any{"op": pick(g.d, "bogus", "Add", ""), "path": path}
}

// near is the spot's pointer, or now and then one beside it: a key its map lacks, an index past
// its list's end, a negative index.
func (g *typedGen) near(at spot) string {
	if !g.d.chance(0.25) {
		return at.pointer()
	}
	tokens := append([]string(nil), at.tokens...)
	last := tokens[len(tokens)-1]
	if _, err := strconv.Atoi(last); err == nil {
		tokens[len(tokens)-1] = pick(g.d, "-1", "-2", "9", "-", "01")
	} else {
		tokens[len(tokens)-1] = pick(g.d, "missing", "a~b", "a/b", "")
	}
	return spot{tokens: tokens}.pointer()
}

// addAt is a pointer add can write to near a spot: beside it in its map, or at an index of its
// list ("-", its own, past the end, negative).
func (g *typedGen) addAt(at spot) string {
	tokens := append([]string(nil), at.tokens...)
	last := tokens[len(tokens)-1]
	if _, err := strconv.Atoi(last); err == nil {
		tokens[len(tokens)-1] = pick(g.d, "-", last, "-1", "-3", "7", "+0")
	} else if g.d.chance(0.7) {
		tokens[len(tokens)-1] = pick(g.d, "added", last, "x~y")
	}
	return spot{tokens: tokens}.pointer()
}
