package merge3_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzMerge3 checks that no input makes the mode fail inside (an "engine" error is a recovered
// panic), that a result reads back as YAML, and that every mark points at a line of the result
// (of live, for a deletion).
func FuzzMerge3(f *testing.F) {
	for _, c := range modeCases {
		f.Add(c.original, c.updated, c.live, c.inferKeys)
	}
	h := handler.Default()
	f.Fuzz(func(t *testing.T, original, updated, live string, inferKeys bool) {
		opts := contract.DefaultOptions()
		opts.InferKeys = inferKeys
		resp := h.Handle(context.Background(), &contract.Request{Mode: "merge3", Original: original, Updated: updated, Live: live, Options: opts})
		for _, e := range resp.Errors {
			if e.Input == "engine" {
				t.Fatalf("internal error: %s", e.Message)
			}
		}
		if len(resp.Errors) > 0 {
			return
		}
		if _, err := yamltree.Parse(yamltree.Result, resp.Result, yamltree.Options{Rules: yamltree.YAML12}); err != nil {
			t.Fatalf("the result does not read back: %v\n%s", err, resp.Result)
		}
		resultLines, liveLines := strings.Count(resp.Result, "\n")+1, strings.Count(live, "\n")+1
		for _, m := range resp.Fields {
			limit := resultLines
			if m.Mark == contract.Deleted {
				limit = liveLines
			}
			if m.Line < 1 || m.Line > limit || m.EndLine > limit || m.Reason == "" {
				t.Fatalf("mark out of place: %+v (%d lines)", m, limit)
			}
		}
	})
}
