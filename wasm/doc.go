// Command wasm is mergeplay's front door: one JSON request in, one JSON response out.
//
// Natively it reads a request from standard input (or from a file named as its argument) and
// writes the response to standard output:
//
//	go run ./wasm < request.json > response.json
//
// Compiled with GOOS=js GOARCH=wasm it serves the page's Web Worker instead (see bridge_js.go).
// Both call the same handler, package engine/handler.
package main
