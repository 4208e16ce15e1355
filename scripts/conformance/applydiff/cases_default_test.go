//go:build !conformance

package applydiff

// Without the conformance tag the comparison is short, and skipped (with a message) while the
// engine answers that the apply mode is not built yet.
const (
	defaultCases     = 500
	skipWhenNotBuilt = true
)
