// Package examples reads the playground's examples: one folder each, holding
//
//	example.yaml   title, mode, options and the explanation a learner reads
//	original.yaml  the original input (absent when the mode or the example does not use it)
//	updated.yaml   the updated input
//	live.yaml      the live input
//	expected.yaml  the expected result, exactly as the engine writes it
//	marks.txt      the expected marks, one "mark path" per line, written by hand
//
// The tests beside this file run every example through the engine and check both expectations;
// the conformance module checks each result against the reference libraries too.
package examples
