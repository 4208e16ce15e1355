package ssa

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// The operations of options.operation.
const (
	opApply  = "apply"
	opUpdate = "update"
)

// Run applies (or updates) every resource of the config to live. An update by kubectl (kubectl
// replace, or create) sends the config with its last-applied annotation rewritten
// (writer.SentByCreate).
func Run(_ context.Context, in *modes.Input) *contract.Response {
	if opts := in.Request.Options; opts.Operation == opUpdate && opts.FromKubectl() {
		sent, err := writer.SentByCreate(in.Updated)
		if err != nil {
			resp := contract.NewResponse()
			resp.AddError(string(yamltree.Updated), err)
			return resp
		}
		rewritten := *in
		rewritten.Updated = sent
		in = &rewritten
	}
	return run(in, false, nil, in.Memo)
}

// Writer is an update a writer sends (kubectl create, replace, scale, label, a controller): by
// Manager, through Subresource ("" the object itself), with Objects the objects it sends, each
// paired with live by its identity (a live object no object names is left alone, unless Deletes
// names it).
type Writer struct {
	Manager, Subresource string
	Objects              []*stream.Resource
	// Deletes are the objects of live the writer deletes beside its update (helm upgrade deleting
	// what its new render dropped).
	Deletes []Deletion
}

// Deletion is an object of live a writer deletes: it leaves the result, marked deleted whole by
// Rule, whose sentence is Reason.
type Deletion struct {
	_      incomparable.Field
	ID     stream.ID
	Rule   decision.Rule
	Reason string
}

// Write answers a writer's update as the ssa mode answers options.operation update (the marks,
// their reasons, extra.managedFields, operations and owners), with live taken as the objects the
// API server stores: a live object without managedFields stays without them (untracked). The
// answer is whole (not in pieces: contract.Response.Whole).
func Write(in *modes.Input, w Writer) *contract.Response {
	req := *in.Request
	req.Options.Operation, req.Options.Manager, req.Options.Subresource, req.Options.Force = opUpdate, w.Manager, w.Subresource, false
	sent := *in
	sent.Request, sent.Updated = &req, w.Objects
	return run(&sent, true, w.Deletes, nil).Whole() // whole: the writer's mode reads and marks it further
}

// ApplyDeleting answers in as Run does an apply, and deletes the objects of live deletes names
// (Helm 4's server-side upgrade deleting what its new render dropped): they leave the result,
// marked deleted whole.
func ApplyDeleting(in *modes.Input, deletes []Deletion) *contract.Response {
	return run(in, false, deletes, nil).Whole() // whole: Helm's mode reads and marks it further
}

// run answers in; stored says live holds objects the API server stores (Writer); deletes are the
// objects of live the writer deletes; memo keeps each resource's piece of the answer for the
// next request, and gives back those of the last (nil: none, for a writer's update, whose
// request is not the one the memo's options describe).
func run(in *modes.Input, stored bool, deletes []Deletion, memo *modes.Memo) *contract.Response {
	resp := contract.NewResponse()
	opts := in.Request.Options
	if opts.Operation != opApply && opts.Operation != opUpdate {
		resp.AddError("request", errors.New("options.operation must be "+strconv.Quote(opApply)+" or "+strconv.Quote(opUpdate)+" for server-side apply, not "+strconv.Quote(opts.Operation)))
		return resp
	}
	now, err := opts.Time()
	if err != nil {
		resp.AddError("request", verb.Wrap("options.now: ", err))
		return resp
	}
	triples, err := stream.Pair(stream.Inputs{Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	run := runner{in: in, now: now, stored: stored, deletes: map[stream.ID]Deletion{}}
	for _, d := range deletes {
		run.deletes[d.ID] = d
	}
	answers := make([]answered, 0, len(triples))
	for _, t := range triples {
		a := answered{key: modes.DocumentsOf(t)}
		if a.piece = recall(memo, a.key); a.piece != nil {
			resp.Warned = append(resp.Warned, a.piece.warned...)
			answers = append(answers, a)
			continue
		}
		if a.outcome, err = run.resource(t); err != nil {
			resp.AddError(string(inputOf(t)), err)
			continue
		}
		if a.outcome.action != Delete {
			a.outcome.store(in)
			warned := len(resp.Warned)
			a.outcome.refuse(in, resp)
			a.outcome.warned = slices.Clone(resp.Warned[warned:])
		}
		answers = append(answers, a)
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	respond(resp, answers, memo)
	return resp
}

// inputOf names the input an error of this triple most likely lies in.
func inputOf(t stream.Triple) yamltree.Input {
	if t.Updated != nil {
		return yamltree.Updated
	}
	return yamltree.Live
}
