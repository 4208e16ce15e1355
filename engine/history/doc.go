// Package history answers a history: one object through an ordered list of writers, each acting
// on the object as the step before left it, as a shell running the commands one after another
// would. A step is a single-mode request without live (kubectl apply, kubectl apply
// --server-side, kubectl patch, a Helm 2 upgrade, kpt's package update); its live is the initial
// live for the first step and, after, the result of the last step the real tool carried out.
//
// A step the real tool refuses (an error, or conflicts it does not force) leaves the object as
// it was, and the history goes on: its response says why, as the tool would print it. The one
// exception, observed: a refused step whose tool wrote before the request it was refused on
// leaves that write (contract.AfterRefusal; Helm 4's move of helm's managedFields entry before
// its refused apply). A step that deletes every object leaves none (an empty live). After says
// which object a step leaves.
//
// The invariant the package keeps, by construction and checked by its tests on every example
// and on random histories: each step's response is exactly the single-mode answer to the step's
// request with live set to the object before it.
//
// What it is not: a model of what happens between steps (controllers, defaulting the API
// server adds beyond what each mode answers); each step is its mode's answer, no more.
package history
