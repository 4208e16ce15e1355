//go:build !conformance

package yamldiff

// perMode is how many cases each mode runs in plain go test (make test).
const perMode = 5000
