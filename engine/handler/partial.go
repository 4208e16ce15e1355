package handler

import (
	"context"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// acceptOthers answers a request whose objects the API server refuses only some of, for a mode
// whose tool goes on past a refusal (modes.Mode.GoesOn). The mode runs again without the refused
// objects in the config (nor, under options.prune, in original, so that nothing prunes them), so
// that they stay as live holds them; the answer lists them in extra.refused with their errors,
// and keeps their refusals (contract.Response.Refused) for the commands. Their marks are the
// mode's for a live object the config does not name (left alone), with refusedReason's. It
// returns resp as it is (the whole request refused, as before) when the API server refuses
// every object, when a refusal is not one object's of the config, or when the others would be read otherwise
// without them (an apply under prune whose original holds only refused objects would read the
// others' last-applied from live's annotations).
func acceptOthers(ctx context.Context, m modes.Mode, in *modes.Input, resp *contract.Response) *contract.Response {
	if !m.GoesOn || !resp.RefusedOnly() {
		return resp
	}
	refused, printed := map[string]bool{}, map[string]string{}
	for _, r := range resp.Refused {
		if r.Resource == "" {
			return resp
		}
		refused[r.Resource], printed[r.Resource] = true, r.Printed
	}
	others := *in
	others.Updated = without(in.Updated, refused)
	if in.Request.Options.Prune {
		others.Original = without(in.Original, refused)
	}
	if len(others.Updated) == 0 || len(in.Updated)-len(others.Updated) != len(refused) || len(in.Original) > 0 && len(others.Original) == 0 {
		return resp
	}
	partial := m.Run(ctx, &others).Whole()
	if len(partial.Errors) > 0 || len(partial.Conflicts) > 0 {
		return resp
	}
	partial.Refused = resp.Refused
	for i, f := range partial.Fields {
		if refused[f.Resource] {
			partial.Fields[i].Reason = refusedReason(printed[f.Resource])
		}
	}
	partial.Extra[contract.RefusedKey] = refusedObjects(resp, partial)
	return partial
}

// refusedReason is the reason of a refused object's marks (the rule is the mode's for an object
// left alone): why it was, in kubectl's words.
func refusedReason(printed string) string {
	return "the API server refuses this object (" + printed + "): kubectl goes on with the file's other objects and writes nothing of this one, which stays as live holds it"
}

// without is rs less the resources named in names.
func without(rs []*stream.Resource, names map[string]bool) []*stream.Resource {
	out := make([]*stream.Resource, 0, len(rs))
	for _, r := range rs {
		if !names[r.ID.String()] {
			out = append(out, r)
		}
	}
	return out
}

// refusedObjects lists the objects of whole's refusals (its errors taken in order, each refusal
// accounting for its own), each at its lines in the partial answer's result.
func refusedObjects(whole, partial *contract.Response) contract.RefusedObjects {
	starts := documentStarts(partial.Result)
	out := make(contract.RefusedObjects, 0, len(whole.Refused))
	errs := whole.Errors
	for _, r := range whole.Refused {
		o := contract.RefusedObject{Resource: r.Resource, Printed: r.Printed, Errors: errs[:r.Errors:r.Errors]}
		errs = errs[r.Errors:]
		for i, name := range partial.ResultResources {
			if name == r.Resource && i < len(starts) {
				o.Line, o.EndLine = starts[i][0], starts[i][1]
			}
		}
		out = append(out, o)
	}
	return out
}

// documentStarts is the first and last line of each document of a result the engine wrote: a
// line "---" (the engine's separator; its block scalars are indented, so none of their lines is
// one) ends a document and opens the next.
func documentStarts(result string) [][2]int {
	if result == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(result, "\n"), "\n")
	var out [][2]int
	start := 1
	for i, l := range lines {
		if l == "---" {
			if i+1 > start {
				out = append(out, [2]int{start, i})
			}
			start = i + 2
		}
	}
	return append(out, [2]int{start, len(lines)})
}
