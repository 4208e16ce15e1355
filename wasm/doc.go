// Command wasm is mergeplay's front door: one JSON request in, one answer out.
//
// Natively it reads a request from standard input (or from a file, or an example folder, named
// as its argument) and writes the response to standard output, as JSON (-o json, the default),
// as text for a reader (-o text: the result with a mark and reason per line, the conflicts, the
// errors, the commands), or as the result's YAML alone (-o yaml):
//
//	go run ./wasm < request.json > response.json
//	go run ./wasm -o text examples/apply-containers
//
// It exits 0 when the merge went through, 1 when the answer holds errors in the inputs or
// conflicts, 2 when the command line or the request is wrong; -h lists the request's keys and
// options, the modes and the response's keys.
//
// Compiled with GOOS=js GOARCH=wasm it serves the page's Web Worker instead (see bridge_js.go).
// Both call the same handler, package engine/handler.
package main
