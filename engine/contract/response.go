package contract

import (
	"errors"
	"slices"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/engine/linediff"
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
	// Dropped: in the config (updated), not in the result, though nothing removed it on
	// purpose: an item of a list merged by key that shares its key with another item of the
	// config (a strategic merge patch matches items on the key alone and keeps one), an item
	// kyaml drops for lacking its list's key. Its line is updated's; like a deleted mark it
	// carries the Place where it is drawn in the result.
	Dropped Mark = "dropped"
	// Retained: named by the updated input and kept as live had it.
	Retained Mark = "retained"
	// Ignored: in live only, named by neither original nor updated, left alone.
	Ignored Mark = "ignored"
	// Conflicted: the merge would change it, but another owner (or live drift) holds it. Its
	// line is live's.
	Conflicted Mark = "conflict"
)

// LinesOf names the text whose lines a field's Line and EndLine count with mark m: "live" for
// deleted and conflicting marks, "updated" for dropped ones, "result" for the others.
func (m Mark) LinesOf() string {
	switch m {
	case Deleted, Conflicted:
		return "live"
	case Dropped:
		return "updated"
	}
	return "result"
}

// Response is the answer to a Request. Every key is always present.
type Response struct {
	// Version is the contract version the response is written in: the engine's Version, or an
	// older one a request named (WrittenIn, OldestVersion).
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
	// Extra carries what one mode adds; each key is documented in docs/contract.md.
	Extra map[string]any `json:"extra"`
	// Commands are the command lines the request stands for (kubectl apply, kubectl apply
	// --server-side, kubectl patch, kpt pkg update, helm upgrade) with what each prints. When the
	// request failed, only a command kubectl itself refuses before sending anything, its Error
	// holding kubectl's message (a config whose metadata does not decode); else empty.
	Commands []Command `json:"commands"`
	// Reproduce is the reproduce script when the request asked for it (Request.Reproduce), else "".
	Reproduce string `json:"reproduce"`
	// Layout says where the result's blocks are, so that a reader draws the result without
	// reading its YAML.
	Layout Layout `json:"layout"`
	// Steps holds, for a history, every step's response in order (the response's other keys
	// describe the last step); empty for a single-mode request.
	Steps []*Response `json:"steps"`
	// ResultResources names the resource of each document of Result, in order, when the mode
	// knows it (not part of the JSON): the handler uses it to diff each resource apart.
	ResultResources []string `json:"-"`
	// Decisions holds each resource's decision log, when the mode keeps one (not part of the
	// JSON): the marks' rules are read from it, and tests check that every mark has its decision.
	Decisions decision.Book `json:"-"`
	// Refused lists the objects the API server refuses (package apiserver), when a mode found
	// any (not part of the JSON): the commands print kubectl's text for them, and the reproduce
	// script checks that a cluster refuses them too. Beside errors when the request is refused
	// whole (RefusedOnly); without errors when the server accepts the other objects
	// (PartlyRefused: extra.refused lists them).
	Refused []Refusal `json:"-"`
	// Warned lists the objects the API server accepts with warnings (package apiserver), for
	// the commands: kubectl prints them on its standard error, which a command shows when it
	// fails (not part of the JSON).
	Warned []Warned `json:"-"`
	// LiveDiff, when a mode sets it, works out extra.diff in the mode's own writing (merge3's);
	// without it the handler compares live and the result itself. The handler calls it only when
	// the request asks for the diff (Request.Skip).
	LiveDiff func() []linediff.Hunk `json:"-"`
	// PatchLater, when a mode sets it (only for a request that leaves the patches out,
	// Request.Skip), works out Patch: the handler calls it only when a request asks for the
	// patch of the same merge again. A long stream's patch text is megabytes, written at every
	// key and thrown away.
	PatchLater func() string `json:"-"`
	// Pieces, when a mode left its answer in pieces (SetPieces), are the result, the marks
	// and the layout piece by piece, where each stands (not part of the JSON): Result, Fields
	// and Layout are then empty until Whole puts them together, and a delta against another
	// answer held in pieces is written from the pieces that differ (EncodeAnswer).
	Pieces []Placed `json:"-"`
}

// Field is the mark of one field.
type Field struct {
	// Resource is the resource's identity, apiVersion/kind/namespace/name.
	Resource string `json:"resource"`
	// Path is the field's path in structured-merge-diff style:
	// .spec.containers[name="nginx"].image
	Path string `json:"path"`
	Mark Mark   `json:"mark"`
	// Line is 1-based in the result; for deleted and conflict marks it is the line in live, for
	// dropped marks the line in updated.
	Line int `json:"line"`
	// EndLine is the last line the mark covers in the same text as Line: a whole item or map,
	// a list replaced whole, a block scalar's text, a value continued over several lines; 0
	// when the mark covers Line alone. The lines from Line to EndLine are the field's, all of
	// them: a reader never has to look further.
	EndLine int `json:"endLine"`
	// Reason names the rule that decided the mark, for a learner.
	Reason string `json:"reason"`
	// Rule is the identifier of the mode's decision that made the mark ("apply/forced"), as
	// recorded in the resource's decision log; "" only for marks no decision made yet.
	Rule string `json:"rule"`
	// Place says where a deleted mark is drawn in the result (its lines being live's), or a
	// dropped one (its lines being updated's); nil for every other mark, and when there is no
	// result.
	Place *Place `json:"place,omitempty"`
}

// Place is where a field the result lacks is drawn in it: live's lines Line to EndLine (updated's,
// for a dropped mark), struck, after a line of the result, moved to the result's indentation.
type Place struct {
	// After is the result line the field's lines follow; 0 puts them above the first line.
	After int `json:"after"`
	// Shift is the columns live's (or updated's) lines move to stand at the result's indentation: spaces
	// added in front of each line, or (negative) leading spaces taken away.
	Shift int `json:"shift"`
	// Under is the result line of the map or list the field is drawn in (its key's line, or its
	// item's "-" line); 0 for a field of a document's root, or a whole resource.
	Under int `json:"under"`
	// Doc is the result document (0-based) the field belongs to; for a whole resource, the
	// document it is drawn before (the number of documents above it).
	Doc int `json:"doc"`
}

// Layout is where the blocks of the text an answer shows are: the result's, or live's when the
// answer has no result but marks on live (conflicts). Empty when it shows neither.
type Layout struct {
	// Blocks are the lines that open a map or list written on the lines below (a key whose
	// value is a block map or list, a "-" whose item is a block list), each with the last line
	// of what it opens: [line, end].
	Blocks [][2]int `json:"blocks"`
	// Folds are the blocks a reader may fold away: each resource's metadata.managedFields and
	// kubectl's last-applied annotation, when written over several lines.
	Folds []Fold `json:"folds"`
}

// Fold is one block a reader may fold: the line naming its key stays, the lines after it up to
// EndLine may hide.
type Fold struct {
	// Path is the block's path (.metadata.managedFields,
	// .metadata.annotations.kubectl.kubernetes.io/last-applied-configuration).
	Path    string `json:"path"`
	Line    int    `json:"line"`
	EndLine int    `json:"endLine"`
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

// Command is one command line a request stands for, and what it prints.
type Command struct {
	// Tool is the program run: kubectl, kpt or helm.
	Tool string `json:"tool"`
	// Line is the command as typed in a POSIX shell, each word quoted as it needs; the config
	// is the file config.yaml (upstream's new version for kpt).
	Line string `json:"line"`
	// About says what the command is in the playground's terms ("Helm 2: a two-way upgrade").
	About string `json:"about"`
	// Output holds the lines the command prints on its standard output, one per resource, as
	// kubectl prints them ("deployment.apps/web configured"); empty for a tool whose output the
	// engine does not state (kpt, helm).
	Output []string `json:"output"`
	// Error is what the command prints on its standard error when it fails (kubectl's
	// "error: Apply failed with 1 conflict: ..." and the ways out it lists, after the API
	// server's warnings), "" when it succeeds.
	Error string `json:"error"`
	// Warnings are the lines a command that succeeds prints on its standard error: the API
	// server's warnings on the objects it wrote ("Warning: unknown field ...", "Warning:
	// spec.template.spec.containers[0].ports[1]: duplicate port definition with ..."), in the
	// order kubectl prints them, before its output; left out when there are none.
	Warnings []string `json:"warnings,omitempty"`
}

// Refusal is one object the API server refuses.
type Refusal struct {
	_ incomparable.Field
	// Resource names the object refused (apiVersion/kind/namespace/name); "" when the refusal
	// is not one object's (a tool that refuses the whole request).
	Resource string
	// Printed is what kubectl prints of it on its standard error.
	Printed string
	// Errors is how many of the response's errors it accounts for (one a refused field).
	Errors int
}

// Warned is an object the API server accepts with warnings, and what kubectl prints of them.
type Warned struct {
	// Resource names the object (apiVersion/kind/namespace/name).
	Resource string
	// Lines are kubectl's lines for the warnings ("Warning: spec.template...: ..."), in order.
	Lines []string
}

// RefusedKey is the extra key of the objects the API server refuses in a request whose other
// objects it accepts (RefusedObject).
const RefusedKey = "refused"

// RefusedObject is one object the API server refuses while it accepts the others of the same
// request (kubectl apply -f, patch, replace go on through the file): the result holds it as live
// held it, nothing written. Kept in Extra under RefusedKey, a list in the request's order.
type RefusedObject struct {
	Resource string `json:"resource"`
	// Line is the first line of the object in the result (live's object, as the cluster keeps
	// it); 0 when the result does not hold it (a create refused).
	Line int `json:"line"`
	// EndLine is the object's last line in the result; 0 with Line.
	EndLine int `json:"endLine"`
	// Printed is what kubectl prints of the refusal on its standard error.
	Printed string `json:"printed"`
	// Errors are the refused fields, each at its place in the config (else in live), with the
	// server's message: the errors a request refused whole would carry.
	Errors []Error `json:"errors"`
}

// WriteJSON writes the refused object.
func (o RefusedObject) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("resource").String(o.Resource)
	w.Key("line").Int(o.Line)
	w.Key("endLine").Int(o.EndLine)
	w.Key("printed").String(o.Printed)
	w.Key("errors")
	jsonwire.WriteList(w, o.Errors)
	w.CloseObject()
}

// RefusedObjects is extra.refused: a list of RefusedObject.
type RefusedObjects = jsonwire.List[RefusedObject]

// SetPatch sets the patch text from patch: now, or for later (PatchLater) when skip, the
// request's Skip, leaves the patches out.
func (r *Response) SetPatch(skip []string, patch func() string) {
	if slices.Contains(skip, SkipPatches) {
		r.PatchLater = patch
		return
	}
	r.Patch = patch()
}

// PartlyRefused reports whether the API server refuses some objects of the response and accepts
// the others: the response has a result and no errors, and extra.refused lists the refused.
func (r *Response) PartlyRefused() bool {
	return len(r.Refused) > 0 && len(r.Errors) == 0
}

// RefusedOnly reports whether the response's errors are all the API server's refusals: kubectl
// sent the objects and the server refused them, which a cluster can replay.
func (r *Response) RefusedOnly() bool {
	n := 0
	for _, x := range r.Refused {
		n += x.Errors
	}
	return n > 0 && n == len(r.Errors)
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
	return &Response{Version: Version, Fields: []Field{}, Conflicts: []Conflict{}, Errors: []Error{}, Extra: map[string]any{},
		Commands: []Command{}, Layout: Layout{Blocks: [][2]int{}, Folds: []Fold{}}, Steps: []*Response{}}
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
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			r.AddError(input, e)
		}
		return
	}
	if located, ok := errors.AsType[*yamltree.Error](err); ok {
		r.Errors = append(r.Errors, Error{Input: string(located.Input), Line: located.Line, Column: located.Column, Message: located.Message})
		return
	}
	r.Errors = append(r.Errors, Error{Input: input, Message: err.Error()})
}

// Normalize restores the contract's promises on a response a mode built: nil slices become empty,
// and a response with errors carries no result, and no command but one kubectl refuses. Its
// Version is the engine's, unless it is written for an older version the engine still writes
// (WrittenIn).
func (r *Response) Normalize() *Response {
	if r.Version < OldestVersion || r.Version > Version {
		r.Version = Version
	}
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
	if r.Commands == nil {
		r.Commands = []Command{}
	}
	if r.Steps == nil {
		r.Steps = []*Response{}
	}
	for i := range r.Commands {
		if r.Commands[i].Output == nil {
			r.Commands[i].Output = []string{}
		}
	}
	if len(r.Errors) > 0 {
		r.Layout = Layout{}
	}
	if r.Layout.Blocks == nil {
		r.Layout.Blocks = [][2]int{}
	}
	if r.Layout.Folds == nil {
		r.Layout.Folds = []Fold{}
	}
	if len(r.Errors) > 0 {
		if !r.RefusedOnly() {
			r.Reproduce = ""
		}
		r.Result, r.Patch, r.Fields, r.Pieces = "", "", []Field{}, nil
		r.Commands = slices.DeleteFunc(r.Commands, func(c Command) bool { return c.Error == "" })
	}
	return r
}

// Encode writes the response as JSON (WriteJSON). '<', '>' and '&' are written as themselves,
// not as encoding/json's \u003c, \u003e and \u0026 (the response is read as JSON, never placed
// in HTML as it is): a value full of them (markup in a ConfigMap, "&&" in a dashboard's query)
// would otherwise take six bytes for each, in the result, in the patches and in the line diff.
// It fails when an extra value is of a type jsonwire cannot write.
func (r *Response) Encode() ([]byte, error) {
	whole := r.Normalize().Whole()
	var w jsonwire.Writer
	w.Grow(whole.encodedSize())
	whole.writeJSON(&w, nil, whole.Version)
	return w.Bytes()
}

// AfterRefusalKey is the extra key of a refused request that nonetheless changed the objects
// (AfterRefusal).
const AfterRefusalKey = "afterRefusal"

// AfterRefusal is what a refused request leaves when the tool wrote to the objects before the
// request it was refused on: the objects as the cluster then holds them, and why (Helm 4's first
// server-side upgrade of a release applied client-side moves helm's managedFields entry before
// its apply, and the cluster keeps the move when the apply then conflicts). A history's next
// step meets these objects (package history). Kept in Extra under AfterRefusalKey.
type AfterRefusal struct {
	_ incomparable.Field
	// Result is the objects as the cluster holds them after the refusal, as a YAML stream.
	Result string `json:"result"`
	// Reason says what the tool wrote before it was refused.
	Reason string `json:"reason"`
}

// WriteJSON writes what a refused request leaves.
func (a AfterRefusal) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("result").String(a.Result)
	w.Key("reason").String(a.Reason)
	w.CloseObject()
}

// LeftAfterRefusal is what a refused response says the cluster holds after it (its
// AfterRefusal), and whether it says anything: a refusal says nothing when the tool wrote
// nothing before it.
func (r *Response) LeftAfterRefusal() (AfterRefusal, bool) {
	a, ok := r.Extra[AfterRefusalKey].(AfterRefusal)
	return a, ok
}
