package patchdiff

import (
	"fmt"
	"sort"
)

// moreRuns bounds how many more times ComparePatch runs the reference on an EitherOrder outcome
// looking for the engine's result: an order that a run sees with probability 1/8 (two keys in
// neighbouring slots of an 8-slot map group) is missed by 8+256 runs with probability ~5e-16.
const moreRuns = 256

// ComparePatch lists how the engine's answer differs from the reference's: an error on both
// sides agrees (the engine's located at a line of the patch or the target), otherwise every
// object of the result must be the same data as one of the reference's results, and the
// engine's patch field must hold the patches as JSON.
func ComparePatch(ref *PatchAnswer, eng *EngineAnswer) []string {
	resp := eng.Response
	switch {
	case ref.Error != "" && len(resp.Errors) == 0:
		return []string{"the reference fails (" + ref.Error + ") but the engine reports no error"}
	case ref.Error != "":
		return eng.checkErrorsIn("updated", "live")
	case len(resp.Errors) > 0:
		return []string{"the engine reports errors the reference does not: " + eng.errorsText()}
	}
	diffs := append([]string(nil), eng.Unreadable...)
	want := map[string]bool{}
	for _, o := range ref.Outcomes {
		want[o.Resource] = true
		got, ok := eng.Results[o.Resource]
		if !ok {
			diffs = append(diffs, o.Resource+": missing from the engine's result")
			continue
		}
		if d := o.match(got); d != "" {
			diffs = append(diffs, o.Resource+" result: "+d)
		}
	}
	for id := range eng.Results {
		if !want[id] {
			diffs = append(diffs, id+": in the engine's result, not in the reference's")
		}
	}
	sort.Strings(diffs)
	return append(diffs, eng.comparePatchLines(ref.Patches)...)
}

// match returns "" when got is one of the outcome's results, else how it differs from the
// first. An EitherOrder outcome runs the reference again until it sees got, or gives up.
func (o *PatchOutcome) match(got map[string]any) string {
	if o.seen(got) {
		return ""
	}
	if o.EitherOrder {
		for range moreRuns {
			if err := o.run(1); err != nil {
				break
			}
			if o.seen(got) {
				return ""
			}
		}
	}
	d := firstDiffOf(o.Results[0], got)
	if len(o.Results) > 1 {
		d += fmt.Sprintf(" (and none of the reference's %d results, which depend on map order)", len(o.Results))
	}
	return d
}
