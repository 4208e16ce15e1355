//go:build conformance

package merge3diff

// With the conformance tag (make conformance) the comparison is longer.
const defaultCases = 20000
