package handler

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/validate"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// validateConfig checks the resources of updated against the built-in schema of their kinds, as
// kubectl's --validate asks the API server to, before a mode that validates runs
// (modes.Mode.Validates: the modes need not know). ssa's field manager validates the config
// itself (engine/managed, with structured-merge-diff's wording: ".spec.replica: field not
// declared in schema"), whatever options.validate says; merge3 (kpt) does not validate.
// Kinds that no built-in schema describes, and kinds the user's schema declares, are not checked.
// A resource whose document the last request checked against the same type (memo: the same
// node, from the reading cache of a read-only mode) keeps its problems.
func validateConfig(m modes.Mode, in *modes.Input, memo *modes.Memo) []validate.Problem {
	if !m.Validates || in.Request.Options.Validate == contract.ValidateIgnore {
		return nil
	}
	var problems []validate.Problem
	for _, r := range in.Updated {
		id := r.ID
		if id.Kind == "" && len(in.Updated) == 1 && len(in.Live) == 1 {
			id = in.Live[0].ID // a lone patch without an identity targets the lone live object
		}
		if root := builtinRoot(in, id); root != nil {
			problems = append(problems, checked(r.Root, root, memo)...)
		}
	}
	return problems
}

// validated is one document's problems against a type, kept in the memo.
type validated struct {
	root     *schema.Type
	problems []validate.Problem
}

// checked returns validate.Object(obj, root), from the memo when it holds it.
func checked(obj *yamltree.Node, root *schema.Type, memo *modes.Memo) []validate.Problem {
	key := modes.Documents{Updated: obj}
	if v, ok := memo.Recall(key); ok {
		if kept, ok := v.(validated); ok && kept.root == root {
			return kept.problems
		}
	}
	problems := validate.Object(obj, root)
	memo.Keep(key, validated{root: root, problems: problems})
	return problems
}

// builtinRoot returns the root type of a built-in kind, nil for a kind the user's schema
// declares or no schema knows.
func builtinRoot(in *modes.Input, id stream.ID) *schema.Type {
	user, all := in.Roots(id.APIVersion, id.Kind)
	if user != nil {
		return nil
	}
	return all
}

// refused reports whether validation's problems refuse the request: any under strict; under
// warn, a value of the wrong type (the API server cannot decode it), not an unknown field.
func refused(problems []validate.Problem, mode string) bool {
	for _, p := range problems {
		if mode != contract.ValidateWarn || p.Kind == validate.WrongType {
			return true
		}
	}
	return false
}

// refuseProblems answers strict validation's problems as errors in updated.
func refuseProblems(problems []validate.Problem) *contract.Response {
	resp := contract.NewResponse()
	resp.Errors = listProblems(problems)
	return resp
}

// listProblems writes problems as the contract's errors: refused, or listed by warn in
// extra.validation ([{input, line, column, message}]).
func listProblems(problems []validate.Problem) []contract.Error {
	out := make([]contract.Error, 0, len(problems))
	for _, p := range problems {
		out = append(out, contract.Error{Input: string(p.Pos.Input), Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message})
	}
	return out
}
