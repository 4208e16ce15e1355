package applydiff

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// Compare lists how the engine's answer differs from the reference's; none means they agree.
// Errors must appear exactly when kubectl fails, conflicts exactly when it reports one (on the
// same resources, with no result), and otherwise every resource's result and patch must be the
// same data.
func Compare(ref *Answer, eng *EngineAnswer) []string {
	resp := eng.Response
	switch {
	case ref.Failed():
		if len(resp.Errors) == 0 {
			return []string{"kubectl fails (" + refError(ref) + ") but the engine reports no error"}
		}
		return append(noResult(eng, "errors"), sameDecodeRefusal(ref, eng)...)
	case ref.Unstable():
		return compareUnstable(ref, eng)
	case len(resp.Errors) > 0:
		return []string{"the engine reports errors kubectl does not: " + engineErrors(eng)}
	case ref.Conflicted():
		return compareConflicts(ref, eng)
	case len(resp.Conflicts) > 0:
		return []string{fmt.Sprintf("the engine reports conflicts kubectl does not: %s", conflictResources(eng))}
	}
	diffs := append([]string(nil), eng.Unreadable...)
	diffs = append(diffs, compareResults(ref, eng)...)
	return append(diffs, comparePatches(ref, eng)...)
}

// sameDecodeRefusal checks that the engine words kubectl's refusal of a config whose metadata
// does not decode as kubectl does, in the updated input.
func sameDecodeRefusal(ref *Answer, eng *EngineAnswer) []string {
	refusal, ok := strings.CutPrefix(ref.Input, "updated: ")
	if !ok || !strings.HasPrefix(refusal, "unable to decode ") {
		return nil
	}
	for _, e := range eng.Response.Errors {
		if e.Input == "updated" && e.Message == refusal {
			return nil
		}
	}
	return []string{"kubectl refuses the config (" + refusal + "); the engine: " + engineErrors(eng)}
}

// refError returns the reference's first error.
func refError(ref *Answer) string {
	if ref.Input != "" {
		return ref.Input
	}
	for _, o := range ref.Outcomes {
		if o.Error != "" {
			return o.Resource + ": " + o.Error
		}
	}
	return ""
}

// engineErrors writes the engine's errors on one line.
func engineErrors(eng *EngineAnswer) string {
	var msgs []string
	for _, e := range eng.Response.Errors {
		msgs = append(msgs, fmt.Sprintf("%s:%d:%d %s", e.Input, e.Line, e.Column, e.Message))
	}
	return strings.Join(msgs, "; ")
}

// noResult checks that a failed or conflicting answer carries no result.
func noResult(eng *EngineAnswer, why string) []string {
	if eng.Response.Result != "" {
		return []string{"the engine returns a result along with its " + why}
	}
	return nil
}

// compareConflicts checks that the engine reports conflicts on the resources kubectl does.
func compareConflicts(ref *Answer, eng *EngineAnswer) []string {
	var want []string
	for _, o := range ref.Outcomes {
		if o.Conflict {
			want = append(want, o.Resource)
		}
	}
	sort.Strings(want)
	got := conflictResources(eng)
	if len(got) == 0 {
		return []string{fmt.Sprintf("kubectl reports a conflict (overwrite: false) on %s; the engine reports none", want)}
	}
	if !reflect.DeepEqual(got, want) {
		return []string{fmt.Sprintf("conflicts on %s; kubectl's on %s", got, want)}
	}
	return noResult(eng, "conflicts")
}

// compareUnstable accepts conflicts or errors, with no result, when kubectl fails one way or
// the other at random; conflicts must name every resource kubectl surely conflicts on, and
// no resource it applies.
func compareUnstable(ref *Answer, eng *EngineAnswer) []string {
	resp := eng.Response
	if len(resp.Errors) > 0 {
		return noResult(eng, "errors")
	}
	if len(resp.Conflicts) == 0 {
		return []string{"kubectl fails (a conflict or an error, at random: overwrite: false and a $deleteFromPrimitiveList on both sides); the engine reports neither"}
	}
	allowed := map[string]bool{}
	var diffs []string
	for _, o := range ref.Outcomes {
		allowed[o.Resource] = o.Conflict || o.Unstable
	}
	got := map[string]bool{}
	for _, id := range conflictResources(eng) {
		got[id] = true
		if !allowed[id] {
			diffs = append(diffs, "the engine reports a conflict on "+id+"; kubectl does not")
		}
	}
	for _, o := range ref.Outcomes {
		if o.Conflict && !got[o.Resource] {
			diffs = append(diffs, "kubectl reports a conflict on "+o.Resource+"; the engine does not")
		}
	}
	return append(diffs, noResult(eng, "conflicts")...)
}

// conflictResources returns the resources the engine reports conflicts on, sorted, once each.
func conflictResources(eng *EngineAnswer) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range eng.Response.Conflicts {
		if !seen[c.Resource] {
			seen[c.Resource] = true
			out = append(out, c.Resource)
		}
	}
	sort.Strings(out)
	return out
}

// compareResults compares every resource's object after the apply, without managedFields: the
// engine's are the API server's record of kubectl's request (package managed), which kubectl's
// pipeline here does not hold; reference.Text composes the field manager with it and
// scripts/conformance/historydiff compares them.
func compareResults(ref *Answer, eng *EngineAnswer) []string {
	var diffs []string
	want := map[string]bool{}
	for _, o := range ref.Outcomes {
		want[o.Resource] = true
		got, ok := eng.Results[o.Resource]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%s (%s): missing from the engine's result", o.Resource, o.Action))
			continue
		}
		if d := firstDiff("", WithoutManagedFields(toPlain(o.Result)), WithoutManagedFields(toPlain(got))); d != "" {
			diffs = append(diffs, fmt.Sprintf("%s (%s) result: %s", o.Resource, o.Action, d))
		}
	}
	for id := range eng.Results {
		if !want[id] {
			diffs = append(diffs, id+": in the engine's result, not in kubectl's")
		}
	}
	sort.Strings(diffs)
	return diffs
}

// comparePatches compares the patch of every patched resource; a resource the engine does not
// list, or lists with an empty patch, had the empty patch {} (kubectl sends nothing then).
func comparePatches(ref *Answer, eng *EngineAnswer) []string {
	var diffs []string
	for _, o := range ref.Outcomes {
		got, listed := eng.Patches[o.Resource]
		switch {
		case o.Action == CreateAction:
			continue
		case !listed:
			got = EnginePatch{Resource: o.Resource, Type: o.PatchType, Patch: "{}"}
		}
		want := o.Patch
		if got.Patch == "" {
			got.Patch = "{}" // listed, nothing sent
		}
		if o.Action == LeaveAction {
			want = "{}"
		} else if got.Type != o.PatchType {
			diffs = append(diffs, fmt.Sprintf("%s: patch type %q, kubectl's %q", o.Resource, got.Type, o.PatchType))
		}
		var gotData, wantData any
		if err := json.Unmarshal([]byte(got.Patch), &gotData); err != nil {
			diffs = append(diffs, fmt.Sprintf("%s: the engine's patch is not JSON: %v", o.Resource, err))
			continue
		}
		_ = json.Unmarshal([]byte(want), &wantData)
		if d := firstDiff("", wantData, gotData); d != "" {
			diffs = append(diffs, fmt.Sprintf("%s patch: %s\n      kubectl: %s\n      engine:  %s", o.Resource, d, want, got.Patch))
		}
	}
	return diffs
}

// toPlain turns a map[string]any into an any for firstDiff (nil map stays a nil interface).
func toPlain(m map[string]any) any {
	if m == nil {
		return nil
	}
	return m
}

// firstDiff describes the first place where want and got differ, or "" when they are equal.
func firstDiff(path string, want, got any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return mismatch(path, want, got)
		}
		return firstMapDiff(path, w, g)
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return mismatch(path, want, got)
		}
		for i := range w {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if reflect.DeepEqual(want, got) {
		return ""
	}
	if w, g, ok := embeddedJSON(want, got); ok {
		// The last-applied annotation: a JSON document in a string.
		if d := firstDiff(path+"(json)", w, g); d != "" {
			return d
		}
	}
	return mismatch(path, want, got)
}

// embeddedJSON reads two strings that both hold a JSON object.
func embeddedJSON(want, got any) (any, any, bool) {
	ws, wok := want.(string)
	gs, gok := got.(string)
	if !wok || !gok || !strings.HasPrefix(ws, "{") || !strings.HasPrefix(gs, "{") {
		return nil, nil, false
	}
	var w, g any
	if json.Unmarshal([]byte(ws), &w) != nil || json.Unmarshal([]byte(gs), &g) != nil {
		return nil, nil, false
	}
	return w, g, true
}

// firstMapDiff compares two maps key by key, in sorted order.
func firstMapDiff(path string, want, got map[string]any) string {
	keys := map[string]bool{}
	for k := range want {
		keys[k] = true
	}
	for k := range got {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		w, wok := want[k]
		g, gok := got[k]
		p := path + "." + k
		switch {
		case !wok:
			return fmt.Sprintf("%s: engine has %s, kubectl has nothing", p, short(g))
		case !gok:
			return fmt.Sprintf("%s: kubectl has %s, engine has nothing", p, short(w))
		}
		if d := firstDiff(p, w, g); d != "" {
			return d
		}
	}
	return ""
}

// mismatch describes two different values at path.
func mismatch(path string, want, got any) string {
	if path == "" {
		path = "."
	}
	return fmt.Sprintf("%s: kubectl has %s, engine has %s", path, short(want), short(got))
}

// short writes a value as JSON, cut to a readable length.
func short(v any) string {
	data, _ := json.Marshal(v)
	s := string(data)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// WithoutManagedFields returns v without metadata.managedFields (a copy when it holds them): the
// differentials of the client-side modes compare objects so, since the references hold no field
// manager (reference.Text composes one).
func WithoutManagedFields(v any) any {
	obj, ok := v.(map[string]any)
	if !ok {
		return v
	}
	meta, ok := obj["metadata"].(map[string]any)
	if _, has := meta["managedFields"]; !ok || !has {
		return v
	}
	out, m := make(map[string]any, len(obj)), make(map[string]any, len(meta))
	for k, x := range obj {
		out[k] = x
	}
	for k, x := range meta {
		if k != "managedFields" {
			m[k] = x
		}
	}
	out["metadata"] = m
	return out
}
