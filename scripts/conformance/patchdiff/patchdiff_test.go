package patchdiff

import (
	"context"
	"flag"
	"os"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

var (
	patchCases  = flag.Int("patch.cases", FullRunCases, "number of patch cases TestPatchMatchesAPIServer runs (-short: 500)")
	patchSeed   = flag.Uint64("patch.seed", 1, "seed of the generated patch cases")
	patchShow   = flag.Int("patch.show", -1, "TestShowCase prints this patch case with both answers")
	twoWayCases = flag.Int("twoway.cases", FullRunCases, "number of twoway cases TestTwoWayMatchesHelm2 runs (-short: 500)")
	twoWaySeed  = flag.Uint64("twoway.seed", 1, "seed of the generated twoway cases")
	twoWayShow  = flag.Int("twoway.show", -1, "TestShowCase prints this twoway case with both answers")
)

// maxDescribed bounds the differing cases printed in full.
const maxDescribed = 5

// TestMain raises the garbage collector's target: a run allocates much and keeps little (under
// 200 MB at 800%), and collecting less often saves about a fifth of its time.
func TestMain(m *testing.M) {
	debug.SetGCPercent(800)
	os.Exit(m.Run())
}

// cases returns a run's size: the flag, or 500 under -short when the flag is left alone. A
// run of 0 cases skips the test.
func cases(t *testing.T, n *int, name string) int {
	t.Helper()
	if testing.Short() && !flagSet(name) {
		return 500
	}
	if *n <= 0 {
		t.Skipf("-%s=%d", name, *n)
	}
	return *n
}

// flagSet reports whether the flag name was given.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// TestPatchMatchesAPIServer compares the patch mode with strategicpatch.StrategicMergePatch.
func TestPatchMatchesAPIServer(t *testing.T) {
	n := cases(t, patchCases, "patch.cases")
	check(t, Summarize("patch", RunPatch(context.Background(), *patchSeed, n)), *patchSeed, PatchFeatures())
}

// TestTwoWayMatchesHelm2 compares the twoway mode with Helm 2's upgrade (CreateTwoWayMergePatch
// and StrategicMergePatch; JSON merge patches for custom resources).
func TestTwoWayMatchesHelm2(t *testing.T) {
	n := cases(t, twoWayCases, "twoway.cases")
	check(t, Summarize("twoway", RunTwoWay(context.Background(), *twoWaySeed, n)), *twoWaySeed, TwoWayFeatures())
}

// check reports a run: the feature table, up to maxDescribed differing cases in full, and a
// failure for any difference or any feature below its minimum.
func check(t *testing.T, s *Summary, seed uint64, features []Feature) {
	t.Helper()
	for _, err := range s.GenErrors {
		t.Fatalf("generator or reference: %v", err)
	}
	t.Logf("seed %d\n%s", seed, s.Table(features))
	for i, r := range s.Differing {
		if i == maxDescribed {
			t.Logf("... and %d more differing cases", len(s.Differing)-maxDescribed)
			break
		}
		t.Log("\n" + r.Describe())
	}
	if s.Differences > 0 {
		t.Errorf("%s: %d of %d cases differ from the reference", s.Mode, s.Differences, s.Cases)
	}
	if short := s.Short(features); len(short) > 0 {
		t.Errorf("features exercised too rarely: %v", short)
	}
}

// TestShowCase prints one case in full (-patch.show=N or -twoway.show=N, with -v).
func TestShowCase(t *testing.T) {
	if *patchShow < 0 && *twoWayShow < 0 {
		t.Skip("pass -patch.show=N or -twoway.show=N to print a case")
	}
	h := handler.Default()
	if *patchShow >= 0 {
		t.Log("\n" + patchCase(context.Background(), h, *patchSeed, *patchShow, true).Describe())
	}
	if *twoWayShow >= 0 {
		t.Log("\n" + twoWayCase(context.Background(), h, *twoWaySeed, *twoWayShow, true).Describe())
	}
}

// TestPreviousIsConfig0 checks applydiff's Generator.Previous against the cases that give
// config0 as their original.
func TestPreviousIsConfig0(t *testing.T) {
	g := applydiff.Generator{Seed: 3}
	checked := 0
	for i := range 200 {
		c, err := g.Case(i)
		if err != nil {
			t.Fatal(err)
		}
		if c.Original == "" {
			continue
		}
		checked++
		if prev := g.Previous(i); prev != c.Original {
			t.Fatalf("case %d: Previous differs from the case's original:\n%s\n---\n%s", i, prev, c.Original)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d cases checked", checked)
	}
}

// TestGeneratorIsDeterministic builds cases twice.
func TestGeneratorIsDeterministic(t *testing.T) {
	for i := range 50 {
		a, errA := NewPatchCase(5, i)
		b, errB := NewPatchCase(5, i)
		if errA != nil || errB != nil || a.Patch != b.Patch || a.Live != b.Live || !reflect.DeepEqual(a.Story, b.Story) {
			t.Fatalf("patch case %d differs between two builds (%v, %v)", i, errA, errB)
		}
		c, errC := NewTwoWayCase(5, i)
		d, errD := NewTwoWayCase(5, i)
		if errC != nil || errD != nil || !reflect.DeepEqual(c, d) {
			t.Fatalf("twoway case %d differs between two builds (%v, %v)", i, errC, errD)
		}
	}
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  finalizers: [example.com/a]
spec:
  template:
    spec:
      containers:
      - name: web
        image: nginx:1
`

// TestReferenceSeesEitherOrder shows the reference's nondeterminism: a patch that adds a
// finalizer and deletes it in the same map ends with it or without it, by Go's map order.
func TestReferenceSeesEitherOrder(t *testing.T) {
	c := &PatchCase{Live: deployment, Patch: "metadata:\n  finalizers: [example.com/b]\n  $deleteFromPrimitiveList/finalizers: [example.com/b]\n"}
	ref := ReferencePatch(c)
	if ref.Error != "" || len(ref.Outcomes) != 1 || !ref.Outcomes[0].EitherOrder {
		t.Fatalf("answer %+v", ref)
	}
	o := ref.Outcomes[0]
	for tries := 0; len(o.Results) < 2 && tries < 300; tries++ {
		if err := o.run(1); err != nil {
			t.Fatal(err)
		}
	}
	if len(o.Results) != 2 {
		t.Fatalf("the reference gave one result in 300 runs: %v", o.Results)
	}
	eng := Engine(context.Background(), handler.Default(), c.Request())
	if d := ComparePatch(ref, eng); len(d) > 0 {
		t.Errorf("the engine's answer is neither result: %v", d)
	}
}

// TestComparisonCatchesDifferences tampers with the engine's answers.
func TestComparisonCatchesDifferences(t *testing.T) {
	c := &PatchCase{Live: deployment, Patch: "spec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx:2\n"}
	ref := ReferencePatch(c)
	eng := Engine(context.Background(), handler.Default(), c.Request())
	if d := ComparePatch(ref, eng); len(d) > 0 {
		t.Fatalf("differences on a plain patch: %v", d)
	}
	for id, obj := range eng.Results {
		obj["spec"].(map[string]any)["replicas"] = float64(3)
		if d := ComparePatch(ref, eng); len(d) != 1 || !strings.Contains(d[0], id) {
			t.Errorf("a changed result: %v", d)
		}
		delete(obj["spec"].(map[string]any), "replicas")
	}
	eng.Response.Patch = `{"spec":{}}`
	if d := ComparePatch(ref, eng); len(d) != 1 {
		t.Errorf("a changed patch: %v", d)
	}
	bad := &PatchCase{Live: deployment, Patch: "spec:\n  template:\n    spec:\n      containers:\n      - image: nginx:2\n"}
	ref = ReferencePatch(bad)
	if ref.Error == "" {
		t.Fatal("the reference accepts an item without its merge key")
	}
	eng = &EngineAnswer{Response: contract.NewResponse()}
	if d := ComparePatch(ref, eng); len(d) != 1 {
		t.Errorf("no error from the engine: %v", d)
	}
	eng.Response.Errors = []contract.Error{{Input: "updated", Message: "refused"}}
	if d := ComparePatch(ref, eng); len(d) != 1 || !strings.Contains(d[0], "not located") {
		t.Errorf("an error without a line: %v", d)
	}
}
