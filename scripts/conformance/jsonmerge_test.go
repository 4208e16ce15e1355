package conformance

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/mergepatch"

	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

var (
	jsonmergeSeed  = flag.Uint64("jsonmerge.seed", 20260101, "seed of the random documents TestJSONMerge compares")
	jsonmergeCases = flag.Int("jsonmerge.cases", 6000, "number of random triples TestJSONMerge compares")
)

// TestJSONMerge compares package jsonmerge with the libraries kubectl uses for custom resources:
// TwoWay with jsonpatch.CreateMergePatch, ThreeWay with jsonmergepatch.CreateThreeWayJSONMergePatch
// (with kubectl's preconditions), and Apply with jsonpatch.MergePatch, on random triples of
// documents shaped like custom resources (and, now and then, documents that are not objects).
func TestJSONMerge(t *testing.T) {
	g := newJMGen(*jsonmergeSeed)
	cases, differences := *jsonmergeCases, 0
	for i := range cases {
		tr := g.jmTriple()
		for _, diff := range jmCompareTriple(tr) {
			differences++
			if differences <= 10 {
				t.Errorf("case %d: %s\n  original: %s\n  modified: %s\n  current:  %s",
					i, diff, jmText(tr.original), jmText(tr.modified), jmText(tr.current))
			}
		}
	}
	fmt.Printf("jsonmerge: %d cases, %d differences (seed %d)\n", cases, differences, *jsonmergeSeed)
	if differences > 0 {
		t.Fatalf("jsonmerge: %d differences in %d cases", differences, cases)
	}
}

// jmTriple is one comparison case: last-applied, config and live, each possibly nil (no document).
type jmTriple struct {
	original, modified, current *yamltree.Node
}

// jmCompareTriple runs every comparison on tr and returns the differences found.
func jmCompareTriple(tr jmTriple) []string {
	snapshot := []*yamltree.Node{tr.original.Clone(), tr.modified.Clone(), tr.current.Clone()}
	var diffs []string
	diffs = append(diffs, jmCompareTwoWay(tr.original, tr.modified)...)
	diffs = append(diffs, jmCompareApply(tr.current, tr.modified)...)
	diffs = append(diffs, jmCompareThreeWay(tr)...)
	for i, n := range []*yamltree.Node{tr.original, tr.modified, tr.current} {
		if !yamltree.SameOrder(n, snapshot[i]) {
			diffs = append(diffs, fmt.Sprintf("input %d was modified", i))
		}
	}
	return diffs
}

func jmCompareTwoWay(original, modified *yamltree.Node) []string {
	ours, ourErr := jsonmerge.TwoWay(original, modified)
	ref, refErr := jsonpatch.CreateMergePatch(jmBytes(original), jmBytes(modified))
	return jmCompareOutcome("TwoWay", ours, ourErr, ref, refErr, jmSameTwoWayError)
}

func jmCompareApply(target, patch *yamltree.Node) []string {
	ours, ourErr := jsonmerge.Apply(target, patch)
	ref, refErr := jsonpatch.MergePatch(jmBytes(target), jmBytes(patch))
	return jmCompareOutcome("Apply", ours, ourErr, ref, refErr, jmSameApplyError)
}

// jmCompareThreeWay compares the patches, then the live objects they make.
func jmCompareThreeWay(tr jmTriple) []string {
	ours, ourErr := jsonmerge.ThreeWay(tr.original, tr.modified, tr.current)
	ref, refErr := jsonmergepatch.CreateThreeWayJSONMergePatch(
		jmBytes(tr.original), jmBytes(tr.modified), jmBytes(tr.current), jmPreconditions()...)
	diffs := jmCompareOutcome("ThreeWay", ours, ourErr, ref, refErr, jmSameThreeWayError)
	if len(diffs) > 0 || ourErr != nil || tr.current == nil {
		return diffs
	}
	result, resultErr := jsonmerge.Apply(tr.current, ours)
	refResult, refResultErr := jsonpatch.MergePatch(jmBytes(tr.current), ref)
	return jmCompareOutcome("Apply(ThreeWay)", result, resultErr, refResult, refResultErr, jmSameApplyError)
}

// jmPreconditions are the preconditions kubectl's buildMergePatch passes.
func jmPreconditions() []mergepatch.PreconditionFunc {
	return []mergepatch.PreconditionFunc{
		mergepatch.RequireKeyUnchanged("apiVersion"),
		mergepatch.RequireKeyUnchanged("kind"),
		mergepatch.RequireMetadataKeyUnchanged("name"),
	}
}

// jmCompareOutcome compares our result with the reference's: both errors of the same kind, or the
// same JSON data.
func jmCompareOutcome(op string, ours *yamltree.Node, ourErr error, ref []byte, refErr error,
	sameError func(ours, ref error) bool) []string {
	switch {
	case ourErr != nil || refErr != nil:
		if ourErr == nil || refErr == nil || !sameError(ourErr, refErr) {
			return []string{fmt.Sprintf("%s: error %v, reference error %v (result %s, reference %s)",
				op, ourErr, refErr, jmText(ours), ref)}
		}
		return nil
	}
	got, err := yamltree.JSON(ours)
	if err != nil {
		return []string{fmt.Sprintf("%s: result has no JSON form: %v", op, err)}
	}
	if !jmSameJSON([]byte(got), ref) {
		return []string{fmt.Sprintf("%s: got %s, reference %s", op, got, ref)}
	}
	return nil
}

func jmSameTwoWayError(ours, ref error) bool {
	switch {
	case errors.Is(ref, jsonpatch.ErrBadJSONDoc):
		return errors.Is(ours, jsonmerge.ErrBadDocument)
	case ref.Error() == "Mismatched JSON Documents":
		return errors.Is(ours, jsonmerge.ErrMismatchedTypes)
	}
	return false
}

func jmSameApplyError(ours, ref error) bool {
	switch {
	case errors.Is(ref, jsonpatch.ErrBadJSONDoc):
		return errors.Is(ours, jsonmerge.ErrBadDocument)
	case errors.Is(ref, jsonpatch.ErrBadJSONPatch):
		return errors.Is(ours, jsonmerge.ErrBadPatch)
	}
	return false
}

// jmSameThreeWayError matches preconditions and conflicts exactly; any other reference error is a
// bad input, which ours must report as an *InputError.
func jmSameThreeWayError(ours, ref error) bool {
	var pre *jsonmerge.PreconditionError
	var conflict *jsonmerge.ConflictError
	var input *jsonmerge.InputError
	switch {
	case strings.HasPrefix(ref.Error(), "precondition failed for:"):
		return errors.As(ours, &pre)
	case mergepatch.IsConflict(ref):
		return errors.As(ours, &conflict)
	}
	return errors.As(ours, &input)
}

// jmSameJSON compares two JSON texts as data, numbers as float64.
func jmSameJSON(a, b []byte) bool {
	var av, bv any
	if json.Unmarshal(a, &av) != nil || json.Unmarshal(b, &bv) != nil {
		return false
	}
	return reflect.DeepEqual(av, bv)
}

// jmBytes writes n as the reference reads it; nil is empty input.
func jmBytes(n *yamltree.Node) []byte {
	if n == nil {
		return nil
	}
	text, err := yamltree.JSON(n)
	if err != nil {
		panic(err) // the generator makes finite numbers only
	}
	return []byte(text)
}

func jmText(n *yamltree.Node) string {
	if n == nil {
		return "<none>"
	}
	return string(jmBytes(n))
}

// jmGen makes random documents and edits of them.
type jmGen struct {
	r             *rand.Rand
	keys, strings []string
}

// newJMGen returns a generator seeded with seed.
func newJMGen(seed uint64) *jmGen {
	return &jmGen{
		r:       rand.New(rand.NewPCG(seed, 0x6a736f6e6d657267)),
		keys:    []string{"a", "b", "c", "name", "value", "items", "size", "enabled", "x-y", "", "ünï", "1", "null"},
		strings: []string{"", "a", "b", "nginx", "1", "true", "null", "<&>", "line\nbreak", "ünï", "1.0"},
	}
}

func (g *jmGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *jmGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// jmTriple makes a case: mostly custom-resource shapes edited in turn, sometimes odd documents.
func (g *jmGen) jmTriple() jmTriple {
	original := g.resource()
	modified := g.edit(original, 0.25)
	current := g.edit(modified, 0.15)
	switch {
	case g.chance(0.2):
		current = g.edit(original, 0.15)
	case g.chance(0.1):
		current = modified.Clone()
	}
	if g.chance(0.3) {
		current.Set("status", g.object(2))
	}
	if g.chance(0.05) {
		original = nil // no last-applied annotation yet
	}
	tr := jmTriple{original: original, modified: modified, current: current}
	switch {
	case g.chance(0.02):
		tr.original, tr.modified = g.documentList(), g.documentList()
	case g.chance(0.08):
		g.oddify(&tr)
	}
	return tr
}

// oddify replaces one document by something kubectl rarely or never sees.
func (g *jmGen) oddify(tr *jmTriple) {
	var odd *yamltree.Node
	switch g.r.IntN(6) {
	case 0:
		odd = nil
	case 1:
		odd = yamltree.NewNull()
	case 2:
		odd = g.scalar()
	case 3:
		odd = g.documentList()
	case 4:
		odd = g.list(2)
	default:
		odd = g.object(3)
	}
	switch g.r.IntN(3) {
	case 0:
		tr.original = odd
	case 1:
		tr.modified = odd
	default:
		tr.current = odd
	}
}

// documentList makes a list of documents, mostly objects, for CreateMergePatch's list form.
func (g *jmGen) documentList() *yamltree.Node {
	l := yamltree.NewList()
	for range 1 + g.r.IntN(2) {
		switch {
		case g.chance(0.1):
			l.Items = append(l.Items, g.scalar())
		default:
			l.Items = append(l.Items, g.object(2))
		}
	}
	return l
}

// resource makes a custom resource with identity, metadata and a random spec.
func (g *jmGen) resource() *yamltree.Node {
	doc := yamltree.NewMap()
	doc.Set("apiVersion", yamltree.NewString("example.com/v1"))
	doc.Set("kind", yamltree.NewString("Widget"))
	meta := yamltree.NewMap()
	meta.Set("name", yamltree.NewString("w"+strconv.Itoa(g.r.IntN(3))))
	if g.chance(0.5) {
		meta.Set("labels", g.stringMap())
	}
	if g.chance(0.3) {
		meta.Set("annotations", g.stringMap())
	}
	doc.Set("metadata", meta)
	doc.Set("spec", g.object(3))
	if g.chance(0.2) {
		doc.Set("status", g.object(2))
	}
	return doc
}

func (g *jmGen) stringMap() *yamltree.Node {
	m := yamltree.NewMap()
	for range g.r.IntN(3) {
		m.Set(g.pick(g.keys), yamltree.NewString(g.pick(g.strings)))
	}
	return m
}

// value makes any JSON value, nested at most depth levels.
func (g *jmGen) value(depth int) *yamltree.Node {
	if depth <= 0 {
		return g.scalar()
	}
	switch n := g.r.IntN(10); {
	case n < 4:
		return g.object(depth)
	case n < 6:
		return g.list(depth)
	}
	return g.scalar()
}

func (g *jmGen) object(depth int) *yamltree.Node {
	m := yamltree.NewMap()
	for range g.r.IntN(5) {
		m.Set(g.pick(g.keys), g.value(depth-1))
	}
	return m
}

// list makes a list of scalars or, as in most resources, of objects.
func (g *jmGen) list(depth int) *yamltree.Node {
	l := yamltree.NewList()
	objects := g.chance(0.5)
	for range g.r.IntN(4) {
		if objects {
			l.Items = append(l.Items, g.object(depth-1))
		} else {
			l.Items = append(l.Items, g.value(depth-1))
		}
	}
	return l
}

// scalar makes a string, number, boolean or null, numbers in several spellings.
func (g *jmGen) scalar() *yamltree.Node {
	switch g.r.IntN(12) {
	case 0, 1, 2:
		return yamltree.NewString(g.pick(g.strings))
	case 3, 4:
		return yamltree.NumberNode(float64(g.r.IntN(4)))
	case 5:
		return yamltree.NewScalar(yamltree.FloatTag, strconv.Itoa(g.r.IntN(3))+".0")
	case 6:
		floats := []float64{0.5, -2.25, 1e-7, 1e21, 123456789.125}
		return yamltree.NumberNode(floats[g.r.IntN(len(floats))])
	case 7:
		ints := []string{"9007199254740993", "9007199254740992", "-9223372036854775808", "0x10", "16"}
		return yamltree.NewScalar(yamltree.IntTag, g.pick(ints))
	case 8, 9:
		return yamltree.NewScalar(yamltree.BoolTag, strconv.FormatBool(g.chance(0.5)))
	}
	return yamltree.NewNull()
}

// edit returns a copy of n with about rate of its entries changed: removed, replaced, nulled,
// edited deeper, or joined by new ones. Identity fields change rarely.
func (g *jmGen) edit(n *yamltree.Node, rate float64) *yamltree.Node {
	switch {
	case n.IsMap():
		return g.editMap(n, rate)
	case n.IsList() && g.chance(rate):
		return g.editList(n, rate)
	case g.chance(rate / 3):
		return g.value(2)
	}
	return n.Clone()
}

func (g *jmGen) editMap(n *yamltree.Node, rate float64) *yamltree.Node {
	out := yamltree.NewMap()
	for _, f := range n.Fields {
		p := rate
		if f.Name() == "apiVersion" || f.Name() == "kind" || f.Name() == "metadata" || f.Name() == "name" {
			p = rate / 10
		}
		switch {
		case !g.chance(p):
			out.Set(f.Name(), g.edit(f.Value, p))
		case g.chance(0.35):
			// removed
		case g.chance(0.2):
			out.Set(f.Name(), yamltree.NewNull())
		case g.chance(0.5):
			out.Set(f.Name(), g.value(2))
		default:
			out.Set(f.Name(), g.edit(f.Value, rate*2))
		}
	}
	if g.chance(rate) {
		out.Set(g.pick(g.keys), g.value(2))
	}
	return out
}

func (g *jmGen) editList(n *yamltree.Node, rate float64) *yamltree.Node {
	out := n.Clone()
	switch g.r.IntN(4) {
	case 0:
		out.Items = append(out.Items, g.value(1))
	case 1:
		if len(out.Items) > 0 {
			out.Items = out.Items[1:]
		}
	case 2:
		g.r.Shuffle(len(out.Items), func(i, j int) { out.Items[i], out.Items[j] = out.Items[j], out.Items[i] })
	default:
		for i, it := range out.Items {
			out.Items[i] = g.edit(it, rate*2)
		}
	}
	return out
}
