package managed

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/typed"
)

// The decisions of server-side apply, as recorded into a resource's decision log (package
// decision), each by the step that makes it. A field decided twice keeps the later decision:
// the merge's first, then the apply's, then the field manager's.
//
//	rule                     | recorded by                  | what happened to the field
//	-------------------------|------------------------------|------------------------------------------
//	ssa/merged               | the merge (typed.Merge)      | the config names it: its value taken
//	ssa/left-alone           | the merge                    | only live has it: left as it is
//	ssa/pruned               | the apply (dropAbandoned)    | the applier stopped applying it and no
//	                         |                              | one else owns it: removed
//	ssa/kept-for-owner       | the apply (dropAbandoned)    | the applier stopped applying it; another
//	                         |                              | manager owns it, so it stays
//	ssa/conflict             | the apply                    | another manager owns it and the apply
//	                         |                              | would change it: the apply stops
//	ssa/forced               | the apply                    | as a conflict, but forced: taken over
//	ssa/shared               | the apply                    | another manager applied the same value:
//	                         |                              | both own it
//	ssa/update-owned         | the update (UpdateOp)        | the update changed or added it: the
//	                         |                              | updater owns it
//	ssa/update-unchanged     | the update                   | the update left it as it was
//	ssa/update-removed       | the update                   | the update removed it
//	ssa/before-first-apply   | the field manager            | live had no managed fields: the field
//	                         |                              | went to before-first-apply, and the
//	                         |                              | apply left it alone
//	ssa/handed-over          | the field manager            | taken from client-side apply without a
//	                         |                              | conflict (the last-applied annotation
//	                         |                              | names the value live still has)
//	ssa/last-applied         | the field manager            | kubectl's last-applied annotation,
//	                         |                              | rewritten with the config
//	ssa/identity             | the field manager            | apiVersion, kind, name and the like: no
//	                         |                              | manager may own them
//	ssa/managed-fields       | the field manager            | metadata.managedFields, written (or
//	                         |                              | dropped) by the API server
//	ssa/untouched-object     | the ssa mode                 | a resource only live has: not applied to
const (
	RuleMerged           = typed.RuleMerged
	RuleLeftAlone        = typed.RuleLeftAlone
	RulePruned           = decision.Rule("ssa/pruned")
	RuleKeptForOwner     = decision.Rule("ssa/kept-for-owner")
	RuleConflict         = decision.Rule("ssa/conflict")
	RuleForced           = decision.Rule("ssa/forced")
	RuleShared           = decision.Rule("ssa/shared")
	RuleUpdateOwned      = decision.Rule("ssa/update-owned")
	RuleUpdateUnchanged  = decision.Rule("ssa/update-unchanged")
	RuleUpdateRemoved    = decision.Rule("ssa/update-removed")
	RuleBeforeFirstApply = decision.Rule("ssa/before-first-apply")
	RuleHandedOver       = decision.Rule("ssa/handed-over")
	RuleLastApplied      = decision.Rule("ssa/last-applied")
	RuleIdentity         = decision.Rule("ssa/identity")
	RuleManagedFields    = decision.Rule("ssa/managed-fields")
	RuleUntouchedObject  = decision.Rule("ssa/untouched-object")
)

// lastAppliedPath and managedFieldsPath are the paths the field manager writes itself.
var (
	lastAppliedPath   = fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}, {Field: LastAppliedAnnotation}}
	managedFieldsPath = fieldpath.Path{{Field: "metadata"}, {Field: "managedFields"}}
)

// recordBeforeFirstApply records as RuleBeforeFirstApply the fields before-first-apply still owns
// that the apply left alone.
func recordBeforeFirstApply(log *decision.Log, owned *fieldset.Set) {
	for _, p := range owned.Paths() {
		if e, ok := log.Lookup(p); ok && e.Rule == RuleLeftAlone {
			log.Record(p, RuleBeforeFirstApply, e.Held)
		}
	}
}

// recordUnownable records as RuleIdentity the unownable fields an earlier step recorded (those the
// object holds; metadata itself left out).
func recordUnownable(log *decision.Log) {
	for _, p := range unownable().Paths() {
		if _, ok := log.Lookup(p); ok && (len(p) > 1 || p[0].Field != "metadata") {
			relabel(log, p, RuleIdentity)
		}
	}
}
