package contract

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mark says what a merge did to a field.
type Mark string

// The marks.
const (
	// Added: in the result, not in live.
	Added Mark = "added"
	// Changed: in live and in the result, with another value.
	Changed Mark = "changed"
	// Deleted: in live, gone from the result. Its line is live's.
	Deleted Mark = "deleted"
	// Retained: named by the updated input and kept as live had it.
	Retained Mark = "retained"
	// Ignored: in live only, named by neither original nor updated, left alone.
	Ignored Mark = "ignored"
	// Conflicted: the merge would change it, but another owner (or live drift) holds it. Its
	// line is live's.
	Conflicted Mark = "conflict"
)

// Response is the answer to a Request. Every key is always present.
type Response struct {
	Version int `json:"version"`
	// Result is the merged YAML stream; empty when the request failed or ended in conflicts.
	Result string `json:"result"`
	// Patch is what the mode sends to the server (JSON), when it sends one.
	Patch string `json:"patch"`
	// Fields mark the result's fields, with the rule that decided each.
	Fields []Field `json:"fields"`
	// Conflicts stop an apply that is not forced.
	Conflicts []Conflict `json:"conflicts"`
	// Errors point at the input, line and column that caused them.
	Errors []Error `json:"errors"`
	// Extra carries what one mode adds; each key is documented in the README.
	Extra map[string]any `json:"extra"`
	// ResultResources names the resource of each document of Result, in order, when the mode
	// knows it (not part of the JSON): the handler uses it to diff each resource apart.
	ResultResources []string `json:"-"`
	// Decisions holds each resource's decision log, when the mode keeps one (not part of the
	// JSON): the marks' rules are read from it, and tests check that every mark has its decision.
	Decisions decision.Book `json:"-"`
}

// Field is the mark of one field.
type Field struct {
	// Resource is the resource's identity, apiVersion/kind/namespace/name.
	Resource string `json:"resource"`
	// Path is the field's path in structured-merge-diff style:
	// .spec.containers[name="nginx"].image
	Path string `json:"path"`
	Mark Mark   `json:"mark"`
	// Line is 1-based in the result; for deleted and conflict marks it is the line in live.
	Line int `json:"line"`
	// EndLine is the last line of a whole item or map that the mark covers (same text as
	// Line); 0 when the mark covers one line.
	EndLine int `json:"endLine"`
	// Reason names the rule that decided the mark, for a learner.
	Reason string `json:"reason"`
	// Rule is the identifier of the mode's decision that made the mark ("apply/forced"), as
	// recorded in the resource's decision log; "" only for marks no decision made yet.
	Rule string `json:"rule"`
}

// Conflict is a field that another owner holds.
type Conflict struct {
	Resource string `json:"resource"`
	Path     string `json:"path"`
	// Manager is the owner: a field manager's name, or "live" for drift under overwrite=false.
	Manager string `json:"manager"`
	// Operation is the owner's operation in managedFields, "Apply" or "Update" ("" for drift);
	// Subresource the subresource it wrote through ("" for the main resource).
	Operation   string `json:"operation"`
	Subresource string `json:"subresource"`
	// Live is live's value of the field ("" when live lacks it) and Config what the config
	// would set there (for apply, the patch's value: null when the config deletes the field),
	// each written for a sentence: strings quoted, maps and lists in flow style, cut with "..."
	// past 60 characters.
	Live    string `json:"live"`
	Config  string `json:"config"`
	Message string `json:"message"`
	// Line is the field's line in live (0 when live lacks it).
	Line int `json:"line"`
}

// Error is a problem with the request or one of its inputs.
type Error struct {
	// Input is original, updated, live or schema; "request" for the request itself; "engine" for
	// a failure of the engine.
	Input   string `json:"input"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// NewResponse returns a response with every key present and empty.
func NewResponse() *Response {
	return &Response{Version: Version, Fields: []Field{}, Conflicts: []Conflict{}, Errors: []Error{}, Extra: map[string]any{}}
}

// Fail returns a response carrying only the error err: a located *yamltree.Error keeps its place;
// any other error is reported against input.
func Fail(input string, err error) *Response {
	r := NewResponse()
	r.AddError(input, err)
	return r
}

// AddError appends err to the response's errors (see Fail).
func (r *Response) AddError(input string, err error) {
	var located *yamltree.Error
	if errors.As(err, &located) {
		r.Errors = append(r.Errors, Error{Input: string(located.Input), Line: located.Line, Column: located.Column, Message: located.Message})
		return
	}
	r.Errors = append(r.Errors, Error{Input: input, Message: err.Error()})
}

// Normalize restores the contract's promises on a response a mode built: nil slices become empty,
// and a response with errors carries no result.
func (r *Response) Normalize() *Response {
	r.Version = Version
	if r.Fields == nil {
		r.Fields = []Field{}
	}
	if r.Conflicts == nil {
		r.Conflicts = []Conflict{}
	}
	if r.Errors == nil {
		r.Errors = []Error{}
	}
	if r.Extra == nil {
		r.Extra = map[string]any{}
	}
	if len(r.Errors) > 0 {
		r.Result, r.Patch, r.Fields = "", "", []Field{}
	}
	return r
}

// Encode writes the response as JSON. '<', '>' and '&' are written as themselves, not as
// encoding/json's \u003c, \u003e and \u0026 (the response is read as JSON, never placed in
// HTML as it is): a value full of them (markup in a ConfigMap, "&&" in a dashboard's query)
// would otherwise take six bytes for each, in the result, in the patches and in the line diff.
func (r *Response) Encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r.Normalize()); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
