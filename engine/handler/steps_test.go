package handler

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/examples"
)

// TestWarmHistoryAnswersAsCold wants a handler that answered a history to answer it again, with
// one step's config edited (a value, then a line added), as a new handler does, byte for byte,
// for every step of every history example; and the history asked again after the edit too.
func TestWarmHistoryAnswersAsCold(t *testing.T) {
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		t.Fatal(err)
	}
	edits := 0
	for _, ex := range all {
		if ex.Request.Mode != contract.History {
			continue
		}
		for k, step := range ex.Request.Steps {
			for _, edit := range []func(string, int) (string, bool){valueEdited, lineAdded} {
				text, ok := edit(step.Updated, 0)
				if !ok || step.Updated == "" {
					continue
				}
				edited := *ex.Request
				edited.Steps = append([]*contract.Request(nil), ex.Request.Steps...)
				one := *step
				one.Updated = text
				edited.Steps[k] = &one
				warm := Default()
				warm.Handle(context.Background(), ex.Request)
				for _, req := range []*contract.Request{&edited, ex.Request} {
					if got, want := answerJSON(t, warm, req), answerJSON(t, Default(), req); !bytes.Equal(got, want) {
						t.Fatalf("%s, step %d's config edited: a warm handler answers\n%s\nwhere a new one answers\n%s", ex.Name, k+1, got, want)
					}
				}
				edits++
			}
		}
	}
	if edits < 20 {
		t.Fatalf("only %d edits tried", edits)
	}
}

// TestHistoryEditMergesTheStepsItChanges edits a three-step history's last config and wants one
// merge for it; the first config, three; the history asked again as it was, none.
func TestHistoryEditMergesTheStepsItChanges(t *testing.T) {
	h := Default()
	runs := 0
	apply := h.modes["apply"]
	run := apply.Run
	apply.Run = func(ctx context.Context, in *modes.Input) *contract.Response {
		runs++
		return run(ctx, in)
	}
	h.modes["apply"] = apply
	config := func(v string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: " + v + "\n"
	}
	history := func(a, b, c string) *contract.Request {
		req := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions()}
		req.Options.Now = "2026-01-01T00:00:00Z"
		for _, v := range []string{a, b, c} {
			req.Steps = append(req.Steps, &contract.Request{Mode: "apply", Updated: config(v), Options: contract.DefaultOptions()})
		}
		return req
	}
	for _, c := range []struct {
		req  *contract.Request
		want int
	}{
		{history("a", "b", "c"), 3},
		{history("a", "b", "d"), 1},
		{history("a", "b", "d"), 0},
		{history("x", "b", "d"), 3},
	} {
		runs = 0
		if resp := h.Handle(context.Background(), c.req); len(resp.Errors) > 0 || len(resp.Steps) != 3 {
			t.Fatalf("errors %+v, %d steps", resp.Errors, len(resp.Steps))
		}
		if runs != c.want {
			t.Errorf("%s, %s, %s: %d merges, want %d", c.req.Steps[0].Updated, c.req.Steps[1].Updated, c.req.Steps[2].Updated, runs, c.want)
		}
	}
}
