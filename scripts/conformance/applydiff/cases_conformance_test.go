//go:build conformance

package applydiff

// With the conformance tag (make conformance) the comparison is the full run.
const defaultCases = FullRunCases
