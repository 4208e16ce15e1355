//go:build conformance

package yamldiff

// perMode is how many cases each mode runs under -tags conformance (make conformance).
const perMode = 20000
