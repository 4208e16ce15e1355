package modes

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Refuse adds to resp the API server's refusal of the object it would store for a resource
// (package apiserver: names, labels, annotations, finalizers): one error for each refused field,
// at its place in the config (t.Updated), else in live, with kubectl's message for it, and what
// kubectl prints of the object (resp.Refused). An object the server accepts gets its warnings
// instead (apiserver.Warnings, resp.Warned). Nothing for a kind the built-in schema does not
// describe, or that the user's schema declares (a custom resource: not checked).
func (in *Input) Refuse(resp *contract.Response, t stream.Triple, stored apiserver.Stored) {
	errs, printed := in.refusals(t, stored)
	if len(errs) == 0 && in.checked(t.ID, stored.Root) {
		if lines := in.warnings(t, stored); len(lines) > 0 {
			resp.Warned = append(resp.Warned, contract.Warned{Resource: t.ID.String(), Lines: lines})
		}
	}
	if len(errs) > 0 {
		if in.Request.Options.Validate == contract.ValidateWarn {
			printed = unknownFieldWarnings(stored.Drops) + printed
		}
		resp.Errors = append(resp.Errors, errs...)
		resp.Refused = append(resp.Refused, contract.Refusal{Resource: t.ID.String(), Printed: printed, Errors: len(errs)})
	}
}

// warnings are the API server's warnings on an object it accepts, as kubectl prints them: under
// field validation warn, the fields it does not know (observed on v1.37.2, 2026-12-06: printed
// first, on every apply whose patch holds one), then the object's own (apiserver.Warnings; on an
// update of live, apiserver.WarningsOnUpdate).
func (in *Input) warnings(t stream.Triple, stored apiserver.Stored) []string {
	var lines []string
	if in.Request.Options.Validate == contract.ValidateWarn {
		lines = strings.Split(strings.TrimSuffix(unknownFieldWarnings(stored.Drops), "\n"), "\n")
		if lines[0] == "" {
			lines = nil
		}
	}
	obj := apiserver.Object{APIVersion: t.ID.APIVersion, Kind: t.ID.Kind, Root: stored.Root}
	if live := RootOf(t.Live); live != nil {
		old := apiserver.Object{APIVersion: t.ID.APIVersion, Kind: t.ID.Kind, Root: in.LiveAsStored(t.ID, live)}
		return append(lines, apiserver.WarningsOnUpdate(obj, old)...)
	}
	return append(lines, apiserver.Warnings(obj)...)
}

// unknownFieldWarnings is what kubectl prints under field validation warn, before the API
// server's refusal of an object or its output, for the fields the server does not know and drops: `Warning: unknown field
// "spec.template.spec.containers[1].foo"`, a line each, by the object's own positions and sorted
// by path; "" for none. Observed on kube-apiserver v1.37.2 (make apiserver-diff seed 2, patch-14;
// seed 3, patch-7, where the patch's $setElementOrder put the container second and a map
// holding "$patch" under an unknown field was not stored, so not warned of).
func unknownFieldWarnings(drops []apiserver.Drop) string {
	var fields []string
	for _, d := range drops {
		if d.Why == apiserver.DroppedUnknown {
			fields = append(fields, d.Field)
		}
	}
	slices.Sort(fields)
	var b strings.Builder
	for _, f := range fields {
		b.WriteString("Warning: unknown field " + strconv.Quote(f) + "\n")
	}
	return b.String()
}

// RefuseDirectives adds to resp the API server's refusal of a patched object that holds patch
// directives (apiserver.StrictDecoding), under kubectl's strict field validation
// (options.validate strict), and reports whether it did: the server's decoder refuses them
// before any validation, so the caller checks nothing more (Refuse).
func (in *Input) RefuseDirectives(resp *contract.Response, t stream.Triple, stored apiserver.Stored) bool {
	v := in.Request.Options.Validate
	if !in.checked(t.ID, stored.Root) || v != "" && v != contract.ValidateStrict {
		return false
	}
	r := apiserver.StrictDecoding(stored.Drops)
	if r == nil {
		return false
	}
	errs := located(r, t)
	resp.Errors = append(resp.Errors, errs...)
	resp.Refused = append(resp.Refused, contract.Refusal{Resource: t.ID.String(), Printed: r.Message(), Errors: len(errs)})
	return true
}

// checked reports whether the API server's refusals of a resource are modelled: a stored object
// of a built-in kind the user's schema does not declare, with options.apiServer on.
func (in *Input) checked(id stream.ID, stored *yamltree.Node) bool {
	return stored != nil && in.Request.Options.ModelsAPIServer() && in.User.Root(id.APIVersion, id.Kind) == nil && in.Schema.Root(id.APIVersion, id.Kind) != nil
}

// refusals are the errors of the server's refusal and what kubectl prints of it.
func (in *Input) refusals(t stream.Triple, stored apiserver.Stored) ([]contract.Error, string) {
	id := t.ID
	if !in.checked(id, stored.Root) {
		return nil, ""
	}
	namespaced, _ := in.Schema.Namespaced(id.APIVersion, id.Kind)
	r := apiserver.Check(apiserver.Object{APIVersion: id.APIVersion, Kind: id.Kind, Namespaced: namespaced, Root: stored.Root, Live: RootOf(t.Live), Drops: stored.Drops})
	if r == nil {
		return nil, ""
	}
	return located(r, t), r.Message()
}

// located is one error for each problem of a refusal, at its place in the config, else in live.
func located(r *apiserver.Refusal, t stream.Triple) []contract.Error {
	out := make([]contract.Error, len(r.Problems))
	for i, p := range r.Problems {
		pos := apiserver.Locate(p, RootOf(t.Updated), RootOf(t.Live))
		input := pos.Input
		if input == "" {
			input = yamltree.Updated
		}
		out[i] = contract.Error{Input: string(input), Line: pos.Line, Column: pos.Column, Message: r.Of(p)}
	}
	return out
}

// RootOf is a resource's object, nil for none.
func RootOf(r *stream.Resource) *yamltree.Node {
	if r == nil {
		return nil
	}
	return r.Root
}
