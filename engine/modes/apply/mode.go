package apply

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the apply mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:            "apply",
		LiveFromCluster: true,
		Views:           []string{"management"},
		Short:           "kubectl apply",
		Title:           "kubectl apply",
		Summary:         "Client-side kubectl apply (and Helm 3): a three-way strategic merge patch from last-applied, the config and live.",
		Starter:         "apply-containers",
		Rules:           yamltree.YAML11,
		Inputs: []modes.Role{
			{Input: yamltree.Original, Label: "last-applied", Hint: "leave empty to read live's annotation"},
			{Input: yamltree.Updated, Label: "config", Hint: "the file you apply"},
			{Input: yamltree.Live, Label: "live object", Hint: "the object in the cluster"},
		},
		Options: []modes.Option{
			{Key: "overwrite", Label: "overwrite", Help: "--overwrite: replace values live changed since last-applied (off: report them as conflicts)"},
			{Key: "prune", Label: "prune", Help: "--prune: delete resources last-applied had and the config dropped"},
			{Key: "multiKeys", Label: "multi-field keys", Help: "merge lists on several key fields, as server-side apply keys them (the \"multi-fields merge key\" proposal)"},
			{Key: "validate", Label: "validate", Help: "--validate: strict refuses a config with an undeclared field or a value of the wrong type; warn merges and lists them; ignore does not check", Sent: true},
		},
		Validates:       true,
		GoesOn:          true,
		ReadOnly:        true, // its steps copy what they change: the annotations kubectl reads, last-applied, the result
		DecodesMetadata: func(contract.Options) bool { return true },
		Commands:        commands,
		Reproduce:       modes.Reproduction{Replays: true, LiveState: modes.LiveLastApplied},
		Again:           modes.Again{Original: yamltree.Updated, Help: "The result becomes live and the config becomes last-applied, as after a real apply."},
		Marks:           []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Dropped, contract.Retained, contract.Ignored, contract.Conflicted},
		Folds:           []string{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration"},
		Run:             Run,
	}
}
