package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// fake answers a step by appending its updated text to live, or refuses it (an error) when
// updated says "refuse", or stops at a conflict when it says "conflict", or stops at a conflict
// after a write of its own (AfterRefusal: live and "w") when it says "write, then conflict", or
// deletes the object (an empty result) when it says "delete"; it records each request.
type fake struct{ asked []*contract.Request }

func (f *fake) answer(_ context.Context, req *contract.Request) *contract.Response {
	f.asked = append(f.asked, req)
	resp := contract.NewResponse()
	switch req.Updated {
	case "refuse":
		resp.Errors = append(resp.Errors, contract.Error{Input: "updated", Line: 1, Column: 1, Message: "refused"})
	case "conflict":
		resp.Conflicts = append(resp.Conflicts, contract.Conflict{Manager: "other", Path: ".a"})
	case "write, then conflict":
		resp.Conflicts = append(resp.Conflicts, contract.Conflict{Manager: "other", Path: ".a"})
		resp.Extra[contract.AfterRefusalKey] = contract.AfterRefusal{Result: req.Live + "w", Reason: "wrote before"}
	case "delete":
	default:
		resp.Result = req.Live + req.Updated
	}
	return resp
}

func step(mode, updated string) *contract.Request {
	return &contract.Request{Mode: mode, Updated: updated, Options: contract.DefaultOptions()}
}

func TestEachStepMeetsTheObjectTheStepsBeforeLeft(t *testing.T) {
	tests := []struct {
		name  string
		steps []string
		lives []string // the live each step is asked with
		last  string   // the response's result
	}{
		{"one step", []string{"a"}, []string{"0"}, "0a"},
		{"three steps", []string{"a", "b", "c"}, []string{"0", "0a", "0ab"}, "0abc"},
		{"a refused step changes nothing", []string{"a", "refuse", "b"}, []string{"0", "0a", "0a"}, "0ab"},
		{"a conflict stops the step", []string{"a", "conflict", "b"}, []string{"0", "0a", "0a"}, "0ab"},
		{"the last step refused", []string{"a", "refuse"}, []string{"0", "0a"}, ""},
		{"a refused step that wrote first leaves its write", []string{"a", "write, then conflict", "b"}, []string{"0", "0a", "0aw"}, "0awb"},
		{"a step that deletes the object leaves none", []string{"a", "delete", "b"}, []string{"0", "0a", ""}, "b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := &contract.Request{Mode: contract.History, Live: "0", Options: contract.DefaultOptions()}
			for _, s := range tt.steps {
				req.Steps = append(req.Steps, step("apply", s))
			}
			f := &fake{}
			resp := Run(context.Background(), req, f.answer)
			var lives []string
			for _, a := range f.asked {
				lives = append(lives, a.Live)
			}
			if strings.Join(lives, ",") != strings.Join(tt.lives, ",") {
				t.Errorf("lives %q, want %q", lives, tt.lives)
			}
			if resp.Result != tt.last || len(resp.Steps) != len(tt.steps) {
				t.Errorf("result %q with %d steps, want %q with %d", resp.Result, len(resp.Steps), tt.last, len(tt.steps))
			}
		})
	}
}

func TestStepsShareTheHistorysNowAndSchema(t *testing.T) {
	req := &contract.Request{Mode: contract.History, Skip: []string{contract.SkipDiff}, Options: contract.DefaultOptions()}
	req.Options.Now, req.Options.Schema, req.Options.SchemaType = "2026-01-01T00:00:00Z", "openapi", "T"
	own := step("ssa", "x")
	own.Options.Now = "2027-01-01T00:00:00Z"
	req.Steps = []*contract.Request{step("apply", "a"), own}
	f := &fake{}
	Run(context.Background(), req, f.answer)
	if got := f.asked[0].Options; got.Now != "2026-01-01T00:00:00Z" || got.Schema != "openapi" || got.SchemaType != "T" {
		t.Errorf("step 1's options %+v do not take the history's", got)
	}
	if got := f.asked[1].Options.Now; got != "2027-01-01T00:00:00Z" {
		t.Errorf("step 2's own now %q was replaced", got)
	}
	if len(f.asked[1].Skip) != 1 || req.Steps[1].Live != "" {
		t.Errorf("skip %v; the history's step was changed: live %q", f.asked[1].Skip, req.Steps[1].Live)
	}
}

func TestBadHistoriesAreRefusedWhole(t *testing.T) {
	many := make([]*contract.Request, MaxSteps+1)
	for i := range many {
		many[i] = step("apply", "a")
	}
	withLive := step("apply", "a")
	withLive.Live = "x"
	nested := step(contract.History, "")
	tests := []struct {
		name  string
		steps []*contract.Request
		want  string
	}{
		{"no step", nil, "at least one step"},
		{"too many", many, "at most 64 steps"},
		{"a null step", []*contract.Request{step("apply", "a"), nil}, "step 2 is null"},
		{"a step with live", []*contract.Request{withLive}, "step 1 gives live"},
		{"a history in a history", []*contract.Request{nested}, "step 1 is a history"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			resp := Run(context.Background(), &contract.Request{Mode: contract.History, Steps: tt.steps}, f.answer)
			if len(resp.Errors) != 1 || resp.Errors[0].Input != "request" || !strings.Contains(resp.Errors[0].Message, tt.want) || len(f.asked) > 0 {
				t.Errorf("errors %+v after %d steps, want one request error holding %q", resp.Errors, len(f.asked), tt.want)
			}
		})
	}
}

func TestACancelledHistoryStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &fake{}
	answer := func(ctx context.Context, req *contract.Request) *contract.Response {
		cancel()
		return f.answer(ctx, req)
	}
	resp := Run(ctx, &contract.Request{Mode: contract.History, Steps: []*contract.Request{step("apply", "a"), step("apply", "b")}}, answer)
	if len(f.asked) != 1 || len(resp.Errors) != 1 || !strings.Contains(resp.Errors[0].Message, "before step 2") {
		t.Errorf("asked %d steps, errors %+v", len(f.asked), resp.Errors)
	}
}
