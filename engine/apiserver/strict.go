package apiserver

import (
	"sort"
	"strconv"
	"strings"
)

// StrictDecoding returns the API server's refusal of a patched object that holds patch
// directives ("$setElementOrder/volumeMounts", "$patch") among its fields, nil when it holds
// none: a patch's list item that live lacks is added as the patch writes it, directives and all,
// and under strict field validation (kubectl --validate=strict, its default) the server's
// decoder refuses every field the kind's Go type does not declare. drops are the values the
// object does not store (Store); the directives are its unknown fields whose name starts with
// "$". kubectl prints the refusal with what is left of the patch as a Go map, which the package
// does not write ("map[…]"). Observed on kube-apiserver and kubectl v1.37.2 (make apiserver-diff,
// seed 1, apply-2: a container live lacks, whose volumeMounts the config changed):
//
//	The request is invalid: patch: Invalid value: "map[metadata:map[...] spec:map[...]]": strict decoding error: unknown field "spec.jobTemplate.spec.template.spec.containers[0].$setElementOrder/volumeMounts", unknown field "spec.jobTemplate.spec.template.spec.containers[0].volumeMounts[1].$patch"
func StrictDecoding(drops []Drop) *Refusal {
	r := &Refusal{StrictDecoding: true}
	for _, d := range drops {
		steps := fieldSteps(d.Field)
		if d.Why == DroppedUnknown && len(steps) > 0 && strings.HasPrefix(steps[len(steps)-1], "$") {
			r.Problems = append(r.Problems, Problem{Field: d.Field, Detail: "unknown field", At: Place{Path: steps}})
		}
	}
	if len(r.Problems) == 0 {
		return nil
	}
	// the server's order is the object's as JSON with sorted keys; the fields' text sorts alike
	// but for items past the tenth
	sort.SliceStable(r.Problems, func(i, j int) bool { return r.Problems[i].Field < r.Problems[j].Field })
	return r
}

// strictMessage is kubectl's text of a strict decoding refusal.
func (r *Refusal) strictMessage() string {
	fields := make([]string, len(r.Problems))
	for i, p := range r.Problems {
		fields[i] = "unknown field " + strconv.Quote(p.Field)
	}
	return `The request is invalid: patch: Invalid value: "map[…]": strict decoding error: ` + strings.Join(fields, ", ")
}

// fieldSteps splits a field as the server writes it (spec.containers[0].$patch) into steps:
// field names, list indices as numbers.
func fieldSteps(field string) []string {
	return strings.FieldsFunc(field, func(r rune) bool { return r == '.' || r == '[' || r == ']' })
}
