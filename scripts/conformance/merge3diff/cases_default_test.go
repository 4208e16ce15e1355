//go:build !conformance

package merge3diff

// Without the conformance tag (make test, .ci/run) the comparison runs this many cases.
const defaultCases = 5000
