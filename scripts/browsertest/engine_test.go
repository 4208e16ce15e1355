package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/history"
	"github.com/mergeplay/mergeplay/examples"
)

// allExamples reads the repository's examples.
func allExamples(t testing.TB) []*examples.Example {
	t.Helper()
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// shownRequest is the single-mode request the page shows for an example it opens: the example's
// own, or for a history its last step's, with live set to the object before it (the result of the
// last step carried out before it, as the engine's answer says).
func shownRequest(t testing.TB, ex *examples.Example) *contract.Request {
	t.Helper()
	n := len(ex.Request.Steps)
	if ex.Request.Mode != contract.History || n == 0 {
		return ex.Request
	}
	last := *ex.Request.Steps[n-1]
	last.Live = ex.Request.Live
	for _, step := range answer(t, ex.Request).Steps[:n-1] {
		last.Live = history.After(step, last.Live)
	}
	return &last
}

// requestOf returns a copy of an example's request, changed by edit (when not nil).
func requestOf(t testing.TB, name string, edit func(*contract.Request)) *contract.Request {
	t.Helper()
	for _, ex := range allExamples(t) {
		if ex.Name == name {
			req := *ex.Request
			if edit != nil {
				edit(&req)
			}
			return &req
		}
	}
	t.Fatalf("no example %s", name)
	return nil
}

// answer runs a request through the engine natively, as the build's prerendering does.
func answer(t testing.TB, req *contract.Request) *contract.Response {
	t.Helper()
	return handler.Default().Handle(context.Background(), req)
}
