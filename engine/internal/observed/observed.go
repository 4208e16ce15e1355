// Package observed reads what the observation scripts printed on a real API server
// (scripts/reproduce/observe-writers.sh, observe-helm.sh: each command's line, what it printed
// and the object's managedFields after it) and compares the engine's answers with it: the
// managedFields entries (manager, operation, subresource, a time or none, the fields owned among
// those the engine's object holds: the API server also owns the defaults it adds, which the
// engine does not model).
//
// It is a test helper: only tests import it (TestWritersAgreeWithTheAPIServer in
// engine/modes/writer, TestHelmAgreesWithTheAPIServer in engine/modes/helm), so nothing the
// engine ships links it.
package observed

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Step is one command of an observation: its line, what it printed, the object's managedFields
// after it (empty when not shown), and which of the objects it names exist after it (a "---
// objects: NAME..." line; Listed says there was one).
type Step struct {
	Command, Stdout, Stderr, ManagedFields string
	// Shown names the object whose managedFields are shown ("deployment/web").
	Shown   string
	Objects []string
	Listed  bool
}

// Read splits an observation's output into its commands: "$ LINE", then "  stdout: " and
// "  stderr: " lines, then a "--- NAME managedFields" block.
func Read(t testing.TB, file string) []Step {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []Step
	inFields := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "$ "):
			out = append(out, Step{Command: line[2:]})
			inFields = false
		case len(out) == 0:
		case strings.HasPrefix(line, "  stdout: "):
			out[len(out)-1].Stdout += strings.TrimPrefix(line, "  stdout: ") + "\n"
		case strings.HasPrefix(line, "  stderr: "):
			out[len(out)-1].Stderr += strings.TrimPrefix(line, "  stderr: ") + "\n"
		case strings.HasSuffix(line, " managedFields"):
			inFields = true
			out[len(out)-1].Shown = strings.TrimSuffix(strings.TrimPrefix(line, "--- "), " managedFields")
		case strings.HasPrefix(line, "--- objects:"):
			out[len(out)-1].Objects = strings.Fields(strings.TrimPrefix(line, "--- objects:"))
			out[len(out)-1].Listed, inFields = true, false
		case strings.HasPrefix(line, "---") || strings.HasPrefix(line, "==="):
			inFields = false
		case inFields && strings.HasPrefix(line, "  "):
			out[len(out)-1].ManagedFields += line[2:] + "\n"
		}
	}
	return out
}

// Cursor walks an observation's steps in order, as a test replays its commands.
type Cursor struct {
	steps []Step
	next  int
}

// NewCursor starts a walk at the first of steps.
func NewCursor(steps []Step) *Cursor { return &Cursor{steps: steps} }

// Next is the first observed step of command after the last one Next found; t fails when the
// observation holds none.
func (c *Cursor) Next(t testing.TB, command string) Step {
	t.Helper()
	for c.next < len(c.steps) && c.steps[c.next].Command != command {
		c.next++
	}
	if c.next == len(c.steps) {
		t.Fatalf("the observation has no command %q after the last one replayed", command)
	}
	c.next++
	return c.steps[c.next-1]
}

// CompareEntries compares the managedFields of the engine's object (result) with the observed
// ones, entry by entry.
func CompareEntries(t testing.TB, typ *schema.Type, result, observed string) {
	t.Helper()
	got := entriesOf(t, result, "metadata.managedFields")
	want := entriesOf(t, observed, "managedFields")
	held := typed.FieldSet(typ, Parse(t, result)).Leaves()
	key := func(e managed.Entry) string { return e.Manager + "/" + e.Operation + "/" + e.Subresource }
	if len(got) != len(want) {
		t.Errorf("%d entries, the API server's %d", len(got), len(want))
	}
	gotByKey := map[string]managed.Entry{}
	for _, e := range byManager(got, key) {
		gotByKey[key(e)] = e
	}
	for _, w := range byManager(want, key) {
		leaves := w.Fields.Leaves().Intersection(held)
		g, ok := gotByKey[key(w)]
		delete(gotByKey, key(w))
		switch {
		case !ok && leaves.Empty():
			continue // it owns only defaults
		case !ok:
			t.Errorf("no entry %s; the API server's owns %s", key(w), leaves)
			continue
		}
		if !g.Fields.Leaves().Equal(leaves) {
			t.Errorf("entry %s owns %s; the API server's owns %s", key(w), g.Fields.Leaves(), leaves)
		}
		if (g.Time == nil) != (w.Time == nil) {
			t.Errorf("entry %s: time %v, the API server's %v", key(w), g.Time, w.Time)
		}
	}
	for k := range gotByKey {
		t.Errorf("entry %s, which the API server does not write", k)
	}
}

// byManager joins the entries of one manager, operation and subresource into one: the fields of
// all, a time when any has one. An update through scale writes two such entries for each updater
// owning spec.replicas (managed's splitReplicas; engine/modes/writer/testdata/observed.txt,
// sequence B).
func byManager(entries []managed.Entry, key func(managed.Entry) string) []managed.Entry {
	var out []managed.Entry
	at := map[string]int{}
	for _, e := range entries {
		i, ok := at[key(e)]
		if !ok {
			at[key(e)] = len(out)
			out = append(out, e)
			continue
		}
		out[i].Fields = out[i].Fields.Union(e.Fields)
		if out[i].Time == nil {
			out[i].Time = e.Time
		}
	}
	return out
}

// Parse reads one object.
func Parse(t testing.TB, text string) *yamltree.Node {
	t.Helper()
	docs, err := yamltree.NewReader(yamltree.Live, yamltree.Options{}).Parse(text)
	if err != nil || len(docs) != 1 {
		t.Fatalf("%v: %q", err, text)
	}
	return docs[0].Root
}

// CompareTimes compares the times of the engine's entries (result, a step answered at now) with
// the observed ones: an entry the observation says the command wrote (time: NOW) has the time
// now, one it says an earlier command wrote (time: BEFORE) an earlier time, one without a time
// none.
func CompareTimes(t testing.TB, result, observed string, now time.Time) {
	t.Helper()
	key := func(e managed.Entry) string { return e.Manager + "/" + e.Operation + "/" + e.Subresource }
	before, _ := time.Parse(time.RFC3339, beforeText)
	got := map[string]*time.Time{}
	for _, e := range byManager(entriesOf(t, result, "metadata.managedFields"), key) {
		got[key(e)] = e.Time
	}
	for _, w := range byManager(entriesOf(t, observed, "managedFields"), key) {
		g, ok := got[key(w)]
		switch {
		case !ok:
		case w.Time == nil && g != nil:
			t.Errorf("entry %s has the time %s; the API server's has none", key(w), g)
		case w.Time != nil && g == nil:
			t.Errorf("entry %s has no time; the API server's has one", key(w))
		case w.Time != nil && w.Time.Equal(before) && !g.Before(now):
			t.Errorf("entry %s has the step's time %s; the API server's kept an earlier command's", key(w), g)
		case w.Time != nil && !w.Time.Equal(before) && !g.Equal(now):
			t.Errorf("entry %s has the time %s; the API server's is the command's own (%s)", key(w), g, now)
		}
	}
}

// beforeText stands for an observed time an earlier command wrote (time: BEFORE).
const beforeText = "2000-01-01T00:00:00Z"

// Resources reads a stream of objects (a test's live, or the objects after a step).
func Resources(t testing.TB, text string) []*stream.Resource {
	t.Helper()
	docs, err := yamltree.Parse(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := stream.Split(docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func entriesOf(t testing.TB, text, path string) []managed.Entry {
	t.Helper()
	text = strings.ReplaceAll(text, "time: BEFORE", "time: "+beforeText)
	node := Parse(t, strings.ReplaceAll(text, "time: NOW", "time: 2026-01-01T00:00:00Z"))
	for _, key := range strings.Split(path, ".") {
		node = node.Get(key)
	}
	entries, err := managed.ReadEntries(node)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}
