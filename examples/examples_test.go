package examples

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

var update = flag.Bool("update", false, "rewrite expected.yaml and web/testdata/responses.json (marks.txt is written by hand: with -update, a missing one is drafted for review)")

// TestExamples runs every example and checks its expected result and hand-written marks.
func TestExamples(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no examples")
	}
	h := handler.Default()
	for _, ex := range all {
		t.Run(ex.Name, func(t *testing.T) {
			resp := h.Handle(context.Background(), ex.Request)
			if len(resp.Errors) > 0 && !ex.Refused() {
				t.Fatalf("errors: %+v", resp.Errors)
			}
			got := Marks(resp)
			if *update {
				write(t, filepath.Join(ex.Name, "expected.yaml"), resp.Result)
				if len(ex.Marks) == 0 {
					write(t, filepath.Join(ex.Name, "marks.txt"), strings.Join(got, "\n")+"\n")
				}
				return
			}
			if resp.Result != ex.Expected {
				t.Errorf("result differs from expected.yaml:\n%s", resp.Result)
			}
			if strings.Join(got, "\n") != strings.Join(ex.Marks, "\n") {
				t.Errorf("marks differ from marks.txt:\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(ex.Marks, "\n"))
			}
			for _, f := range resp.Fields {
				if f.Reason == "" || f.Line <= 0 {
					t.Errorf("mark without a reason or a line: %+v", f)
				}
			}
		})
	}
}

func write(t *testing.T, file, text string) {
	t.Helper()
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExamplesAnswerTheSameTwice answers every example twice in a row with one handler, the
// second time from its parse cache, and wants the same response: a mode that changed the trees it
// was given would change the second answer.
func TestExamplesAnswerTheSameTwice(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	for _, ex := range all {
		first, err := h.Handle(context.Background(), ex.Request).Encode()
		if err != nil {
			t.Fatal(err)
		}
		// Another version field makes it another merge (the same answer): the handler answers a
		// request it just answered from its last answer, and this asks for a merge on its readings.
		again := *ex.Request
		again.Version = contract.Version - again.Version
		second, err := h.Handle(context.Background(), &again).Encode()
		if err != nil {
			t.Fatal(err)
		}
		if string(first) != string(second) {
			t.Errorf("%s: the second answer differs:\n%s\n%s", ex.Name, first, second)
		}
	}
}

// TestReasonsReadPlainly checks every reason of every example for parentheses inside
// parentheses, which a reader has to untangle (issue 16's wording).
func TestReasonsReadPlainly(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	for _, ex := range all {
		for _, f := range h.Handle(context.Background(), ex.Request).Fields {
			depth, deepest := 0, 0
			for _, c := range f.Reason {
				switch c {
				case '(':
					depth++
					deepest = max(deepest, depth)
				case ')':
					depth--
				}
			}
			if deepest > 1 {
				t.Errorf("%s %s: parentheses inside parentheses: %s", ex.Name, f.Path, f.Reason)
			}
		}
	}
}

// webResponses is the page's unit-test fixture: every single merge example's live and updated
// inputs and the engine's answer, so that node --test web/ checks the page's data shaping against
// real responses (named mode-..., as the examples of one merge are). The histories are left out:
// their answers are their steps' (the engine's invariant), and history.test.js checks how the page
// reads a history's answer.
const webResponses = "../web/testdata/responses.json"

// TestWebResponsesAreCurrent checks web/testdata/responses.json against the engine's answers
// to the examples (-update rewrites it).
func TestWebResponsesAreCurrent(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	fixture := map[string]any{}
	for _, ex := range all {
		if ex.Mode == contract.History {
			continue
		}
		encoded, encodeErr := h.Handle(context.Background(), ex.Request).Encode()
		if encodeErr != nil {
			t.Fatal(encodeErr)
		}
		var resp any
		if decodeErr := json.Unmarshal(encoded, &resp); decodeErr != nil {
			t.Fatal(decodeErr)
		}
		fixture[ex.Name] = map[string]any{"live": ex.Request.Live, "updated": ex.Request.Updated, "response": resp}
	}
	want, err := json.MarshalIndent(fixture, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		write(t, webResponses, string(want))
		return
	}
	got, err := os.ReadFile(webResponses)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is not the engine's answer to the examples: run go test ./examples -update (and node --test web/)", webResponses)
	}
}

// TestKubectlLines checks the commands and printed lines of the examples that hold a hand-checked
// kubectl.txt (see Commands).
func TestKubectlLines(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	checked := 0
	for _, ex := range all {
		want, err := os.ReadFile(filepath.Join(ex.Name, "kubectl.txt"))
		if err != nil {
			continue
		}
		checked++
		got := strings.Join(Commands(h.Handle(context.Background(), ex.Request)), "\n") + "\n"
		if got != string(want) {
			t.Errorf("%s: kubectl.txt differs:\ngot:\n%swant:\n%s", ex.Name, got, want)
		}
	}
	if checked < 5 {
		t.Errorf("only %d examples hold a kubectl.txt", checked)
	}
}

// TestHistoryStepsPrint checks, for every history, each step's kubectl.txt (required: the
// commands a learner runs and what each prints) against the step's answer; -update drafts a
// missing one for review.
func TestHistoryStepsPrint(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	for _, ex := range all {
		if ex.Mode != contract.History {
			continue
		}
		t.Run(ex.Name, func(t *testing.T) {
			resp := h.Handle(context.Background(), ex.Request)
			if len(resp.Steps) != len(ex.StepFolders) {
				t.Fatalf("%d steps answered for %d folders: %+v", len(resp.Steps), len(ex.StepFolders), resp.Errors)
			}
			for i, folder := range ex.StepFolders {
				file := filepath.Join(ex.Name, "steps", folder, "kubectl.txt")
				got := strings.Join(Commands(resp.Steps[i]), "\n") + "\n"
				want, err := os.ReadFile(file)
				if os.IsNotExist(err) && *update {
					write(t, file, got)
					continue
				}
				if err != nil || got != string(want) {
					t.Errorf("%s differs (%v):\ngot:\n%swant:\n%s", file, err, got, want)
				}
			}
		})
	}
}
