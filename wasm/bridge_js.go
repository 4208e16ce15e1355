//go:build js && wasm

package main

import (
	"context"
	"errors"
	"strconv"
	"syscall/js"
	"unsafe"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// The names the bridge shares with the page's worker (web/worker.js).
const (
	// handleName is the global function the worker calls with a request's JSON text; it returns
	// the response's JSON text.
	handleName = "mergeplayHandle"
	// readyName is the global function, defined by the worker, that the bridge calls once
	// handleName is in place.
	readyName = "mergeplayOnReady"
)

// register installs globalThis.mergeplayHandle(requestJSON) → responseJSON, which may also be
// called as mergeplayHandle(requestJSON, original, updated, live) with the three inputs given
// apart, as strings of their own, and left out of the JSON (handler.HandleJSONTexts): the page's
// worker does so, so that a 4 MiB input is neither escaped into JSON on the page's main thread
// nor read back out of it here. The call is synchronous (the handler never waits on
// JavaScript), takes and returns strings rather than js.ValueOf maps, which are much slower to
// cross the bridge, and never throws: a wrong argument becomes a "request" error and a panic an
// "engine" error, both in a well-formed response.
func register(h *handler.Handler) {
	heap, inputs := &heapPolicy{}, &lastInputs{}
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		return handle(h, heap, inputs, args)
	})
	// fn is never released: the worker may call it for as long as the wasm lives.
	js.Global().Set(handleName, fn)
}

// announceReady calls globalThis.mergeplayOnReady() when the worker defined it.
func announceReady() {
	if ready := js.Global().Get(readyName); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
}

// handle answers one call of mergeplayHandle.
func handle(h *handler.Handler, heap *heapPolicy, inputs *lastInputs, args []js.Value) (out string) {
	defer func() {
		if p := recover(); p != nil {
			out = failure("engine", errors.New("internal error in the wasm bridge: "+verb.Value(p)+" (please report it with this input)"))
		}
	}()
	if (len(args) != 1 && len(args) != 4) || !allStrings(args) {
		return failure("request", errors.New(handleName+" takes the request's JSON text, or that and the three inputs (original, updated, live), all strings; got "+
			strconv.Itoa(len(args))+" argument(s)"+firstType(args)))
	}
	heap.lift()
	request := []byte(args[0].String())
	if len(args) == 1 {
		heap.prepare(len(request))
		return asString(h.HandleJSON(context.Background(), request))
	}
	texts := handler.Texts{Original: inputs.read(0, args[1]), Updated: inputs.read(1, args[2]), Live: inputs.read(2, args[3])}
	heap.prepare(len(request) + len(texts.Original) + len(texts.Updated) + len(texts.Live))
	return asString(h.HandleJSONTexts(context.Background(), request, texts))
}

// lastInputs are the three inputs of the last call, as JavaScript gave them and as read into Go
// strings. The worker sends every input at every key, and an edit changes one: an input equal to
// the last one is not copied out of JavaScript again (7.5 MB at every key of issue 28's 2 MB
// input), and the handler's reading finds it the same string at once (a string compared with
// itself). Two JavaScript strings are the same js.Value exactly when they are equal while one of
// them is held (wasm_exec.js keeps one reference for equal values), and lastInputs holds the
// last ones. It keeps no more than the handler's reading keeps of the same texts.
type lastInputs struct {
	given [3]js.Value
	texts [3]string
}

// read returns the text of the input numbered i given as v: the last one read when v is equal
// to the last one given, else v copied out of JavaScript (and kept for the next call).
func (l *lastInputs) read(i int, v js.Value) string {
	if !v.Equal(l.given[i]) {
		l.given[i], l.texts[i] = v, v.String()
	}
	return l.texts[i]
}

// asString returns the response's bytes as a string without copying them (a 4 MiB stream's
// answer is 11 MB): the handler made them for this answer alone and nothing writes them again.
func asString(response []byte) string {
	return unsafe.String(unsafe.SliceData(response), len(response))
}

// allStrings reports whether every argument is a string.
func allStrings(args []js.Value) bool {
	for _, a := range args {
		if a.Type() != js.TypeString {
			return false
		}
	}
	return true
}

// failure encodes a response carrying only err, reported against input.
func failure(input string, err error) string {
	data, encodeErr := contract.Fail(input, err).Encode()
	if encodeErr != nil {
		// Encoding a response made of one error cannot fail; keep a well-formed answer anyway.
		return `{"version":` + strconv.Itoa(contract.Version) + `,"result":"","patch":"","fields":[],` +
			`"names":{"resources":[],"paths":[],"reasons":[],"rules":[]},"conflicts":[],` +
			`"errors":[{"input":"engine","line":0,"column":0,"message":"cannot encode an error response"}],"extra":{}}`
	}
	return string(data)
}

// firstType describes the first argument that is not a string, for the error message.
func firstType(args []js.Value) string {
	for i, a := range args {
		if a.Type() != js.TypeString {
			return ", argument " + strconv.Itoa(i+1) + " of type " + a.Type().String()
		}
	}
	return ""
}
