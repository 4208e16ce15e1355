package writer

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TimeOption is the option every writer reads: the time its managedFields entry records.
var TimeOption = modes.Option{Key: "now", Label: "time", Help: "the time written into managedFields, RFC 3339 (empty: now)", Placeholder: "now", Size: 20}

// ValidateOption is the option of the writers that send a config for the API server to check.
var ValidateOption = modes.Option{Key: "validate", Label: "validate", Help: "--validate: how the API server checks the config", Sent: true}

// Mode completes a writer's descriptor with what every writer shares: YAML read as kubectl
// reads it, the result as the next live, managedFields folded, the views of who manages live and
// who owns each line after the update, a live object a cluster holds, and a reproduce script
// that gives the object it creates live's managedFields (a writer whose command does not run as
// written says how it is replayed: modes.Reproduction.Replay). A writer that sends a
// config (create, replace) reads it as `kubectl create -f` does: sendsConfig gives it
// kubectl's metadata decoding and the API server's validation.
func Mode(m modes.Mode) modes.Mode {
	m.Rules = yamltree.YAML11
	m.Again = modes.Again{Help: "The result becomes live."}
	m.Folds = []string{".metadata.managedFields"}
	m.Views = []string{"management", "ownership"}
	m.Writer = true
	m.LiveFromCluster = true
	m.Reproduce.Replays = true
	m.Reproduce.LiveState = modes.LiveManagedFields
	return m
}

// SendsConfig marks a writer's descriptor as sending the config whole (create, replace): kubectl
// decodes its metadata first and the API server validates it (options.validate).
func SendsConfig(m modes.Mode) modes.Mode {
	m.Validates = true
	m.DecodesMetadata = func(contract.Options) bool { return true }
	m.Options = append(m.Options, ValidateOption)
	return m
}
