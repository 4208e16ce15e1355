// Package modes defines what a merge mode is and what it receives, the memo included: what a
// mode worked out for each resource of the last request, which it may reuse for a resource whose
// documents are the same (Memo). Each mode lives in a subpackage of its own (apply, merge3, ssa,
// patch, twoway); package handler puts them together behind the contract.
package modes
