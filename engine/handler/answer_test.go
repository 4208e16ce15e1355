package handler

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/apply"
	"github.com/mergeplay/mergeplay/engine/modes/merge3"
	"github.com/mergeplay/mergeplay/engine/modes/patch"
	"github.com/mergeplay/mergeplay/engine/modes/twoway"
)

// counted returns m with its runs counted in *runs.
func counted(m modes.Mode, runs *int) modes.Mode {
	run := m.Run
	m.Run = func(ctx context.Context, in *modes.Input) *contract.Response {
		*runs++
		return run(ctx, in)
	}
	return m
}

const (
	skipLive     = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n  drift: x\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: v\n"
	skipOriginal = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: v\n"
)

func skipRequest(mode string, skip ...string) *contract.Request {
	opts := contract.DefaultOptions()
	opts.Now = "2026-01-01T00:00:00Z" // two answers compared: not a second apart
	return &contract.Request{Mode: mode, Original: skipOriginal, Updated: strings.ReplaceAll(skipOriginal, "k: v", "k: w"), Live: skipLive,
		Options: opts, Skip: skip}
}

func encoded(t *testing.T, resp *contract.Response) string {
	t.Helper()
	out, err := resp.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestSkipLeavesOutAndSaysSo asks for apply, merge3, twoway and patch answers without their heavy
// parts, then for the same merge with them, and wants the first to lack them and say so, the
// second to be what a fresh handler answers to the whole request, without a second merge.
func TestSkipLeavesOutAndSaysSo(t *testing.T) {
	for _, m := range []modes.Mode{apply.Mode(), merge3.Mode(), twoway.Mode(), patch.Mode()} {
		t.Run(m.Name, func(t *testing.T) {
			runs := 0
			h := New(counted(m, &runs))
			light := h.Handle(context.Background(), skipRequest(m.Name, contract.SkipDiff, contract.SkipPatches))
			if _, has := light.Extra["diff"]; has || light.Patch != "" || light.Extra["patches"] != nil {
				t.Errorf("skipped parts were sent: patch %q, diff %v, patches %v", light.Patch, light.Extra["diff"], light.Extra["patches"])
			}
			if got := light.Extra["skipped"]; !reflect.DeepEqual(got, []string{"diff", "patches"}) {
				t.Errorf("extra.skipped = %v", got)
			}
			if light.Result == "" || len(light.Fields) == 0 || len(light.Commands) == 0 {
				t.Errorf("the rest of the answer is missing: %+v", light)
			}
			whole := encoded(t, h.Handle(context.Background(), skipRequest(m.Name)))
			if runs != 1 {
				t.Errorf("the follow-up merged again: %d runs", runs)
			}
			fresh := encoded(t, New(m).Handle(context.Background(), skipRequest(m.Name)))
			if whole != fresh {
				t.Errorf("the follow-up differs from a whole answer:\n%s\nwant\n%s", whole, fresh)
			}
			if !strings.Contains(fresh, `"diff":[{`) {
				t.Errorf("the whole answer has no diff: %s", fresh)
			}
			if m.Name != "merge3" && !strings.Contains(fresh, `"patch":"{`) { // worked out only when asked for (SetPatch)
				t.Errorf("the whole answer has no patch: %s", fresh)
			}
			if again := encoded(t, h.Handle(context.Background(), skipRequest(m.Name, contract.SkipDiff, contract.SkipPatches))); again != encoded(t, light) {
				t.Errorf("asked again with the same skips:\n%s\nwant\n%s", again, encoded(t, light))
			}
		})
	}
}

// TestSkipOnePart leaves out the patches alone: the diff is worked out and sent.
func TestSkipOnePart(t *testing.T) {
	resp := Default().Handle(context.Background(), skipRequest("apply", contract.SkipPatches))
	if resp.Extra["diff"] == nil || resp.Patch != "" || !reflect.DeepEqual(resp.Extra["skipped"], []string{"patches"}) {
		t.Errorf("diff %v, patch %q, skipped %v", resp.Extra["diff"], resp.Patch, resp.Extra["skipped"])
	}
	if whole := Default().Handle(context.Background(), skipRequest("apply")); whole.Extra["skipped"] != nil {
		t.Errorf("nothing skipped, yet extra.skipped = %v", whole.Extra["skipped"])
	}
}

// TestAnotherMergeIsMergedAgain changes each field of the request but Skip in turn: each change
// asks for another merge, which the last answer must not answer.
func TestAnotherMergeIsMergedAgain(t *testing.T) {
	base := skipRequest("apply", contract.SkipDiff)
	fields := reflect.TypeOf(*base)
	for i := 0; i < fields.NumField(); i++ {
		name := fields.Field(i).Name
		changed := *base
		v := reflect.ValueOf(&changed).Elem().Field(i)
		if name == "Deltas" || name == "Since" { // how to send, not what to merge
			changed.Deltas, changed.Since = true, 1
			if !sameMerge(base, &changed) {
				t.Errorf("a change of %s asks for another merge", name)
			}
			continue
		}
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Struct: // the options, compared whole (==), so that every option counts
			changed.Options.Overwrite = !changed.Options.Overwrite
		case reflect.Slice:
			if name == "Steps" { // a history is answered step by step, never again whole
				changed.Steps = []*contract.Request{base}
				break
			}
			// Skip: what to send, not what to merge
			v.Set(reflect.ValueOf([]string{contract.SkipPatches}))
			if !sameMerge(base, &changed) {
				t.Errorf("a change of %s asks for another merge", name)
			}
			continue
		default:
			t.Fatalf("field %s of kind %s: say whether it changes the merge", name, v.Kind())
		}
		if sameMerge(base, &changed) {
			t.Errorf("a change of %s is taken for the same merge", name)
		}
	}
}

// TestKeptRequestIsACopy changes the request after it was answered, through the same pointer:
// the change is another merge.
func TestKeptRequestIsACopy(t *testing.T) {
	runs := 0
	h := New(counted(apply.Mode(), &runs))
	req := skipRequest("apply")
	h.Handle(context.Background(), req)
	req.Updated = strings.ReplaceAll(req.Updated, "k: w", "k: z")
	if resp := h.Handle(context.Background(), req); runs != 2 || !strings.Contains(resp.Result, "k: z") {
		t.Errorf("runs %d, result %q", runs, resp.Result)
	}
}

func TestUnknownSkipIsRefused(t *testing.T) {
	var resp contract.Response
	out := Default().HandleJSON(context.Background(), []byte(`{"mode":"apply","skip":["marks"]}`))
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "request" || !strings.Contains(resp.Errors[0].Message, `"marks"`) || !strings.Contains(resp.Errors[0].Message, `"diff" and "patches"`) {
		t.Errorf("errors: %+v", resp.Errors)
	}
}
