// Package decision records why a merge did what it did to each field, at the moment the merge
// decides it.
//
// A merge walks the inputs it aligned (original, updated, live) and, at every field it settles,
// records one Entry in the resource's Log: the field's path, the Rule of the mode's decision
// table that applied, and which inputs held the field. Marks and reasons are then read from the
// log, never guessed again from the finished result: a mode's reasons are one table keyed by
// Rule, and every mark of a response names its rule (contract.Field.Rule).
//
// Rules are stable identifiers, namespaced by the mode that owns them ("apply/forced",
// "merge3/changed-upstream"): they appear in responses, so renaming one is a contract change.
//
// What it is not: an explanation. The sentences belong to the modes; this package only holds the
// facts they are written from, and the shape of a mode's table of them (RuleReason, ByRule).
package decision
