package history_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/history"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/examples"
)

// now fixes managedFields' timestamps, so that a step and its single answer are comparable.
const now = "2026-01-01T00:00:00Z"

// exampleHistories makes a history of each example: its request, then the mode's next round as
// the page's "again" makes it (the config becomes last-applied where the mode reads one), then
// the first request once more; the initial live is the example's. An example that is a history
// is its own.
func exampleHistories(t testing.TB) map[string]*contract.Request {
	t.Helper()
	all, err := examples.Load(os.DirFS("../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	takesOriginal := map[string]bool{}
	for _, m := range handler.Default().Modes() {
		takesOriginal[m.Name] = m.Again.Original != ""
	}
	out := map[string]*contract.Request{}
	for _, ex := range all {
		if ex.Request.Mode == contract.History {
			out[ex.Name] = ex.Request
			continue
		}
		first := *ex.Request
		first.Live = ""
		again := first
		if takesOriginal[first.Mode] {
			again.Original = first.Updated
		}
		req := &contract.Request{Mode: contract.History, Live: ex.Request.Live, Options: contract.DefaultOptions(),
			Steps: []*contract.Request{&first, &again, &first}}
		req.Options.Now = now
		out[ex.Name] = req
	}
	return out
}

// TestEveryStepIsItsModesAnswer checks the history's invariant on every example's history: each
// step's response is, byte for byte, the single-mode answer to the step with live set to the
// object before it (the history's live, then the last carried-out step's result).
func TestEveryStepIsItsModesAnswer(t *testing.T) {
	for name, req := range exampleHistories(t) {
		t.Run(name, func(t *testing.T) {
			checkInvariant(t, req)
		})
	}
}

// handlers are the handler answering histories and the one answering their steps alone, made
// once (each reads the built-in schema): the steps' memos and last answer are theirs alone.
var handlers = sync.OnceValue(func() [2]*handler.Handler { return [2]*handler.Handler{handler.Default(), handler.Default()} })

// checkInvariant answers a history and each of its steps alone, with a handler each (a handler
// keeps its last answer), and wants the same bytes.
func checkInvariant(t *testing.T, req *contract.Request) {
	t.Helper()
	resp := handlers()[0].Handle(context.Background(), req)
	if len(resp.Steps) == 0 {
		// refused whole (no step, too many, a step giving live or steps): nothing ran
		if len(resp.Errors) == 0 || resp.Errors[0].Input != "request" || resp.Result != "" {
			t.Fatalf("a history answered without steps: %+v", resp.Errors)
		}
		return
	}
	if len(resp.Steps) != len(req.Steps) {
		t.Fatalf("%d steps answered for %d: %+v", len(resp.Steps), len(req.Steps), resp.Errors)
	}
	live := req.Live
	single := handlers()[1]
	for i, s := range req.Steps {
		one := *s
		one.Live = live
		if one.Options.Now == "" {
			one.Options.Now = req.Options.Now
		}
		if one.Options.Schema == "" {
			one.Options.Schema, one.Options.SchemaType = req.Options.Schema, req.Options.SchemaType
		}
		want := single.Handle(context.Background(), &one)
		if got, w := encode(resp.Steps[i]), encode(want); !bytes.Equal(got, w) {
			t.Fatalf("step %d differs from its mode's answer:\n got  %.600s\n want %.600s", i+1, got, w)
		}
		live = history.After(want, live)
	}
	if last := resp.Steps[len(resp.Steps)-1]; resp.Result != last.Result || len(resp.Fields) != len(last.Fields) {
		t.Errorf("the history's answer is not its last step's")
	}
}

func encode(resp *contract.Response) []byte {
	var w jsonwire.Writer
	resp.Normalize().WriteJSON(&w)
	b, _ := w.Bytes()
	return b
}

// writersHistory is a story of every writer on one Deployment: created, applied client-side,
// scaled, labelled (once refused), annotated, patched, replaced, scaled by a controller through
// the scale subresource, applied server-side (a conflict), created again (refused).
func writersHistory() *contract.Request {
	web := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {app: web}\n" +
		"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - {name: web, image: nginx:1.27}\n"
	step := func(mode, updated string, set func(*contract.Options)) *contract.Request {
		opts := contract.DefaultOptions()
		if set != nil {
			set(&opts)
		}
		return &contract.Request{Mode: mode, Updated: updated, Options: opts}
	}
	req := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions(), Steps: []*contract.Request{
		step("create", web, nil),
		step("apply", strings.Replace(web, "1.27", "1.28", 1), nil),
		{Mode: "kpt", Original: strings.Replace(web, "1.27", "1.28", 1), Updated: strings.Replace(web, "1.27", "1.29", 1), Options: contract.DefaultOptions()},
		step("scale", "", func(o *contract.Options) { o.Replicas = "7" }),
		step("label", "", func(o *contract.Options) { o.Args = "tier=front" }),
		step("label", "", func(o *contract.Options) { o.Args = "tier=back" }),
		step("annotate", "", func(o *contract.Options) { o.Args = "note=hello" }),
		step("patch", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {minReadySeconds: 3}\n", nil),
		step("mergepatch", "spec: {minReadySeconds: null, paused: true}\n", nil),
		step("jsonpatch", "- {op: test, path: /spec/paused, value: true}\n- {op: add, path: /spec/template/spec/containers/-, value: {name: side, image: busybox}}\n", nil),
		step("jsonpatch", "- {op: test, path: /spec/replicas, value: 99}\n", nil),
		step("replace", web, nil),
		step("controller", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 4}\n", func(o *contract.Options) {
			o.Manager, o.Subresource = "kube-controller-manager", contract.SubresourceScale
		}),
		step("ssa", web, nil),
		step("create", web, nil),
	}}
	req.Options.Now = now
	return req
}

// helmHistory is a story of Helm's steps: Helm 3 installs and upgrades, Helm 4 upgrades the
// release client-side (auto), then server-side (a conflict with kubectl scale, after which the
// move of helm's entry stays, then forced); a second install meets an object the release owns
// (adopted) and one it does not (refused); upgrades add a ConfigMap, drop it (deleted), bring it
// back with the keep policy, and drop it again (kept).
func helmHistory() *contract.Request {
	web := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {app: web}\n" +
		"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - {name: web, image: nginx:1.27}\n"
	web128 := strings.Replace(web, "1.27", "1.28", 1)
	cm := "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  k: v\n"
	kept := strings.Replace(cm, "  name: settings\n", "  name: settings\n  annotations: {helm.sh/resource-policy: keep}\n", 1)
	step := func(mode, original, updated string, set func(*contract.Options)) *contract.Request {
		opts := contract.DefaultOptions()
		if set != nil {
			set(&opts)
		}
		return &contract.Request{Mode: mode, Original: original, Updated: updated, Options: opts}
	}
	req := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions(), Steps: []*contract.Request{
		step("helm3", "", web, nil),
		step("label", "", "", func(o *contract.Options) { o.Args = "tier=front" }),
		step("scale", "", "", func(o *contract.Options) { o.Replicas = "5" }),
		step("helm3", web, web, nil),
		step("helm4", web, web128, nil),
		step("scale", "", "", func(o *contract.Options) { o.Replicas = "5" }),
		step("helm4", web128, web128, func(o *contract.Options) { o.ServerSide = contract.ServerSideTrue }),
		step("helm4", web128, web128, func(o *contract.Options) { o.ServerSide, o.Force = contract.ServerSideTrue, true }),
		step("helm3", "", web128, nil),
		step("helm4", "", web128, func(o *contract.Options) { o.Release = "other" }),
		step("helm3", web128, web128+cm, nil),
		step("helm3", web128+cm, web128, nil),
		step("helm4", web128, web128+kept, nil),
		step("helm4", web128+kept, web128, nil),
		step("helm4", web128, web128+cm, nil),
	}}
	req.Options.Now = now
	return req
}

// TestHelmKeepsTheInvariant: every Helm step is its mode's single answer on the object before
// it, refusals and conflicts included.
func TestHelmKeepsTheInvariant(t *testing.T) {
	req := helmHistory()
	checkInvariant(t, req)
	resp := handlers()[0].Handle(context.Background(), req)
	for i, want := range []bool{true, true, true, true, true, true, false, true, true, false, true, true, true, true, true} {
		s := resp.Steps[i]
		if done := len(s.Errors) == 0 && len(s.Conflicts) == 0; done != want {
			t.Errorf("step %d (%s) carried out: %v, want %v (%+v)", i+1, req.Steps[i].Mode, done, want, s.Errors)
		}
	}
}

// TestWritersKeepTheInvariant: every writer's step is its mode's single answer on the object
// before it, refusals and conflicts included.
func TestWritersKeepTheInvariant(t *testing.T) {
	req := writersHistory()
	checkInvariant(t, req)
	resp := handlers()[0].Handle(context.Background(), req)
	for i, want := range []bool{true, true, true, true, true, false, true, true, true, true, false, true, true, false, false} {
		s := resp.Steps[i]
		if done := len(s.Errors) == 0 && len(s.Conflicts) == 0; done != want {
			t.Errorf("step %d (%s) carried out: %v, want %v (%+v)", i+1, req.Steps[i].Mode, done, want, s.Errors)
		}
	}
}
