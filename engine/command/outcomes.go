package command

// What kubectl prints after a resource's name for each outcome (kubectl v0.37.2, observed in
// scripts/conformance/kubectlout).
const (
	printedCreated    = "created"
	printedConfigured = "configured"
	printedUnchanged  = "unchanged"
	printedPruned     = "pruned"
	printedServerSide = "serverside-applied"
	printedReplaced   = "replaced"
	printedPatched    = "patched"
	printedNoChange   = "patched (no change)"
)
