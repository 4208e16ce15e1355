// Package handler answers contract requests. It is the one front door of the engine, shared by the
// browser's worker and the terminal: decode the request, find the mode, parse and split the inputs
// the mode reads (with the mode's YAML rules), refuse a config whose metadata kubectl cannot decode
// as ObjectMeta (package objectmeta; apply and ssa, as `kubectl apply -f` reads a file), validate the config as kubectl's --validate has the
// API server do (options.validate, package validate; apply, patch and twoway), run the mode, and
// turn any failure, a panic included, into an entry of the response's errors. Between requests
// it keeps only what makes the next one cheaper (see Handler): never anything that changes an
// answer, which TestWarmAnswersAsCold and the modes' fuzz targets (fuzzcheck.AnswersAsNew) check.
package handler
