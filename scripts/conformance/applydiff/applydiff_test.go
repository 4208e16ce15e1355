package applydiff

import (
	"context"
	"encoding/json"
	"flag"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
)

var (
	casesFlag = flag.Int("apply.cases", defaultCases, "number of apply cases TestApplyMatchesKubectl runs")
	seedFlag  = flag.Uint64("apply.seed", 1, "seed of the generated apply cases")
	showFlag  = flag.Int("apply.show", -1, "TestShowCase prints this case with both answers")
)

// maxDescribed bounds the differing cases printed in full.
const maxDescribed = 5

// selfCheckCases is the size of TestReferenceSelfCheck's run.
const selfCheckCases = 1000

// TestApplyMatchesKubectl compares the engine's apply mode with kubectl's steps, case by case.
func TestApplyMatchesKubectl(t *testing.T) {
	n := *casesFlag
	if testing.Short() {
		n /= 10 // make check's quick loop: a tenth of the run, the feature minimums scaled with it
	}
	results := Run(context.Background(), Config{Seed: *seedFlag, Cases: n, Engine: true})
	s := Summarize(results)
	for _, err := range s.GenErrors {
		t.Fatalf("generator: %v", err)
	}
	t.Logf("seed %d\n%s", *seedFlag, s.Table())
	for i, r := range s.Differing {
		if i == maxDescribed {
			t.Logf("... and %d more differing cases", len(s.Differing)-maxDescribed)
			break
		}
		t.Log("\n" + Describe(r))
	}
	if s.Differences > 0 {
		t.Logf("differences by kind:\n%s", s.DiffKinds(30))
		t.Errorf("apply: %d of %d cases differ from kubectl", s.Differences, n)
	}
	if short := s.Short(n); len(short) > 0 {
		t.Errorf("features exercised too rarely: %v", short)
	}
}

// TestReferenceSelfCheck runs the generator and the reference alone: kubectl fails exactly on
// the cases broken on purpose, conflicts only without overwrite, every applied object carries
// the new last-applied annotation, and every feature is reached.
func TestReferenceSelfCheck(t *testing.T) {
	results := Run(context.Background(), Config{Seed: *seedFlag, Cases: selfCheckCases})
	s := Summarize(results)
	for _, err := range s.GenErrors {
		t.Fatalf("generator: %v", err)
	}
	bad := 0
	for _, r := range results {
		for _, problem := range selfCheck(r) {
			if bad++; bad <= 10 {
				t.Errorf("case %d: %s\n%s", r.Case.Index, problem, joinStory(r.Case.Story))
			}
		}
	}
	t.Logf("seed %d, reference only\n%s", *seedFlag, s.Table())
	if short := s.Short(selfCheckCases); len(short) > 0 {
		t.Errorf("features exercised too rarely: %v", short)
	}
}

// TestShowCase prints one case in full (go test -run TestShowCase -apply.show=N -v), with the
// engine's answer when it gives one.
func TestShowCase(t *testing.T) {
	if *showFlag < 0 {
		t.Skip("pass -apply.show=N to print case N")
	}
	cfg := Config{Seed: *seedFlag, Engine: true, KeepAll: true}
	r := runCase(context.Background(), cfg, handler.Default(), *showFlag)
	if r.GenError != nil {
		t.Fatal(r.GenError)
	}
	t.Log("\n" + Describe(r))
}

// selfCheck lists what is wrong with the reference's answer to a case.
func selfCheck(r *CaseResult) []string {
	var problems []string
	c, ref := r.Case, r.Ref
	if ref.Input != "" {
		problems = append(problems, "an input cannot be read: "+ref.Input)
	}
	if ref.Failed() != c.WantError {
		problems = append(problems, "kubectl failed="+boolText(ref.Failed())+", the generator expected "+boolText(c.WantError)+": "+refError(ref))
	}
	if (ref.Conflicted() || ref.Unstable()) && c.Overwrite {
		problems = append(problems, "a conflict with overwrite: true")
	}
	for _, o := range ref.Outcomes {
		if o.Result == nil || o.Action != PatchAction {
			continue
		}
		if got, want := annotation(o.Result), annotation(o.modified); got != want || want == "" {
			problems = append(problems, o.Resource+": the result's last-applied annotation is not the config's")
		}
	}
	return problems
}

// annotation returns an object's last-applied annotation.
func annotation(obj map[string]any) string {
	meta, _ := obj["metadata"].(map[string]any)
	ann, _ := meta["annotations"].(map[string]any)
	s, _ := ann[lastAppliedKey].(string)
	return s
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// jsonData reads v back through encoding/json, as the comparisons see data.
func jsonData(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
