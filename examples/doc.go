// Package examples reads the playground's examples: one folder each, holding
//
//	example.yaml   title, mode, options and the explanation a learner reads
//	original.yaml  the original input (absent when the mode or the example does not use it)
//	updated.yaml   the updated input
//	live.yaml      the live input
//	expected.yaml  the expected result, exactly as the engine writes it
//	marks.txt      the expected marks, one "mark path" per line, written by hand
//	kubectl.txt    (optional) the commands and what each prints, checked by hand (Commands)
//
// An example may be a history (docs/histories.md): one object through several writers. Its
// example.yaml says mode: history (its options are the history's: now, schema), live.yaml holds
// the initial live (absent: none yet), and steps/ holds one folder per step, run in the order of
// their names, which start with the step's number:
//
//	example.yaml                      title, mode: history, options, explanation
//	live.yaml                         the initial live (optional)
//	steps/01-create/step.yaml         the step's mode (any writer: apply, ssa, create, scale, ...) and options
//	steps/01-create/updated.yaml      the inputs the step's mode reads, but live (original.yaml too
//	                                  where it reads one); a step's live is the object before it
//	steps/01-create/kubectl.txt       the step's commands and what each prints (required)
//	steps/02-apply/...
//	expected.yaml, marks.txt          the last step's result and marks
//
// The tests beside this file run every example through the engine and check every expectation
// (for a history, each step's kubectl.txt too); engine/history checks the history's invariant on
// every example; engine/reproduce writes every example's reproduce script (a history's covers
// all its steps), which make reproduce-check runs on a real API server; the conformance module
// checks the results of single merges against the reference libraries.
package examples
