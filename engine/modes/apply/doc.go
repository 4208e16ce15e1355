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
// Every field of the result, and every field the apply deleted, is then marked and explained by
// aligning the four versions of the object (last-applied, config, live, result) field by field
// (explain.go): the patch says what happens, the alignment says why.
package apply
