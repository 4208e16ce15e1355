package patchdiff

import (
	"fmt"
	"sort"
)

// CompareTwoWay lists how the engine's answer differs from the reference's: an error on both
// sides agrees (the engine's located at a line of an input), otherwise every resource's result
// must be the same data (deleted ones absent), and the engine's patch field must hold the
// two-way patch of every patched resource, one a line, in the new render's order.
func CompareTwoWay(ref *TwoWayAnswer, eng *EngineAnswer) []string {
	resp := eng.Response
	switch {
	case ref.Error != "" && len(resp.Errors) == 0:
		return []string{"the reference fails (" + ref.Error + ") but the engine reports no error"}
	case ref.Error != "":
		return eng.checkErrorsIn("original", "updated", "live")
	case len(resp.Errors) > 0:
		return []string{"the engine reports errors the reference does not: " + eng.errorsText()}
	}
	diffs := append([]string(nil), eng.Unreadable...)
	want := map[string]bool{}
	var patches []string
	for _, o := range ref.Outcomes {
		got, ok := eng.Results[o.Resource]
		switch {
		case o.Result == nil && ok:
			diffs = append(diffs, fmt.Sprintf("%s (%s): in the engine's result, which should not hold it", o.Resource, o.Action))
		case o.Result == nil:
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s (%s): missing from the engine's result", o.Resource, o.Action))
		default:
			if d := firstDiffOf(o.Result, got); d != "" {
				diffs = append(diffs, fmt.Sprintf("%s (%s) result: %s", o.Resource, o.Action, d))
			}
		}
		want[o.Resource] = true
		if o.Action == Patched {
			patches = append(patches, o.Patch)
		}
	}
	for id := range eng.Results {
		if !want[id] {
			diffs = append(diffs, id+": in the engine's result, not in the reference's")
		}
	}
	sort.Strings(diffs)
	return append(diffs, eng.comparePatchLines(patches)...)
}
