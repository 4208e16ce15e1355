//go:build conformance

package applydiff

// With the conformance tag (make conformance) the comparison is the full run, and an engine
// without the apply mode fails it.
const (
	defaultCases     = FullRunCases
	skipWhenNotBuilt = false
)
