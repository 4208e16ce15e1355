// Package modes defines what a merge mode is and what it receives. Each mode lives in a
// subpackage of its own (apply, merge3, ssa, patch, twoway); package handler puts them together
// behind the contract.
package modes
