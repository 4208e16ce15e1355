// Package fuzzcheck holds the invariants every mode's fuzz target shares (FuzzApply, FuzzMerge3,
// FuzzSSA, FuzzPatch and FuzzTwoWay, in the _test packages of engine/modes/apply, merge3, ssa,
// patch and twoway), with the seeds they draw from the examples and the recorded strategic
// merge patch table.
//
// It is a test helper: only tests import it (scripts/deadcode checks it), so nothing the engine
// ships (the wasm build, the handler) links it. It stands beside the packages it drives, not
// under the modes, so that its import of package handler does not point up at a package above it. It reads its data files (the examples folder, engine/smp/testdata) from the
// module root, found by walking up from the working directory to the module's go.mod, so that
// a test in any package directory finds them.
package fuzzcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/examples"
)

// MaxInput bounds the inputs a fuzz target tries, so that each run stays fast.
const MaxInput = 8000

// Run is one request of a fuzz target and its answer.
type Run struct {
	Req   *contract.Request  // the request asked
	Resp  *contract.Response // the handler's answer
	Rules yamltree.Rules     // the mode's scalar rules, to read the inputs and result back with
}

// FixedNow is the time written into managedFields by the requests Ask answers that name none.
// With the current time, two answers to one request differ when a second ticks between them:
// AnswersAsNew, which asks a second handler, failed so on a loaded machine (FuzzTwoWay's seeds).
const FixedNow = "2026-01-01T00:00:00Z"

// Ask answers req with the handler h (a fuzz target's default handler, or one of a single mode)
// and keeps the mode's scalar rules for the checks. A request that names no time is given
// FixedNow.
func Ask(h *handler.Handler, req *contract.Request, rules yamltree.Rules) *Run {
	if req.Options.Now == "" {
		req.Options.Now = FixedNow
	}
	return &Run{Req: req, Resp: h.Handle(context.Background(), req), Rules: rules}
}

// AnswersAsNew wants r's answer, given by a handler that answered other requests before (its
// reading caches and memos warm: modes.Memo), to be byte for byte what a handler holding nothing
// of the request answers. fresh is emptied of what it last read by a request of the same mode
// and options with no inputs, then asked.
func AnswersAsNew(t *testing.T, r *Run, fresh *handler.Handler) {
	t.Helper()
	fresh.Handle(context.Background(), &contract.Request{Mode: r.Req.Mode, Options: r.Req.Options})
	want, err := fresh.Handle(context.Background(), r.Req).Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Resp.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("a handler that answered other requests first answers\n%s\nwhere a new one answers\n%s\n%s", got, want, r.Describe())
	}
}

// Describe writes the request for a failure message.
func (r *Run) Describe() string {
	o := r.Req.Options
	return fmt.Sprintf("mode %s\noriginal: %q\nupdated: %q\nlive: %q\noptions: overwrite=%v prune=%v force=%v operation=%s inferKeys=%v multiKeys=%v schemaType=%q schema=(%d bytes)",
		r.Req.Mode, r.Req.Original, r.Req.Updated, r.Req.Live, o.Overwrite, o.Prune, o.Force, o.Operation, o.InferKeys, o.MultiKeys, o.SchemaType, len(o.Schema))
}

// CheckCommon checks the invariants that hold in every mode and returns the result's resources
// (nil when the request failed or ended in conflicts):
//
//   - no internal ("engine") error, which is how the handler reports a recovered panic;
//   - a result parses back, with the mode's scalar rules;
//   - every mark has a reason and points into its text: the result, or live for deleted and
//     conflict marks (line and end line);
//   - every deleted mark names a field live has, at the mark's line, and that the result does
//     not have (see CheckDeleted), and says where it is drawn in the result: after a line of
//     its own document (between documents, for a whole resource);
//   - every dropped mark names an item updated has, at the mark's line (see CheckDropped), and
//     says where it is drawn in the result, as a deleted mark does;
//   - every block and fold of the layout starts on a line of the result and ends on a later one.
func CheckCommon(t *testing.T, r *Run) []*stream.Resource {
	t.Helper()
	for _, e := range r.Resp.Errors {
		if e.Input == "engine" {
			t.Fatalf("internal error: %s\n%s", e.Message, r.Describe())
		}
	}
	if len(r.Resp.Errors) > 0 || r.Resp.Result == "" {
		return nil
	}
	result, err := resources(yamltree.Result, r.Resp.Result, r.Rules)
	if err != nil {
		t.Fatalf("the result does not read back: %v\nresult:\n%s\n%s", err, r.Resp.Result, r.Describe())
	}
	lines := map[string]int{"result": lineCount(r.Resp.Result), "live": lineCount(r.Req.Live), "updated": lineCount(r.Req.Updated)}
	for _, m := range r.Resp.Fields {
		limit := lines[m.Mark.LinesOf()]
		if m.Line < 1 || m.Line > limit || m.EndLine > limit || (m.EndLine != 0 && m.EndLine < m.Line) || m.Reason == "" {
			t.Fatalf("mark out of place: %+v (%d lines)\nresult:\n%s\n%s", m, limit, r.Resp.Result, r.Describe())
		}
	}
	CheckDeleted(t, r, result)
	CheckDropped(t, r)
	checkLayout(t, r)
	return result
}

// checkLayout checks the response's layout and the places of its deleted and dropped marks
// against the result's lines and documents.
func checkLayout(t *testing.T, r *Run) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(r.Resp.Result, "\n"), "\n")
	for _, b := range r.Resp.Layout.Blocks {
		if b[0] < 1 || b[1] <= b[0] || b[1] > len(lines) {
			t.Fatalf("block %v out of place (%d lines)\nresult:\n%s\n%s", b, len(lines), r.Resp.Result, r.Describe())
		}
	}
	for _, f := range r.Resp.Layout.Folds {
		if f.Line < 1 || f.EndLine <= f.Line || f.EndLine > len(lines) {
			t.Fatalf("fold %+v out of place (%d lines)\nresult:\n%s\n%s", f, len(lines), r.Resp.Result, r.Describe())
		}
	}
	// docs[i] is the last line of the result before document i, and of document i-1.
	docs := []int{0}
	for i, l := range lines {
		if l == "---" && i > 0 {
			docs = append(docs, i)
		}
	}
	docs = append(docs, len(lines))
	for _, m := range r.Resp.Fields {
		if m.Mark != contract.Deleted && m.Mark != contract.Dropped {
			continue
		}
		p, count := m.Place, len(docs)-1 // a whole resource may go after the last document
		if p == nil || p.Doc < 0 || p.Doc > count || (m.Path != "" && p.Doc == count) || p.After < 0 || p.After > len(lines) || p.Under < 0 || p.Under > p.After {
			t.Fatalf("%s mark without its place in the result: %+v %+v (%d documents)\nresult:\n%s\n%s", m.Mark, m, p, len(docs)-1, r.Resp.Result, r.Describe())
		}
		first, last := docs[p.Doc], docs[min(p.Doc+1, len(docs)-1)]
		if m.Path != "" && (p.After < first || p.After > last) {
			t.Fatalf("%s mark drawn outside its document (lines %d to %d): %+v %+v\nresult:\n%s\n%s", m.Mark, first+1, last, m, p, r.Resp.Result, r.Describe())
		}
	}
}

// CheckDeleted checks every deleted mark against live and the result. The page draws a deleted
// field as live's lines from Line to EndLine, struck, between its neighbours in the result; that
// only makes sense when
//
//   - the mark's path resolves in live's resource to a field or item starting at the mark's line
//     (a map field starts at its key, a list item at its first line, a whole resource at its
//     first line), and
//   - the path resolves to nothing in the result's resource (a deleted resource, path "", is
//     absent from the result).
//
// A step selecting a list item by position ([3]) matches any item of live: an item that stays
// is named by its index in the result, which a deletion before it shifts (merge3 clears the
// null field of a list's second item and drops the first, null, item: the field is
// .list[0].name, at the second item's line in live; FuzzMerge3's seed
// field-of-item-after-dropped). Paths that select a list item by position are checked against
// live only: after a deletion another item may hold the same index. So are paths through a list holding the
// selected key or value twice, in live or in the result: the path names either item. A mark
// whose resource cannot be told apart (two result documents with one identity, or an identity
// the result lacks while the result holds several documents) is checked against live only too,
// and so is a deleted resource whose identity names a result object that another resource's
// marks name (namedOtherwise).
func CheckDeleted(t *testing.T, r *Run, result []*stream.Resource) {
	t.Helper()
	var live []*stream.Resource
	for _, m := range r.Resp.Fields {
		if m.Mark != contract.Deleted {
			continue
		}
		if live == nil {
			var err error
			if live, err = resources(yamltree.Live, r.Req.Live, r.Rules); err != nil {
				t.Fatalf("live does not parse, yet the merge answered: %v\n%s", err, r.Describe())
			}
		}
		twice := false
		if root := find(live, m.Resource, m.Path == ""); root != nil {
			// a positional path may name an item by another index in live; a field's name may
			// hold brackets ("0[0]") that read as an index: both readings are tried
			lines, tw := resolve(root, m.Path, root.Pos.Line)
			twice = tw
			if positional(m.Path) {
				more, tw := resolve(root, anyIndex(m.Path), root.Pos.Line)
				lines, twice = append(lines, more...), twice || tw
			}
			found := false
			for _, l := range lines {
				found = found || l == m.Line
			}
			if !found {
				t.Fatalf("deleted mark does not point at its field in live: %+v (the path is at lines %v of live)\nresult:\n%s\n%s", m, lines, r.Resp.Result, r.Describe())
			}
		}
		if m.Path == "" {
			if root := find(result, m.Resource, true); m.Resource != "" && root != nil && !namedOtherwise(r.Resp.Fields, m.Resource, root, result) {
				t.Fatalf("deleted resource %s is still in the result:\n%s\n%s", m.Resource, r.Resp.Result, r.Describe())
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
			t.Fatalf("deleted field %s %s is still in the result:\n%s\n%s", m.Resource, m.Path, r.Resp.Result, r.Describe())
		}
	}
}

// CheckDropped checks every dropped mark against updated. The page draws a dropped item as
// updated's lines from Line to EndLine, struck, in the result where its place says; that only
// makes sense when the mark's path resolves in updated's resource to an item starting at the
// mark's line (a path by key may name several items of updated: the ones sharing the key, which
// is why the item was dropped). A mark whose resource updated does not name as the mark does (a
// patch without apiVersion or kind) is not checked.
func CheckDropped(t *testing.T, r *Run) {
	t.Helper()
	var updated []*stream.Resource
	for _, m := range r.Resp.Fields {
		if m.Mark != contract.Dropped {
			continue
		}
		if m.Path == "" {
			t.Fatalf("dropped mark without a path: %+v\n%s", m, r.Describe())
		}
		if updated == nil {
			var err error
			if updated, err = resources(yamltree.Updated, r.Req.Updated, r.Rules); err != nil {
				t.Fatalf("updated does not parse, yet the merge answered: %v\n%s", err, r.Describe())
			}
		}
		root := find(updated, m.Resource, false)
		if root == nil {
			continue
		}
		lines, _ := resolve(root, m.Path, root.Pos.Line)
		if !slices.Contains(lines, m.Line) {
			t.Fatalf("dropped mark does not point at its item in updated: %+v (the path is at lines %v of updated)\nresult:\n%s\n%s", m, lines, r.Resp.Result, r.Describe())
		}
	}
}

// namedOtherwise reports whether a mark of another resource than the one named resource names
// the same object of the result, root: two resources the mode keeps apart (merge3 names a second
// one as kio keys it, "namespace: default" written or not, when kio's path annotation sets them
// apart) are one object by identity, and the result's object may be the other one.
func namedOtherwise(fields []contract.Field, resource string, root *yamltree.Node, result []*stream.Resource) bool {
	for _, f := range fields {
		if f.Resource != resource && find(result, f.Resource, true) == root {
			return true
		}
	}
	return false
}

// lineCount counts a text's lines as an editor numbers them.
func lineCount(text string) int {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	return strings.Count(text, "\n") + strings.Count(text, "\r") + 1
}

// resources parses a stream and splits it into resources (List items included); empty and null
// documents ("&0", say) are skipped, as package stream skips them.
func resources(input yamltree.Input, text string, rules yamltree.Rules) ([]*stream.Resource, error) {
	docs, err := yamltree.Parse(input, text, yamltree.Options{Rules: rules})
	if err != nil {
		return nil, err
	}
	var out []*stream.Resource
	for _, d := range docs {
		if d.Root == nil || d.Root.IsNull() {
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
		if path[i] == '"' {
			i = quoteEnd(path, i)
			continue
		}
		if path[i] == '[' && i+1 < len(path) && path[i+1] >= '0' && path[i+1] <= '9' {
			return true
		}
	}
	return false
}

// quoteEnd returns the index of the quote closing the JSON string path opens at i (a key's
// value, [name="0[0"], may hold "[" and "]"; FuzzMerge3's bracket-in-key-value), or the last index.
func quoteEnd(path string, i int) int {
	for j := i + 1; j < len(path); j++ {
		switch path[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(path) - 1
}

// anyIndex writes every positional step of a path ([3]) as a step selecting any item ([*]).
func anyIndex(path string) string {
	var out strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '"' {
			end := quoteEnd(path, i)
			out.WriteString(path[i : end+1])
			i = end
			continue
		}
		if path[i] == '[' && i+1 < len(path) && path[i+1] >= '0' && path[i+1] <= '9' {
			end := strings.IndexByte(path[i:], ']')
			if end > 0 {
				out.WriteString("[*]")
				i += end
				continue
			}
		}
		out.WriteByte(path[i])
	}
	return out.String()
}

// resolve returns the first lines of every node path selects from n, where n starts at line,
// and whether a list step selected several items (a key or value held twice). Paths use
// structured-merge-diff's syntax: .field, [key="value",other=1], [=value], [3], and [*] for any
// item (anyIndex). Field names are
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
	if rest, ok := strings.CutPrefix(path, "[*]"); ok {
		return func(int, *yamltree.Node) bool { return true }, rest, true
	}
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
	// A key field the item lacks matches: the schema may give it a default (server-side apply
	// keys ports by port and protocol, protocol defaulting to TCP); at least one must be there.
	return func(_ int, it *yamltree.Node) bool {
		if !it.IsMap() {
			return false
		}
		present := 0
		for _, k := range keys {
			if !it.Has(k.name) {
				continue
			}
			if !sameJSON(it.Get(k.name), k.value) {
				return false
			}
			present++
		}
		return present > 0
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

// SameObjects compares two streams resource by resource, as data (order of map keys, comments
// and styles aside), after dropping the keys that drop reports are allowed to differ. It returns
// "" when they are the same, else what differs.
func SameObjects(a, b string, rules yamltree.Rules, drop func(*yamltree.Node)) string {
	return SameObjectsBut(a, b, rules, drop, nil)
}

// SameObjectsBut is SameObjects with the resources whose identity (stream.ID's String) left
// holds left out of both streams.
func SameObjectsBut(a, b string, rules yamltree.Rules, drop func(*yamltree.Node), left map[string]bool) string {
	ra, err := resources(yamltree.Result, a, rules)
	if err != nil {
		return "the first does not parse: " + err.Error()
	}
	rb, err := resources(yamltree.Result, b, rules)
	if err != nil {
		return "the second does not parse: " + err.Error()
	}
	ra, rb = withoutResources(ra, left), withoutResources(rb, left)
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

// withoutResources returns rs without the resources whose identity left holds.
func withoutResources(rs []*stream.Resource, left map[string]bool) []*stream.Resource {
	if len(left) == 0 {
		return rs
	}
	kept := make([]*stream.Resource, 0, len(rs))
	for _, r := range rs {
		if !left[r.ID.String()] {
			kept = append(kept, r)
		}
	}
	return kept
}

// module is the path of the module whose root holds the data files the helpers read.
const module = "github.com/mergeplay/mergeplay"

// moduleRoot returns the directory of the module's go.mod, found by walking up from the working
// directory (a test runs in its package's directory), so that every mode's test finds the same
// files whatever its depth.
func moduleRoot(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for dir := wd; ; {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modulePath(string(data)) == module {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod of module %s above %s", module, wd)
		}
		dir = parent
	}
}

// modulePath returns the path a go.mod's module directive declares, or "".
func modulePath(gomod string) string {
	for _, line := range strings.Split(gomod, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// ExampleRequests returns the requests of the examples of one mode (examples/<mode>-*).
func ExampleRequests(t testing.TB, mode string) []*contract.Request {
	t.Helper()
	root := os.DirFS(filepath.Join(moduleRoot(t), "examples"))
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

// SMPVector is one recorded case of strategicpatch's three-way table (engine/smp/testdata).
type SMPVector struct {
	Original, Modified, Current json.RawMessage
	ActualPatch                 string
}

// SMPVectors returns the recorded strategic merge patch cases and the schema they run under
// (type mergeItem of swagger-merge-item.json), both copied from shared/conformance into
// engine/smp/testdata.
func SMPVectors(t testing.TB) ([]SMPVector, string) {
	t.Helper()
	dir := filepath.Join(moduleRoot(t), "engine", "smp", "testdata")
	data, err := os.ReadFile(filepath.Join(dir, "smp-threeway-vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vs []SMPVector
	if err = json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	swagger, err := os.ReadFile(filepath.Join(dir, "swagger-merge-item.json"))
	if err != nil {
		t.Fatal(err)
	}
	return vs, string(swagger)
}

// Text turns a recorded JSON object into an input's text ("" for an absent one).
func Text(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
		return ""
	}
	return string(raw) + "\n"
}

// SchemaChoice is one user schema a fuzz target may run under (options.schema and
// options.schemaType); the empty one means the built-in schema only.
type SchemaChoice struct{ Text, Type string }

// SchemaTable lists the schemas a fuzz target chooses from by index, so that the fuzzer mutates
// the inputs rather than the schema's text. Entries are only ever appended: a corpus file names
// its schema by index.
type SchemaTable []SchemaChoice

// Index returns the index of a schema, appending it when it is new.
func (s *SchemaTable) Index(text, typ string) uint8 {
	for i, c := range *s {
		if c.Text == text && c.Type == typ {
			return uint8(i)
		}
	}
	*s = append(*s, SchemaChoice{text, typ})
	return uint8(len(*s) - 1)
}

// Pick returns the schema a fuzzed index chooses.
func (s SchemaTable) Pick(i uint8) SchemaChoice { return s[int(i)%len(s)] }

// MergeOnlyError reports whether every error is one strategicpatch raises only when it merges
// into a value live holds: a schema lookup (a value the schema does not describe, or of another
// kind than it says: "data type is not struct", a map where a list belongs, a scalar item
// where the list's items are maps merged by key: "expected a map[string]interface {}, but
// received a int64", FuzzPatch's seed scalar-item-in-map-list) or the
// validation of a directive ("invalid patch format", "unknown patch type" for a "$patch: null"),
// or of a merge list's items ("does not contain declared merge key", "list element types are not
// identical" for a set holding an integer and a string, and with multiKeys a field of the
// multi-field key missing). Where live lacks the value, or holds a null, the patch's value
// is taken whole, unchecked (checked in scripts/conformance/fuzzfindings_test.go).
func MergeOnlyError(errs []contract.Error) bool {
	for _, e := range errs {
		if !strings.Contains(e.Message, "unable to find api field") && !strings.Contains(e.Message, "data type is not map or struct") &&
			!strings.Contains(e.Message, "data type is not struct") &&
			!strings.Contains(e.Message, "expected slice, but got") && !strings.Contains(e.Message, "invalid patch format") &&
			!strings.Contains(e.Message, "unknown patch type") && !strings.Contains(e.Message, "list element types are not identical") &&
			!strings.Contains(e.Message, "does not contain declared merge key") && !strings.Contains(e.Message, "expected a map[string]interface {}, but received a") &&
			!strings.Contains(e.Message, "of the multi-field merge key") && !strings.Contains(e.Message, "with multi-field merge keys") {
			return false
		}
	}
	return true
}

// HoldsNull reports whether a stream holds a null field or item; false when it does not parse.
func HoldsNull(text string, rules yamltree.Rules) bool {
	return Holds(yamltree.Live, text, yamltree.Options{Rules: rules}, (*yamltree.Node).IsNull)
}

// DropNullFields removes, at every depth, the map fields whose value is null (list items stay):
// for comparing objects where a null field and an absent one mean the same to the cluster.
func DropNullFields(n *yamltree.Node) {
	if n == nil {
		return
	}
	n.Fields = slices.DeleteFunc(n.Fields, func(f yamltree.Field) bool { return f.Value.IsNull() })
	for _, f := range n.Fields {
		DropNullFields(f.Value)
	}
	for _, it := range n.Items {
		DropNullFields(it)
	}
}

// HoldsDirective reports whether a stream holds a map key that is a strategic merge patch
// directive ("$patch", "$retainKeys", "$setElementOrder/...", "$deleteFromPrimitiveList/..."):
// a patch value taken whole, where live lacked it, keeps its directives as written, and they act
// when the patch is applied again.
func HoldsDirective(text string) bool {
	return Holds(yamltree.Result, text, yamltree.Options{}, func(n *yamltree.Node) bool {
		for _, f := range n.Fields {
			if strings.HasPrefix(f.Name(), "$") {
				return true
			}
		}
		return false
	})
}

// Holds reports whether some node of a stream (a document's root, a field's value or a list
// item, at any depth) satisfies is; false when the stream does not parse.
func Holds(input yamltree.Input, text string, opts yamltree.Options, is func(*yamltree.Node) bool) bool {
	docs, err := yamltree.Parse(input, text, opts)
	if err != nil {
		return false
	}
	var walk func(n *yamltree.Node) bool
	walk = func(n *yamltree.Node) bool {
		if is(n) {
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

// AnyDocument reports whether the root of some document of a stream satisfies is; false when the
// stream does not parse.
func AnyDocument(input yamltree.Input, text string, is func(root *yamltree.Node) bool) bool {
	docs, err := yamltree.Parse(input, text, yamltree.Options{})
	if err != nil {
		return false
	}
	for _, d := range docs {
		if is(d.Root) {
			return true
		}
	}
	return false
}

// SpecialInList reports whether a patch or a config holds, somewhere inside a list, a null or
// a map key starting with "$" (a directive); false when it does not parse. strategicpatch drops
// the nulls (and acts on the directives) of a value it takes whole where live lacks the field,
// but keeps a list that replaces live's as written: applying such a text twice differs.
func SpecialInList(patch string) bool {
	docs, err := yamltree.Parse(yamltree.Updated, patch, yamltree.Options{})
	if err != nil {
		return false
	}
	var walk func(n *yamltree.Node, inList bool) bool
	walk = func(n *yamltree.Node, inList bool) bool {
		if n == nil {
			return false
		}
		if inList && n.IsNull() {
			return true
		}
		for _, f := range n.Fields {
			if inList && strings.HasPrefix(f.Name(), "$") {
				return true
			}
			if walk(f.Value, inList) {
				return true
			}
		}
		for _, it := range n.Items {
			if walk(it, true) {
				return true
			}
		}
		return false
	}
	for _, d := range docs {
		if walk(d.Root, false) {
			return true
		}
	}
	return false
}

// DuplicateScalars reports whether a stream holds a list of scalars with a value twice: a
// strategic merge patch from it deletes the value ($deleteFromPrimitiveList) that the next text
// keeps, so a merge and the same merge on its result differ (FuzzApply, FuzzTwoWay, FuzzPatch).
func DuplicateScalars(text string) bool {
	docs, err := yamltree.Parse(yamltree.Updated, text, yamltree.Options{})
	if err != nil {
		return false
	}
	var walk func(n *yamltree.Node) bool
	walk = func(n *yamltree.Node) bool {
		if n == nil {
			return false
		}
		seen := map[string]bool{}
		for _, it := range n.Items {
			if it.IsScalar() {
				v, _ := yamltree.JSON(it)
				if seen[v] {
					return true
				}
				seen[v] = true
			}
			if walk(it) {
				return true
			}
		}
		for _, f := range n.Fields {
			if walk(f.Value) {
				return true
			}
		}
		return false
	}
	for _, d := range docs {
		if walk(d.Root) {
			return true
		}
	}
	return false
}
