// Package linediff compares two texts line by line, for the page's Diff tab: what the merge
// changed between live and the result. It wraps github.com/sergi/go-diff.
package linediff
