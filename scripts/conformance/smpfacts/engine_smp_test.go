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
	switch c.Op {
	case "two":
		return patchAnswer(smp.TwoWay(smp.Align(emptyIfNil(original), emptyIfNil(modified), nil, sch)))
	case "three":
		return patchAnswer(smp.ThreeWay(smp.Align(emptyIfNil(original), emptyIfNil(modified), emptyIfNil(live), sch)))
	case "conflict":
		a := smp.Align(emptyIfNil(original), emptyIfNil(modified), emptyIfNil(live), sch)
		p, err := smp.ThreeWay(a)
		if err != nil {
			return Answer{Error: err.Error()}
		}
		found, err := smp.Conflicts(a, p)
		if err != nil {
			return Answer{Error: err.Error()}
		}
		if len(found) > 0 {
			return Answer{Error: "conflict"}
		}
		return patchAnswer(p, nil)
	case "two-apply":
		p, err := smp.TwoWay(smp.Align(emptyIfNil(original), emptyIfNil(modified), nil, sch))
		if err != nil {
			return Answer{Error: err.Error()}
		}
		return applied(smp.Apply(emptyIfNil(live), p, sch))
	case "apply":
		patch := node(t, c.Patch)
		if patch == nil || !patch.IsMap() {
			return Answer{Error: "not a map"}
		}
		return applied(smp.Apply(emptyIfNil(live), smp.Read(patch).Map, sch))
	}
	return Answer{Error: "unknown op " + c.Op}
}

// patchAnswer writes a patch as the reference's bytes.
func patchAnswer(p *smp.Map, err error) Answer {
	if err != nil {
		return Answer{Error: err.Error()}
	}
	out, err := p.JSON()
	if err != nil {
		return Answer{Error: err.Error()}
	}
	return Answer{Output: out}
}

// applied writes an applied patch's result.
func applied(o *smp.Outcome, err error) Answer {
	if err != nil {
		return Answer{Error: err.Error()}
	}
	return Answer{Output: jsonOf(o.Result)}
}
