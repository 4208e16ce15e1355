package smpfacts

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
)

// oldEngine answers a case with the engine's former strategic-merge package.
func oldEngine(t testing.TB, item *schema.Type, c Case) Answer {
	sch := smp.Typed(item)
	original, modified, live, patch := node(t, c.Original), node(t, c.Modified), node(t, c.Live), node(t, c.Patch)
	switch c.Op {
	case "apply":
		if patch == nil {
			return Answer{Output: jsonOf(live)}
		}
		r, err := smp.Apply(live, patch, sch)
		if err != nil {
			return Answer{Error: err.Error()}
		}
		return Answer{Output: jsonOf(r)}
	case "two":
		p, err := smp.TwoWay(original, modified, sch)
		if err != nil {
			return Answer{Error: err.Error()}
		}
		return Answer{Output: jsonOf(p)}
	default:
		p, conflicts, err := smp.ThreeWay(original, modified, live, sch, c.Op == "three")
		if err != nil {
			return Answer{Error: err.Error()}
		}
		if len(conflicts) > 0 {
			return Answer{Error: "conflict"}
		}
		return Answer{Output: jsonOf(p)}
	}
}
