//go:build js && wasm

package main

import "github.com/mergeplay/mergeplay/engine/handler"

// main registers the bridge for the page's Web Worker, announces that it is ready and then
// parks forever: the worker calls into the bridge synchronously, so the Go side has nothing left
// to do but stay alive.
func main() {
	h := handler.Default()
	register(h)
	announceReady()
	select {}
}
