package reference

import (
	"fmt"
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/merge3diff"
	"github.com/mergeplay/mergeplay/scripts/conformance/patchdiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/ssadiff"
)

// Modes are the modes Text answers, in the README's order (its modes table).
func Modes() []string { return []string{"apply", "merge3", "ssa", "patch", "twoway"} }

// Writers are the history's writers Text answers besides (writers.go).
func Writers() []string {
	return []string{"create", "replace", "edit", "label", "annotate", "controller", "helm3", "helm4", "mergepatch", "jsonpatch", "kpt"}
}

// The managers the API server records each client's write as (engine/modes/writer's doc:
// observed on kube-apiserver v1.37.2), by mode.
var managers = map[string]string{
	"apply": "kubectl-client-side-apply", "patch": "kubectl-patch", "twoway": "tiller",
	"create": "kubectl-create", "replace": "kubectl-replace", "edit": "kubectl-edit", "label": "kubectl-label", "annotate": "kubectl-annotate",
	"mergepatch": "kubectl-patch", "jsonpatch": "kubectl-patch",
}

// Pipelines runs the reference pipeline of each mode. The field managers of ssa are built on
// first use (their type converters take a while), so a process answering another mode never
// pays for them. The zero value is not ready: use New.
type Pipelines struct {
	ssa func() (*ssadiff.Reference, error)
}

// New returns the pipelines.
func New() *Pipelines {
	return &Pipelines{ssa: sync.OnceValues(ssadiff.NewReference)}
}

// Text answers req with its mode's reference pipeline: the merged YAML stream, or why the
// reference refused or failed (a conflict, a patch the server rejects, a kyaml error).
func (p *Pipelines) Text(req *contract.Request) (string, error) {
	if err := unmodelled(req); err != nil {
		return "", err
	}
	switch req.Mode {
	case "apply", "patch", "twoway":
		written, err := p.written(req)
		if err != nil {
			return "", err
		}
		return p.recorded(req.Live, written, managers[req.Mode])
	case "create", "replace", "edit", "label", "annotate", "controller":
		return p.writer(req)
	case "helm3", "helm4":
		return p.helm(req)
	case "mergepatch", "jsonpatch":
		return p.typedPatch(req)
	case "kpt":
		return p.kpt(req)
	}
	return p.written(req)
}

// recorded composes a write's result with the API server's field manager (ssadiff.UpdateText):
// the managedFields the update by manager leaves.
func (p *Pipelines) recorded(live, written, manager string) (string, error) {
	ref, err := p.ssa()
	if err != nil {
		return "", err
	}
	return ssadiff.UpdateText(ref, live, written, manager)
}

// written answers req with its mode's reference pipeline, before the API server's field
// manager records the write.
func (p *Pipelines) written(req *contract.Request) (string, error) {
	switch req.Mode {
	case "apply":
		return applydiff.KubectlText(&applydiff.Case{Original: req.Original, Updated: req.Updated, Live: req.Live, Overwrite: req.Options.Overwrite})
	case "merge3":
		ans := merge3diff.Reference(&merge3diff.Case{Original: req.Original, Updated: req.Updated, Live: req.Live, InferKeys: req.Options.InferKeys})
		if ans.Failed() {
			return "", fmt.Errorf("kyaml: %s", ans.Err)
		}
		return ans.Result, nil
	case "ssa":
		ref, err := p.ssa()
		if err != nil {
			return "", err
		}
		return ssadiff.ReferenceText(ref, req)
	case "patch":
		return patchdiff.PatchText(&patchdiff.PatchCase{Patch: req.Updated, Live: req.Live})
	case "twoway":
		return patchdiff.TwoWayText(&patchdiff.TwoWayCase{Previous: req.Original, Next: req.Updated, Live: req.Live})
	}
	return "", fmt.Errorf("unknown mode %q (want one of %v or %v)", req.Mode, Modes(), Writers())
}

// unmodelled refuses the options the reference pipelines do not run.
func unmodelled(req *contract.Request) error {
	o := req.Options
	switch {
	case o.Prune:
		return fmt.Errorf("options.prune: the reference pipeline does not prune")
	case o.MultiKeys:
		return fmt.Errorf("options.multiKeys: the reference libraries have no multi-field merge keys")
	case o.Schema != "" || o.SchemaType != "":
		return fmt.Errorf("options.schema: the reference pipelines read the built-in kinds only")
	}
	return nil
}
