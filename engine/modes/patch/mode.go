package patch

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the patch mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:            "patch",
		LiveFromCluster: true,
		Views:           []string{"management"},
		Short:           "kubectl patch",
		Title:           "kubectl patch",
		Summary:         "kubectl patch --type strategic: a strategic merge patch, with its directives, applied to a target.",
		Starter:         "patch-merge-by-key",
		Rules:           yamltree.YAML11,
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "patch", Hint: "a strategic merge patch, directives allowed"},
			{Input: yamltree.Live, Label: "target", Hint: "the object patched"},
		},
		Options: []modes.Option{
			{Key: "multiKeys", Label: "multi-field keys", Help: "merge lists on several key fields (the \"multi-fields merge key\" proposal)"},
		},
		Validates:       true,
		GoesOn:          true,
		ReadOnly:        true, // smp.Apply writes a result of its own; store and the managedFields write into it, never into live
		FieldValidation: contract.ValidateWarn,
		Commands:        commands,
		Reproduce:       modes.Reproduction{Replays: true, PatchesObjects: true},
		Again:           modes.Again{Help: "The patched object becomes the target."},
		Marks:           []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Dropped, contract.Retained, contract.Ignored},
		Run:             Run,
	}
}
