// Package linediff compares two texts line by line, for the page's Diff tab: what the merge
// changed between live and the result.
//
// The comparison anchors on lines that occur exactly once in each text (in a YAML object most
// lines do: keys with their values), keeps the longest run of such anchors that appear in the
// same order on both sides, and compares the stretches between anchors with the shortest edit
// script (Myers' algorithm). So its cost grows with the size of the texts and the size of the
// changes, not with their product: two writings of a long document that differ in a few places
// are compared quickly. A stretch whose edit script would pass MaxEdits lines is reported as
// deleted and inserted whole, which bounds the worst case.
package linediff
