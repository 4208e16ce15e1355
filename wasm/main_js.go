//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/mergeplay/mergeplay/engine/handler"
)

// main registers the bridge for the page's Web Worker, announces that it is ready and then
// parks forever: the worker calls into the bridge synchronously, so the Go side has nothing left
// to do but stay alive.
func main() {
	markGoMain()
	h := handler.Default()
	register(h)
	announceReady()
	select {}
}

// markGoMain marks the moment main starts in the worker's performance timeline
// ("mergeplay:go-main", web/loadmarks.js): what comes before it is Go's runtime starting and
// the packages initialising, what comes after it the handler built and the bridge registered.
func markGoMain() {
	if perf := js.Global().Get("performance"); perf.Type() == js.TypeObject && perf.Get("mark").Type() == js.TypeFunction {
		perf.Call("mark", "mergeplay:go-main")
	}
}
