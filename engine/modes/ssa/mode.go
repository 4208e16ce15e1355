package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the ssa mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:            "ssa",
		LiveFromCluster: true,
		Short:           "server-side apply",
		Title:           "server-side apply",
		Summary:         "Server-side apply: field managers own fields; a change to a field another manager owns is a conflict unless forced.",
		Starter:         "ssa-autoscaler-conflict",
		Rules:           yamltree.YAML11,
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "applied config", Hint: "what the manager applies (or updates)"},
			{Input: yamltree.Live, Label: "live object", Hint: "with metadata.managedFields"},
		},
		Options: []modes.Option{
			{Key: "manager", Label: "manager", Help: "--field-manager: who applies"},
			{Key: "operation", Label: "operation", Help: "apply (server-side apply) or update (a PUT or PATCH)"},
			{Key: "force", Label: "force", Help: "--force-conflicts: take over fields other managers own"},
			{Key: "now", Label: "time", Help: "the time written into managedFields, RFC 3339 (empty: now)", Placeholder: "now", Size: 20},
			{Key: "client", Label: "sent by", Help: "kubectl: kubectl apply --server-side, which hands over the fields a client-side apply recorded; server: the API server's apply alone (client-go, a controller)", Sent: true},
			{Key: "validate", Label: "validate", Help: "--validate on the command line; the field manager checks the config against the schema whatever it says", Sent: true},
		},
		DecodesMetadata: contract.Options.FromKubectl,
		Commands:        commands,
		GoesOn:          true,
		ReadOnly:        true, // the field manager writes a result of its own; live is cloned before anything is taken out of it
		Reproduce:       modes.Reproduction{Replays: true, LiveState: modes.LiveManagedFields},
		Again:           modes.Again{Help: "The result, with its new managedFields, becomes live."},
		Marks:           []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Dropped, contract.Retained, contract.Ignored, contract.Conflicted},
		Folds:           []string{".metadata.managedFields"},
		Views:           []string{"management", "ownership"},
		Run:             Run,
	}
}
