package smpfacts

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/smp"
)

// Engine answers a case with mergeplay's engine/smp.
func Engine(t testing.TB, item *schema.Type, c Case) Answer {
	if c.Kind != "mergeItem" {
		item = builtinKind(t, c.Kind)
	}
	sch := smp.For(item, smp.PatchMergeKeys)
	original, modified, live := node(t, c.Original), node(t, c.Modified), node(t, c.Live)
	var p *smp.Map
	var err error
	switch c.Op {
	case "two":
		p, err = smp.TwoWay(smp.Align(emptyIfNil(original), emptyIfNil(modified), nil, sch))
	case "two-apply":
		if p, err = smp.TwoWay(smp.Align(emptyIfNil(original), emptyIfNil(modified), nil, sch)); err != nil {
			return Answer{Error: err.Error()}
		}
		r, err := smp.Apply(emptyIfNil(live), p, sch)
		if err != nil {
			return Answer{Error: err.Error()}
		}
		return Answer{Output: jsonOf(r.Result)}
	case "three", "conflict":
		a := smp.Align(emptyIfNil(original), emptyIfNil(modified), emptyIfNil(live), sch)
		p, err = smp.ThreeWay(a)
		if err == nil && c.Op == "conflict" {
			found, cerr := smp.Conflicts(a, p)
			if cerr != nil {
				return Answer{Error: cerr.Error()}
			}
			if len(found) > 0 {
				return Answer{Error: "conflict"}
			}
		}
	case "apply":
		patch := node(t, c.Patch)
		if patch == nil || !patch.IsMap() {
			return Answer{Error: "not a map"}
		}
		r, err := smp.Apply(emptyIfNil(live), smp.Read(patch).Map, sch)
		if err != nil {
			return Answer{Error: err.Error()}
		}
		return Answer{Output: jsonOf(r.Result)}
	default:
		return Answer{Error: "not built"}
	}
	if err != nil {
		return Answer{Error: err.Error()}
	}
	out, err := p.JSON()
	if err != nil {
		return Answer{Error: err.Error()}
	}
	return Answer{Output: out}
}
