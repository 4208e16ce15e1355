package history

import (
	"context"
	"errors"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// Answer answers one single-mode request (the handler's).
type Answer func(ctx context.Context, req *contract.Request) *contract.Response

// MaxSteps bounds a history's steps, before any work: each step is a whole merge.
const MaxSteps = 64

// Run answers a history request (mode contract.History): every step in order, each with live set
// to the object as the steps before left it. The response describes the last step (every key of
// a single answer) and holds every step's response in Steps. A request that is not a history,
// or whose steps are not single-mode requests, fails whole, naming the step.
func Run(ctx context.Context, req *contract.Request, answer Answer) *contract.Response {
	if err := check(req); err != nil {
		return contract.Fail("request", err)
	}
	live := req.Live
	steps := make([]*contract.Response, 0, len(req.Steps))
	for i, s := range req.Steps {
		if err := ctx.Err(); err != nil {
			return contract.Fail("engine", errors.New("the history stopped before step "+strconv.Itoa(i+1)+": "+err.Error()))
		}
		resp := answer(ctx, StepRequest(req, s, live))
		steps = append(steps, resp)
		live = After(resp, live)
	}
	last := *steps[len(steps)-1]
	last.Steps = steps
	return &last
}

// StepRequest is step s of history h as a single-mode request: s with the object before it as
// live, and what the history's options share (now, schema, schemaType) where s leaves it empty.
func StepRequest(h, s *contract.Request, live string) *contract.Request {
	one := *s
	one.Live = live
	one.Steps = nil
	one.Skip = h.Skip
	if one.Options.Now == "" {
		one.Options.Now = h.Options.Now
	}
	if one.Options.Schema == "" {
		one.Options.Schema, one.Options.SchemaType = h.Options.Schema, h.Options.SchemaType
	}
	return &one
}

// After is the object a step leaves for the next one, live being the object before it: the
// step's result when the real tool carried it out (empty when it deleted the object); when the
// tool refused it, live as it was, or what the tool wrote before the request it was refused on
// (contract.AfterRefusal: Helm 4's move of helm's managedFields entry before its refused apply).
func After(resp *contract.Response, live string) string {
	if CarriedOut(resp) {
		return resp.Result
	}
	if left, ok := resp.LeftAfterRefusal(); ok {
		return left.Result
	}
	return live
}

// CarriedOut reports whether the real tool carried out a step: no error and no conflict (a
// conflict of server-side apply or of apply --overwrite=false stops the command).
func CarriedOut(resp *contract.Response) bool {
	return len(resp.Errors) == 0 && len(resp.Conflicts) == 0
}

// check refuses a history without steps, with too many, or with a step that is a history
// itself or carries live (a step's live is the object before it).
func check(req *contract.Request) error {
	switch {
	case len(req.Steps) == 0:
		return errors.New("a history needs at least one step (steps: [{\"mode\": \"apply\", \"updated\": \"...\"}, ...])")
	case len(req.Steps) > MaxSteps:
		return errors.New("a history holds at most " + strconv.Itoa(MaxSteps) + " steps; this one holds " + strconv.Itoa(len(req.Steps)))
	}
	for i, s := range req.Steps {
		at := "step " + strconv.Itoa(i+1)
		switch {
		case s == nil:
			return errors.New(at + " is null")
		case s.Mode == contract.History:
			return errors.New(at + " is a history: a step is one writer (apply, ssa, patch, twoway, merge3)")
		case s.Live != "":
			return errors.New(at + " gives live: a step's live is the object as the step before left it (the history's live for the first)")
		case len(s.Steps) > 0:
			return errors.New(at + " holds steps of its own")
		}
	}
	return nil
}
