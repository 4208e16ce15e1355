package twoway

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the twoway mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:            "twoway",
		LiveFromCluster: true,
		Short:           "Helm 2",
		Title:           "Helm 2 two-way",
		Summary:         "Helm 2 (and werf before its migration): a two-way patch from the previous render to the new one, applied to live.",
		Starter:         "twoway-kubectl-edit",
		Rules:           yamltree.YAML11,
		Inputs: []modes.Role{
			{Input: yamltree.Original, Label: "previous render", Hint: "the release as last rendered"},
			{Input: yamltree.Updated, Label: "new render", Hint: "the release as rendered now"},
			{Input: yamltree.Live, Label: "live object", Hint: "the object in the cluster"},
		},
		Options: []modes.Option{
			{Key: "validate", Label: "validate", Help: "how the API server validates the new render: strict refuses an undeclared field or a value of the wrong type; warn merges and lists them; ignore does not check", Sent: true},
		},
		Validates: true,
		ReadOnly:  true, // its upgrades copy live (smp.Apply, Clone) before they change anything
		Commands:  commands,
		Again:     modes.Again{Original: yamltree.Updated, Help: "The result becomes live and the new render becomes the previous one."},
		Marks:     []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Dropped, contract.Retained, contract.Ignored},
		Views:     []string{"management", "outOfSync", "helm"},
		Run:       Run,
	}
}
