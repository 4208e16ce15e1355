// Package handler answers contract requests. It is the one front door of the engine, shared by the
// browser's worker and the terminal: decode the request, find the mode, parse and split the inputs
// the mode reads (with the mode's YAML rules), leave out of the config the documents kubectl cannot
// decode (a metadata that does not decode as ObjectMeta, package objectmeta; a kind that is not a
// string), and the rest from one it cannot parse on, as `kubectl apply -f` reads a file (apply and ssa:
// decode.go, broken.go), refuse objects whose kind cannot be read, validate the config as kubectl's --validate has the
// API server do (options.validate, package validate; apply, patch and twoway), run the mode, and
// turn any failure, a panic included, into an entry of the response's errors. Between requests
// it keeps only what makes the next one cheaper (see Handler): never anything that changes an
// answer, which TestWarmAnswersAsCold and the modes' fuzz targets (fuzzcheck.AnswersAsNew) check.
// Handle answers whole; the JSON front doors keep an answer a mode left in pieces
// (contract.Response.Pieces) as it is, and write it whole or as a delta from its pieces.
package handler
