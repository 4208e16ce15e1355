//go:build !conformance

package ssadiff

// defaultSequences is how many sequences the normal tests run (go test ./..., make test).
const defaultSequences = 5000
