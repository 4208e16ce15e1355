//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"
	"unsafe"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

// call invokes the registered global the way the worker does and decodes the answer.
func call(t *testing.T, args ...any) *contract.Response {
	t.Helper()
	out := js.Global().Get(handleName).Invoke(args...)
	if out.Type() != js.TypeString {
		t.Fatalf("%s returned a %s, want a string", handleName, out.Type())
	}
	resp, err := answerjson.Decode([]byte(out.String()))
	if err != nil {
		t.Fatalf("not a response: %v\n%s", err, out.String())
	}
	return resp
}

func TestBridgeAnswersAndAnnouncesReady(t *testing.T) {
	readyCalls := 0
	ready := js.FuncOf(func(js.Value, []js.Value) any { readyCalls++; return nil })
	defer ready.Release()
	js.Global().Set(readyName, ready)
	defer js.Global().Delete(readyName)

	h := handler.Default()
	register(h)
	announceReady()
	if readyCalls != 1 {
		t.Errorf("%s called %d times, want 1", readyName, readyCalls)
	}
	resp := call(t, `{"mode":"apply","updated":"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n","live":""}`)
	if len(resp.Errors) != 0 || !strings.Contains(resp.Result, "k: v") || len(resp.Fields) == 0 {
		t.Errorf("response: %+v", resp)
	}
}

func TestBridgeRejectsWrongArguments(t *testing.T) {
	register(handler.Default())
	for _, args := range [][]any{nil, {42}, {"{}", "{}"}, {`{"mode":"apply"}`, "", 42, ""}} {
		resp := call(t, args...)
		if len(resp.Errors) != 1 || resp.Errors[0].Input != "request" || !strings.Contains(resp.Errors[0].Message, handleName) {
			t.Errorf("args %v: %+v", args, resp.Errors)
		}
	}
}

func TestBridgeTakesInputsApart(t *testing.T) {
	register(handler.Default())
	updated := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: \"v \\\" \u00e9\"}\n"
	resp := call(t, `{"mode":"apply"}`, "", updated, "")
	if len(resp.Errors) != 0 || !strings.Contains(resp.Result, `{k: "v \" é"}`) || len(resp.Fields) == 0 {
		t.Errorf("response: %+v", resp)
	}
	twice := call(t, `{"mode":"apply","updated":"a: 1"}`, "", updated, "")
	if len(twice.Errors) != 1 || twice.Errors[0].Input != "request" || !strings.Contains(twice.Errors[0].Message, "give each input once") {
		t.Errorf("an input given twice: %+v", twice.Errors)
	}
}

// TestBridgeReadsAnInputAgainOnlyWhenItChanged: an input equal to the last one given (another
// JavaScript string with the same text) is the Go string read before; another text is read.
func TestBridgeReadsAnInputAgainOnlyWhenItChanged(t *testing.T) {
	var inputs lastInputs
	text := "a: 1\n"
	first := inputs.read(1, js.ValueOf(text))
	again := inputs.read(1, js.Global().Get("String").Invoke(strings.Clone(text)))
	if first != text || unsafe.StringData(again) != unsafe.StringData(first) {
		t.Errorf("the same text again: %q read anew (or read as %q)", again, first)
	}
	if other := inputs.read(1, js.ValueOf("a: 2\n")); other != "a: 2\n" {
		t.Errorf("another text read as %q", other)
	}
	if empty := inputs.read(0, js.ValueOf("")); empty != "" {
		t.Errorf("an empty input read as %q", empty)
	}
	if back := inputs.read(1, js.ValueOf(text)); back != text {
		t.Errorf("the first text given back read as %q", back)
	}
}

func TestBridgeRecoversPanics(t *testing.T) {
	register(nil) // a nil handler panics on the first request
	resp := call(t, `{"mode":"apply"}`)
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "engine" || resp.Result != "" || resp.Fields == nil {
		t.Errorf("response: %+v", resp)
	}
}

// TestBridgeWritesDeltas checks that a request with deltas, as the worker sends it, gets its
// answer numbered, and the next one naming it a delta.
func TestBridgeWritesDeltas(t *testing.T) {
	register(handler.Default())
	updated := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n"
	first := js.Global().Get(handleName).Invoke(`{"mode":"apply","deltas":true}`, "", updated, "").String()
	if !strings.Contains(first, `"answer":1`) || strings.Contains(first, `"delta"`) {
		t.Errorf("the first answer: %s", first)
	}
	next := js.Global().Get(handleName).Invoke(`{"mode":"apply","deltas":true,"since":1}`, "", strings.Replace(updated, "k: v", "k: w", 1), "").String()
	if !strings.Contains(next, `"delta":{"since":1,"answer":2}`) || !strings.Contains(next, "k: w") || len(next) >= len(first) {
		t.Errorf("the next answer, a delta against the first: %s", next)
	}
}
