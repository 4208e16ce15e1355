package command

// What kubectl prints after a resource's name for each outcome (kubectl v0.37.2, observed in
// scripts/conformance/kubectlout).
const (
	PrintedCreated    = "created"
	PrintedConfigured = "configured"
	PrintedUnchanged  = "unchanged"
	PrintedPruned     = "pruned"
	PrintedServerSide = "serverside-applied"
	PrintedReplaced   = "replaced"
	PrintedPatched    = "patched"
	PrintedNoChange   = "patched (no change)"
)
