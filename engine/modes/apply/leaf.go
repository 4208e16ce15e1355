package apply

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// leaf marks a value compared as a whole: a scalar, an atomic list, a replaced map.
func (e *explainer) leaf(path fieldpath.Path, v versions, why rule) {
	line := e.layout.Line(v.r)
	end := e.endLine(v.r)
	if v.r.Kind == yamltree.ScalarNode {
		end = 0
	}
	switch {
	case why == ruleAnnotation && v.l == nil:
		e.add(path, contract.Added, line, end, "kubectl records the config it applies in this annotation; the next apply reads it as last-applied to find what you removed")
	case why == ruleAnnotation && !yamltree.Equal(v.l, v.r):
		e.add(path, contract.Changed, line, end, "kubectl rewrites this annotation with the config it applies; the next apply reads it as last-applied to find what you removed")
	case why == ruleAnnotation:
		e.add(path, contract.Retained, line, end, "the config is the one last applied: kubectl writes the same annotation again")
	case v.l == nil:
		e.add(path, contract.Added, line, end, e.addedReason(v, why))
	case !sameData(v.l, v.r):
		e.add(path, contract.Changed, line, end, e.changedReason(v, why))
	case v.u != nil:
		e.add(path, contract.Retained, line, end, retainedReason(why))
	default:
		e.add(path, contract.Ignored, line, end, e.ignoredReason(path, v))
	}
}

// sameData compares two values as the API server stores them.
func sameData(a, b *yamltree.Node) bool { return yamltree.Equal(a, b) }
