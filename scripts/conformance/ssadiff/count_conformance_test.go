//go:build conformance

package ssadiff

// defaultSequences is how many sequences the long run makes (make conformance).
const defaultSequences = 20000
