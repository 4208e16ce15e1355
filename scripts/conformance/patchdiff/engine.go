package patchdiff

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// EngineAnswer is the engine's response, its result read back object by object.
type EngineAnswer struct {
	Response *contract.Response
	// Results are the result's objects by identity, read as kubectl reads YAML.
	Results map[string]map[string]any
	// Unreadable says why the result could not be read.
	Unreadable []string
}

// Engine answers a request with mergeplay's handler.
func Engine(ctx context.Context, h *handler.Handler, req *contract.Request) *EngineAnswer {
	e := &EngineAnswer{Response: h.Handle(ctx, req), Results: map[string]map[string]any{}}
	docs, err := decodeStream(e.Response.Result)
	if err != nil {
		e.Unreadable = append(e.Unreadable, fmt.Sprintf("the result stream is not YAML: %v", err))
		return e
	}
	for _, doc := range docs {
		obj, err := objectOf(doc)
		if err != nil {
			e.Unreadable = append(e.Unreadable, err.Error())
			continue
		}
		id := applydiff.IdentityOfData(obj)
		if _, dup := e.Results[id]; dup {
			e.Unreadable = append(e.Unreadable, "the result holds "+id+" twice")
		}
		e.Results[id] = obj
	}
	return e
}

// errorsText writes the engine's errors on one line.
func (e *EngineAnswer) errorsText() string {
	var msgs []string
	for _, err := range e.Response.Errors {
		msgs = append(msgs, fmt.Sprintf("%s:%d:%d %s", err.Input, err.Line, err.Column, err.Message))
	}
	return strings.Join(msgs, "; ")
}

// checkErrorsIn checks a failed answer: every error located at a line of one of inputs, and
// no result.
func (e *EngineAnswer) checkErrorsIn(inputs ...string) []string {
	var diffs []string
	for _, err := range e.Response.Errors {
		if !slices.Contains(inputs, err.Input) || err.Line <= 0 {
			diffs = append(diffs, fmt.Sprintf("the engine's error is not located at a line of %s: %s:%d %s",
				strings.Join(inputs, " or "), err.Input, err.Line, err.Message))
		}
	}
	if e.Response.Result != "" {
		diffs = append(diffs, "the engine returns a result along with its errors")
	}
	return diffs
}

// comparePatchLines compares the engine's patch field (one JSON patch a line) with the
// expected patches.
func (e *EngineAnswer) comparePatchLines(want []string) []string {
	var got []string
	if e.Response.Patch != "" {
		got = strings.Split(e.Response.Patch, "\n")
	}
	if len(got) != len(want) {
		return []string{fmt.Sprintf("the engine's patch has %d lines, the reference %d patches:\n      reference: %s\n      engine:    %s",
			len(got), len(want), strings.Join(want, " | "), strings.Join(got, " | "))}
	}
	var diffs []string
	for i := range want {
		var w, g any
		if err := json.Unmarshal([]byte(got[i]), &g); err != nil {
			diffs = append(diffs, fmt.Sprintf("patch %d: the engine's is not JSON: %v", i, err))
			continue
		}
		_ = json.Unmarshal([]byte(want[i]), &w)
		if d := applydiff.FirstDiff(w, g); d != "" {
			diffs = append(diffs, fmt.Sprintf("patch %d: %s\n      reference: %s\n      engine:    %s", i, d, want[i], got[i]))
		}
	}
	return diffs
}
