//go:build !(js && wasm)

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/toy"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

// withToy is the front door's handler with the toy mode registered: the one line a new mode
// takes besides its package (handler.Default lists the real ones).
func withToy() *handler.Handler { return handler.New(append(handler.Default().Modes(), toy.Mode())...) }

// TestToyModeAnswered: a mode registered in one line is answered by the front door, its
// validation, inputs and command read from its descriptor; without the line it is unknown.
func TestToyModeAnswered(t *testing.T) {
	config := `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n`
	tests := []struct {
		name, request string
		want          func(*contract.Response) bool
	}{
		{"answered", `{"mode":"toy","updated":"` + config + `","live":"not: [read"}`, func(r *contract.Response) bool {
			return len(r.Errors) == 0 && strings.Contains(r.Result, "name: a") && len(r.Commands) == 1 && r.Commands[0].Line == "cat config.yaml"
		}},
		{"validated", `{"mode":"toy","updated":"` + config + `nope: 1\n"}`, func(r *contract.Response) bool {
			return len(r.Errors) == 1 && r.Errors[0].Input == "updated" && strings.Contains(r.Errors[0].Message, "nope")
		}},
		{"validation warns", `{"mode":"toy","updated":"` + config + `nope: 1\n","options":{"validate":"warn"}}`, func(r *contract.Response) bool {
			return len(r.Errors) == 0 && r.Extra["validation"] != nil && strings.Contains(r.Result, "nope: 1")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := answerOf(t, withToy(), tt.request); !tt.want(got) {
				t.Errorf("%+v", got)
			}
		})
	}
	if got := answerOf(t, handler.Default(), tests[0].request); len(got.Errors) != 1 || !strings.Contains(got.Errors[0].Message, `unknown mode "toy"`) {
		t.Errorf("without the line: %+v", got.Errors)
	}
}

// answerOf runs the front door on a request read from stdin, as `go run ./wasm` does.
func answerOf(t *testing.T, h *handler.Handler, request string) *contract.Response {
	t.Helper()
	var out, errs bytes.Buffer
	if _, err := answer(h, []byte(request), "json", &out, &errs); err != nil {
		t.Fatal(err)
	}
	resp, err := answerjson.Decode(out.Bytes())
	if err != nil {
		t.Fatalf("%v: %s", err, out.Bytes())
	}
	return resp
}
