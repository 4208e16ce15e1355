// Package apply reproduces client-side kubectl apply (and Helm 3, whose upgrade is the same
// three-way merge with the previous release's render as original).
//
// For each resource of the config it does what kubectl does: the config, with its new
// last-applied annotation, is the "modified" object; the last-applied configuration is read
// from the original editor or, when that is empty, from live's
// kubectl.kubernetes.io/last-applied-configuration annotation; a three-way strategic merge
// patch (package smp) is computed from the three and applied to live, as the API server
// would. Kinds no schema makes strategic (custom resources) get a three-way JSON merge patch
// (package jsonmerge), as kubectl must send them. Resources in live only are left alone, unless
// options.prune deletes the ones last-applied had.
//
// The three-way patch is read from one alignment of last-applied, the config and live
// (smp.Align), whose diffs decide each place by kubectl's decision table and record the rule
// (rules.go: threeWayRule) into the resource's decision log. The API server's application says
// what became of each value (smp.Effects: kept, set, added, deleted, cleared by $retainKeys);
// each mark joins the two (marks.go: ruleOf) and its sentence comes from one table keyed by rule
// (reasons.go). A custom resource's JSON merge patch is explained by the same table, read from
// the alignment's places.
package apply
