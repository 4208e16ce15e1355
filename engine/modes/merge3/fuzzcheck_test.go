package merge3_test

// The invariants every mode's fuzz target shares. Identical copies of this file (below the
// package clause) sit beside the fuzz targets of apply, merge3, ssa, patch and twoway, since
// test helpers cannot be imported across packages; TestFuzzCheckCopiesAgree in package twoway
// keeps them in step.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/examples"
)

// maxFuzzInput bounds the inputs a fuzz target tries, so that each run stays fast.
const maxFuzzInput = 8000

// fuzzRun is one request of a fuzz target and its answer.
type fuzzRun struct {
	req   *contract.Request
	resp  *contract.Response
	rules yamltree.Rules
}

// ask answers req with the default handler.
func ask(h *handler.Handler, req *contract.Request, rules yamltree.Rules) *fuzzRun {
	return &fuzzRun{req: req, resp: h.Handle(context.Background(), req), rules: rules}
}

// describe writes the request for a failure message.
func (r *fuzzRun) describe() string {
	o := r.req.Options
	return fmt.Sprintf("mode %s\noriginal: %q\nupdated: %q\nlive: %q\noptions: overwrite=%v prune=%v force=%v operation=%s inferKeys=%v multiKeys=%v schemaType=%q schema=(%d bytes)",
		r.req.Mode, r.req.Original, r.req.Updated, r.req.Live, o.Overwrite, o.Prune, o.Force, o.Operation, o.InferKeys, o.MultiKeys, o.SchemaType, len(o.Schema))
}

// checkCommon checks the invariants that hold in every mode and returns the result's resources
// (nil when the request failed or ended in conflicts):
//
//   - no internal ("engine") error, which is how the handler reports a recovered panic;
//   - a result parses back, with the mode's scalar rules;
//   - every mark has a reason and points into its text: the result, or live for deleted and
//     conflict marks (line and end line);
//   - every deleted mark names a field live has, at the mark's line, and that the result does
//     not have (see checkDeleted).
func checkCommon(t *testing.T, r *fuzzRun) []*stream.Resource {
	t.Helper()
	for _, e := range r.resp.Errors {
		if e.Input == "engine" {
			t.Fatalf("internal error: %s\n%s", e.Message, r.describe())
		}
	}
	if len(r.resp.Errors) > 0 || r.resp.Result == "" {
		return nil
	}
	result, err := resources(yamltree.Result, r.resp.Result, r.rules)
	if err != nil {
		t.Fatalf("the result does not read back: %v\nresult:\n%s\n%s", err, r.resp.Result, r.describe())
	}
	resultLines, liveLines := lineCount(r.resp.Result), lineCount(r.req.Live)
	for _, m := range r.resp.Fields {
		limit := resultLines
		if m.Mark == contract.Deleted || m.Mark == contract.Conflicted {
			limit = liveLines
		}
		if m.Line < 1 || m.Line > limit || m.EndLine > limit || (m.EndLine != 0 && m.EndLine < m.Line) || m.Reason == "" {
			t.Fatalf("mark out of place: %+v (%d lines)\nresult:\n%s\n%s", m, limit, r.resp.Result, r.describe())
		}
	}
	checkDeleted(t, r, result)
	return result
}

// checkDeleted checks every deleted mark against live and the result. The page draws a deleted
// field as live's lines from Line to EndLine, struck, between its neighbours in the result; that
// only makes sense when
//
//   - the mark's path resolves in live's resource to a field or item starting at the mark's line
//     (a map field starts at its key, a list item at its first line, a whole resource at its
//     first line), and
//   - the path resolves to nothing in the result's resource (a deleted resource, path "", is
//     absent from the result).
//
// Paths that select a list item by position ([3]) are checked against live only: after a
// deletion another item may hold the same index. So are paths through a list holding the
// selected key or value twice, in live or in the result: the path names either item. A mark whose resource cannot be told apart
// (two result documents with one identity, or an identity the result lacks while the result
// holds several documents) is checked against live only too.
func checkDeleted(t *testing.T, r *fuzzRun, result []*stream.Resource) {
	t.Helper()
	var live []*stream.Resource
	for _, m := range r.resp.Fields {
		if m.Mark != contract.Deleted {
			continue
		}
		if live == nil {
			var err error
			if live, err = resources(yamltree.Live, r.req.Live, r.rules); err != nil {
				t.Fatalf("live does not parse, yet the merge answered: %v\n%s", err, r.describe())
			}
		}
		twice := false
		if root := find(live, m.Resource, m.Path == ""); root != nil {
			var lines []int
			lines, twice = resolve(root, m.Path, root.Pos.Line)
			found := false
			for _, l := range lines {
				found = found || l == m.Line
			}
			if !found {
				t.Fatalf("deleted mark does not point at its field in live: %+v (the path is at lines %v of live)\nresult:\n%s\n%s", m, lines, r.resp.Result, r.describe())
			}
		}
		if m.Path == "" {
			if m.Resource != "" && find(result, m.Resource, true) != nil {
				t.Fatalf("deleted resource %s is still in the result:\n%s\n%s", m.Resource, r.resp.Result, r.describe())
			}
			continue
		}
		if positional(m.Path) || twice {
			continue
		}
		if root := find(result, m.Resource, false); root != nil {
			lines, twice := resolve(root, m.Path, root.Pos.Line)
			if len(lines) == 0 || twice {
				continue
			}
			t.Fatalf("deleted field %s %s is still in the result:\n%s\n%s", m.Resource, m.Path, r.resp.Result, r.describe())
		}
	}
}

// lineCount counts a text's lines as an editor numbers them.
func lineCount(text string) int { return strings.Count(text, "\n") + 1 }

// resources parses a stream and splits it into resources (List items included).
func resources(input yamltree.Input, text string, rules yamltree.Rules) ([]*stream.Resource, error) {
	docs, err := yamltree.Parse(input, text, yamltree.Options{Rules: rules})
	if err != nil {
		return nil, err
	}
	var out []*stream.Resource
	for _, d := range docs {
		if d.Root == nil {
			continue
		}
		if !d.Root.IsMap() {
			return nil, fmt.Errorf("%s: a document that is not a map", input)
		}
		rs, err := stream.Split([]*yamltree.Document{d}, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	return out, nil
}

// identities returns the ways a mode may name an object: its namespace as written, defaulted to
// "default" (a namespaced kind) or dropped (a cluster-scoped kind).
func identities(root *yamltree.Node) []string {
	id := stream.ID{APIVersion: root.Get("apiVersion").Str(), Kind: root.Get("kind").Str(),
		Namespace: root.Lookup("metadata", "namespace").Str(), Name: root.Lookup("metadata", "name").Str()}
	out := []string{id.String()}
	if id.Namespace == "" && id.Kind != "" {
		id.Namespace = "default"
		out = append(out, id.String())
	}
	id.Namespace = ""
	return append(out, id.String())
}

// find returns the object a mark names, or nil when it cannot be told apart. Unless exact, a
// stream of one object answers with it whatever the mark's resource (single documents without a
// complete identity pair by position).
func find(rs []*stream.Resource, resource string, exact bool) *yamltree.Node {
	var hits []*yamltree.Node
	for _, r := range rs {
		for _, id := range identities(r.Root) {
			if id == resource {
				hits = append(hits, r.Root)
				break
			}
		}
	}
	switch {
	case len(hits) == 1:
		return hits[0]
	case len(hits) == 0 && len(rs) == 1 && !exact:
		return rs[0].Root
	}
	return nil
}

// positional reports whether a path selects a list item by index.
func positional(path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] == '[' && i+1 < len(path) && path[i+1] >= '0' && path[i+1] <= '9' {
			return true
		}
	}
	return false
}

// resolve returns the first lines of every node path selects from n, where n starts at line,
// and whether a list step selected several items (a key or value held twice). Paths use
// structured-merge-diff's syntax: .field, [key="value",other=1], [=value], [3]. Field names are
// not escaped, so a name holding "." or "[" is matched against n's own keys, trying every
// reading.
func resolve(n *yamltree.Node, path string, line int) (lines []int, twice bool) {
	if path == "" {
		return []int{line}, false
	}
	if n == nil {
		return nil, false
	}
	switch path[0] {
	case '.':
		if !n.IsMap() {
			return nil, false
		}
		for _, f := range n.Fields {
			rest, ok := strings.CutPrefix(path[1:], f.Name())
			if ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
				l, tw := resolve(f.Value, rest, f.Key.Pos.Line)
				lines, twice = append(lines, l...), twice || tw
			}
		}
	case '[':
		if !n.IsList() {
			return nil, false
		}
		match, rest, ok := element(path)
		if !ok {
			return nil, false
		}
		found := 0
		for i, it := range n.Items {
			if match(i, it) {
				found++
				l, tw := resolve(it, rest, it.Pos.Line)
				lines, twice = append(lines, l...), twice || tw
			}
		}
		twice = twice || found > 1
	}
	return lines, twice
}

// element reads the list element path starts with and returns a test for the items it selects.
func element(path string) (match func(int, *yamltree.Node) bool, rest string, ok bool) {
	if end := strings.IndexByte(path, ']'); end > 1 {
		if i, err := strconv.Atoi(path[1:end]); err == nil {
			return func(at int, _ *yamltree.Node) bool { return at == i }, path[end+1:], true
		}
	}
	if strings.HasPrefix(path, "[=") {
		v, n, ok := jsonValue(path[2:])
		if !ok || !strings.HasPrefix(path[2+n:], "]") {
			return nil, "", false
		}
		return func(_ int, it *yamltree.Node) bool { return sameJSON(it, v) }, path[2+n+1:], true
	}
	type key struct {
		name  string
		value any
	}
	var keys []key
	s := path[1:]
	for {
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return nil, "", false
		}
		v, n, ok := jsonValue(s[eq+1:])
		if !ok {
			return nil, "", false
		}
		keys = append(keys, key{s[:eq], v})
		s = s[eq+1+n:]
		if strings.HasPrefix(s, "]") {
			break
		}
		if !strings.HasPrefix(s, ",") {
			return nil, "", false
		}
		s = s[1:]
	}
	return func(_ int, it *yamltree.Node) bool {
		if !it.IsMap() {
			return false
		}
		for _, k := range keys {
			if !it.Has(k.name) || !sameJSON(it.Get(k.name), k.value) {
				return false
			}
		}
		return true
	}, s[1:], true
}

// jsonValue reads the JSON value text starts with and returns it with the bytes it took.
func jsonValue(text string) (any, int, bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, 0, false
	}
	return v, int(dec.InputOffset()), true
}

// sameJSON reports whether a node written as JSON is the value v.
func sameJSON(n *yamltree.Node, v any) bool {
	s, err := yamltree.JSON(n)
	if err != nil {
		return false
	}
	var w any
	if err := json.Unmarshal([]byte(s), &w); err != nil {
		return false
	}
	return reflect.DeepEqual(w, v)
}

// sameObjects compares two streams resource by resource, as data (order of map keys, comments
// and styles aside), after dropping the keys that drop reports are allowed to differ. It returns
// "" when they are the same, else what differs.
func sameObjects(a, b string, rules yamltree.Rules, drop func(*yamltree.Node)) string {
	ra, err := resources(yamltree.Result, a, rules)
	if err != nil {
		return "the first does not parse: " + err.Error()
	}
	rb, err := resources(yamltree.Result, b, rules)
	if err != nil {
		return "the second does not parse: " + err.Error()
	}
	if len(ra) != len(rb) {
		return fmt.Sprintf("%d resources, then %d", len(ra), len(rb))
	}
	for i := range ra {
		x, y := ra[i].Root.Clone(), rb[i].Root.Clone()
		if drop != nil {
			drop(x)
			drop(y)
		}
		if !yamltree.Equal(x, y) {
			return fmt.Sprintf("resource %d (%s) differs:\n%s\n--- against ---\n%s", i+1, ra[i].ID, yamltree.EmitNode(x), yamltree.EmitNode(y))
		}
	}
	return ""
}

// exampleRequests returns the requests of the examples of one mode (examples/<mode>-*).
func exampleRequests(t testing.TB, mode string) []*contract.Request {
	root := os.DirFS("../../../examples")
	all, err := examples.Load(root)
	if err != nil {
		t.Fatalf("loading the examples: %v", err)
	}
	var out []*contract.Request
	for _, ex := range all {
		if ex.Mode == mode {
			out = append(out, ex.Request)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s examples", mode)
	}
	return out
}

// smpVector is one recorded case of strategicpatch's three-way table (engine/smp/testdata).
type smpVector struct {
	Original, Modified, Current json.RawMessage
	ActualPatch                 string
}

// smpVectors returns the recorded strategic merge patch cases and the schema they run under
// (type mergeItem of swagger-merge-item.json), both copied from shared/conformance into
// engine/smp/testdata.
func smpVectors(t testing.TB) ([]smpVector, string) {
	data, err := os.ReadFile("../../smp/testdata/smp-threeway-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []smpVector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	swagger, err := os.ReadFile("../../smp/testdata/swagger-merge-item.json")
	if err != nil {
		t.Fatal(err)
	}
	return vs, string(swagger)
}

// text turns a recorded JSON object into an input's text ("" for an absent one).
func text(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
		return ""
	}
	return string(raw) + "\n"
}

// schemaChoice is one user schema a fuzz target may run under (options.schema and
// options.schemaType); the empty one means the built-in schema only.
type schemaChoice struct{ text, typ string }

// schemaTable lists the schemas a fuzz target chooses from by index, so that the fuzzer mutates
// the inputs rather than the schema's text. Entries are only ever appended: a corpus file names
// its schema by index.
type schemaTable []schemaChoice

// index returns the index of a schema, appending it when it is new.
func (s *schemaTable) index(text, typ string) uint8 {
	for i, c := range *s {
		if c.text == text && c.typ == typ {
			return uint8(i)
		}
	}
	*s = append(*s, schemaChoice{text, typ})
	return uint8(len(*s) - 1)
}

// pick returns the schema a fuzzed index chooses.
func (s schemaTable) pick(i uint8) schemaChoice { return s[int(i)%len(s)] }

// mergeOnlyError reports whether every error is one strategicpatch raises only when it merges
// into a value live holds: a schema lookup (a value the schema does not describe) or the
// validation of a directive ("invalid patch format"). Where live lacks the value, the patch's
// value is taken whole, unchecked.
func mergeOnlyError(errs []contract.Error) bool {
	for _, e := range errs {
		if !strings.Contains(e.Message, "unable to find api field") && !strings.Contains(e.Message, "data type is not map or struct") &&
			!strings.Contains(e.Message, "expected slice, but got") && !strings.Contains(e.Message, "invalid patch format") {
			return false
		}
	}
	return true
}

// holdsNull reports whether a stream holds a null field or item; false when it does not parse.
func holdsNull(text string, rules yamltree.Rules) bool {
	docs, err := yamltree.Parse(yamltree.Live, text, yamltree.Options{Rules: rules})
	if err != nil {
		return false
	}
	var walk func(n *yamltree.Node) bool
	walk = func(n *yamltree.Node) bool {
		if n.IsNull() {
			return true
		}
		for _, f := range n.Fields {
			if walk(f.Value) {
				return true
			}
		}
		for _, it := range n.Items {
			if walk(it) {
				return true
			}
		}
		return false
	}
	for _, d := range docs {
		if d.Root != nil && walk(d.Root) {
			return true
		}
	}
	return false
}

// holdsDirective reports whether a stream holds a map key that is a strategic merge patch
// directive ("$patch", "$retainKeys", "$setElementOrder/...", "$deleteFromPrimitiveList/..."):
// a patch value taken whole, where live lacked it, keeps its directives as written, and they act
// when the patch is applied again.
func holdsDirective(text string) bool {
	docs, err := yamltree.Parse(yamltree.Result, text, yamltree.Options{})
	if err != nil {
		return false
	}
	var walk func(n *yamltree.Node) bool
	walk = func(n *yamltree.Node) bool {
		for _, f := range n.Fields {
			if strings.HasPrefix(f.Name(), "$") || walk(f.Value) {
				return true
			}
		}
		for _, it := range n.Items {
			if walk(it) {
				return true
			}
		}
		return false
	}
	for _, d := range docs {
		if d.Root != nil && walk(d.Root) {
			return true
		}
	}
	return false
}
