//go:build !conformance

package applydiff

// Without the conformance tag the comparison is short.
const defaultCases = 500
