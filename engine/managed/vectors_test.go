package managed

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// vector is one recorded case of structured-merge-diff's merge tests.
type vector struct {
	Name            string                   `json:"name"`
	Schema          string                   `json:"schema"`
	RootType        string                   `json:"rootType"`
	CustomConverter bool                     `json:"customConverter"`
	IgnoredFields   bool                     `json:"ignoredFieldsOrFilter"`
	Ops             []vectorOp               `json:"ops"`
	ExpectedObject  string                   `json:"expectedObject"`
	ExpectedManaged map[string]vectorManaged `json:"expectedManaged"`
}

type vectorOp struct {
	Op         string    `json:"op"`
	Manager    string    `json:"manager"`
	APIVersion string    `json:"apiVersion"`
	Object     string    `json:"object"`
	Conflicts  *[]string `json:"conflicts"`
}

type vectorManaged struct {
	APIVersion string          `json:"apiVersion"`
	FieldsV1   json.RawMessage `json:"fieldsV1"`
}

// leftOut names the cases the recorded data cannot replay: they ran with ignored fields or an
// ignore filter that the recording does not hold.
var leftOut = map[string]string{
	"TestIgnoreFilter/update_does_not_own_ignored":       "ignore filter not recorded",
	"TestIgnoreFilter/update_does_not_own_deep_ignored":  "ignore filter not recorded",
	"TestIgnoreFilter/apply_does_not_own_ignored":        "ignore filter not recorded",
	"TestIgnoreFilter/apply_does_not_own_deep_ignored":   "ignore filter not recorded",
	"TestIgnoredFields/update_does_not_own_deep_ignored": "ignored fields not recorded",
	"TestIgnoredFields/apply_does_not_own_ignored":       "ignored fields not recorded",
	"TestIgnoredFields/apply_does_not_own_deep_ignored":  "ignored fields not recorded",
	"TestIgnoredFields/update_does_not_own_ignored":      "ignored fields not recorded",
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/smd-vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if v.Schema != "" && !v.CustomConverter {
			out = append(out, v)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVectors replays the structured-merge-diff merge tests that carry a schema and need no custom
// converter: every operation's conflicts, then the object and the managed fields.
func TestVectors(t *testing.T) {
	vectors := loadVectors(t)
	ran := 0
	var skipped []string
	for _, v := range vectors {
		if why, ok := leftOut[v.Name]; ok {
			skipped = append(skipped, v.Name+" ("+why+")")
			continue
		}
		ran++
		t.Run(v.Name, func(t *testing.T) { runVector(t, v) })
	}
	sort.Strings(skipped)
	t.Logf("smd vectors: %d with a schema and no custom converter, %d replayed, %d left out: %s",
		len(vectors), ran, len(skipped), strings.Join(skipped, "; "))
	if len(vectors) != 101 || ran != 93 {
		t.Errorf("expected 101 cases and 93 replayed, got %d and %d", len(vectors), ran)
	}
}

// vectorState is the object and its managers between operations.
type vectorState struct {
	typ      *schema.Type
	live     *yamltree.Node // nil before the first operation
	managers Managers
}

func runVector(t *testing.T, v vector) {
	set, err := schema.Load(v.Schema, nil)
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	st := &vectorState{typ: set.Named(v.RootType), managers: Managers{}}
	if st.typ == nil {
		t.Fatalf("no type %q", v.RootType)
	}
	for i, op := range v.Ops {
		if err := st.run(op); err != nil {
			t.Fatalf("operation %d (%s by %s): %v", i, op.Op, op.Manager, err)
		}
	}
	if v.ExpectedObject != "" {
		want := parseYAML(t, v.ExpectedObject)
		if !fieldset.EqualValues(want, orNull(st.live)) {
			t.Errorf("object:\ngot  %s\nwant %s", orNull(st.live), want)
		}
	}
	if v.ExpectedManaged != nil {
		checkManaged(t, st.managers, v.ExpectedManaged)
	}
	for name, vs := range st.managers {
		if vs.Set.Empty() {
			t.Errorf("manager %s has an empty set", name)
		}
	}
}

func (st *vectorState) run(op vectorOp) error {
	obj, err := yamltree.ParseOne(yamltree.Updated, op.Object, yamltree.Options{})
	if err != nil {
		return err
	}
	validate := typed.ValidateConfig
	if op.Op == "Update" {
		validate = typed.ValidateObject
	}
	if err := validate(st.typ, obj); err != nil {
		return err
	}
	switch op.Op {
	case "Update":
		managers, changed, err := UpdateOp{Type: st.typ, Live: orNull(st.live), Object: obj, Managers: st.managers}.Run()
		if err != nil {
			return err
		}
		if mine := managers[ID{Manager: op.Manager}].Set.Union(changed); !mine.Empty() {
			managers[ID{Manager: op.Manager}] = VersionedSet{Set: mine, APIVersion: op.APIVersion}
		}
		st.live, st.managers = obj, managers
		return nil
	case "ExtractApply":
		return st.extractApply(op, obj)
	}
	return st.apply(op, obj, op.Op == "ForceApply")
}

func (st *vectorState) apply(op vectorOp, obj *yamltree.Node, force bool) error {
	res, err := ApplyOp{Type: st.typ, Live: orNull(st.live), Config: obj, Version: op.APIVersion,
		Managers: st.managers, Manager: ID{Manager: op.Manager}, Force: force}.Run()
	conflicts, isConflict := err.(Conflicts)
	if err != nil && !isConflict {
		return err
	}
	if op.Conflicts != nil || isConflict {
		if got, want := conflictLines(conflicts), expectedConflicts(op.Conflicts); got != want {
			return fmt.Errorf("conflicts:\ngot  %s\nwant %s", got, want)
		}
	}
	if isConflict {
		return nil
	}
	st.managers = res.Managers
	if res.Object != nil {
		st.live = res.Object
	} else if st.live == nil {
		st.live = yamltree.NewNull()
	}
	return nil
}

// extractApply applies the manager's own fields of live with the object merged in, forced.
func (st *vectorState) extractApply(op vectorOp, obj *yamltree.Node) error {
	if st.live == nil {
		return st.apply(op, obj, true)
	}
	mine := &fieldset.Set{}
	if vs, ok := st.managers[ID{Manager: op.Manager}]; ok {
		mine = vs.Set.Leaves()
	}
	merged, err := typed.Merge(st.typ, typed.Extract(st.typ, st.live, mine), obj, nil)
	if err != nil {
		return err
	}
	return st.apply(op, merged, true)
}

func orNull(n *yamltree.Node) *yamltree.Node {
	if n == nil {
		return yamltree.NewNull()
	}
	return n
}

func parseYAML(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	n, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return orNull(n)
}

// conflictLines writes conflicts as sorted "manager path" lines.
func conflictLines(c Conflicts) string {
	var lines []string
	for _, x := range c {
		lines = append(lines, x.Manager.Manager+" "+x.Path.String())
	}
	sort.Strings(lines)
	return strings.Join(lines, "; ")
}

// expectedConflicts reads the reference's conflict message lines into sorted "manager path" lines:
// `conflict with "m": path`, or `conflicts with "m":` followed by `- path` lines.
func expectedConflicts(msg *[]string) string {
	if msg == nil {
		return ""
	}
	var lines []string
	manager := ""
	for _, l := range *msg {
		switch {
		case strings.HasPrefix(l, "conflict with "):
			rest := strings.TrimPrefix(l, "conflict with ")
			i := strings.Index(rest, "\": ")
			lines = append(lines, strings.Trim(rest[:i+1], `"`)+" "+rest[i+3:])
		case strings.HasPrefix(l, "conflicts with "):
			manager = strings.Trim(strings.TrimSuffix(strings.TrimPrefix(l, "conflicts with "), ":"), `"`)
		case strings.HasPrefix(l, "- "):
			lines = append(lines, manager+" "+strings.TrimPrefix(l, "- "))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "; ")
}

func checkManaged(t *testing.T, got Managers, want map[string]vectorManaged) {
	t.Helper()
	for name, w := range want {
		g, ok := got[ID{Manager: name}]
		if !ok {
			t.Errorf("manager %s missing", name)
			continue
		}
		ws, err := fieldset.Parse(string(w.FieldsV1))
		if err != nil {
			t.Fatalf("expected fields of %s: %v", name, err)
		}
		if !g.Set.Equal(ws) || g.APIVersion != w.APIVersion {
			t.Errorf("manager %s:\ngot  %s (%s)\nwant %s (%s)", name, oneLine(g.Set), g.APIVersion, oneLine(ws), w.APIVersion)
		}
	}
	for id, g := range got {
		if _, ok := want[id.Manager]; !ok {
			t.Errorf("unexpected manager %s: %s", id.Manager, oneLine(g.Set))
		}
	}
}

func oneLine(s *fieldset.Set) string { return strings.ReplaceAll(s.String(), "\n", " ") }
