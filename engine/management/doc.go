// Package management says how a live object is managed, before anything acts on it: which tools
// and controllers wrote it, as its metadata records them (metadata.managedFields, kubectl's
// last-applied annotation, Helm's release label and annotations), and what that means for the
// next writer: a client-side object that `kubectl apply --server-side` would take over, fields
// held by `kubectl scale` that a server-side apply conflicts with, managers hidden because the
// object was read without --show-managed-fields.
//
// What each manager name means is a table (writers.go), each row observed on kube-apiserver and
// kubectl v1.37.2 (scripts/reproduce/run-apiserver.sh, 2026-12-06) unless it says otherwise.
// The handler adds the summary to every answer of a mode whose live input is an object a cluster
// holds (modes.Mode.LiveFromCluster), as extra.management.
package management
