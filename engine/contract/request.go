package contract

import (
	"errors"
	"strconv"
	"time"

	"github.com/mergeplay/mergeplay/engine/rfc3339"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// Version is the contract's version, written in every response. Version 2 writes the marks
// naming their resource, path, reason and rule by index in the answer's names; a request that
// names version 1 (OldestVersion) gets them whole, as version 1 wrote them.
const Version = 2

// History is the mode of a history request: Steps, each a single-mode request, run in order on
// the object (package history).
const History = "history"

// Request asks for one merge.
type Request struct {
	// Version, when given, is the contract version the response is written in: from
	// OldestVersion to the engine's Version (0: the engine's).
	Version int `json:"version,omitempty"`
	// Mode is one of apply, merge3, ssa, patch, twoway, or History.
	Mode string `json:"mode"`
	// Original, Updated and Live are YAML streams; what each means depends on the mode.
	Original string  `json:"original"`
	Updated  string  `json:"updated"`
	Live     string  `json:"live"`
	Options  Options `json:"options"`
	// Reproduce asks for the response's reproduce script (a POSIX shell script that replays the
	// merge on a test cluster and compares what the cluster holds with the result). It changes
	// nothing else in the answer; the page asks for it only when the reader downloads it.
	Reproduce bool `json:"reproduce,omitempty"`
	// Skip lists parts of the answer to leave out: "diff" (extra.diff) and "patches" (patch and
	// extra.patches), the heaviest parts on a long stream, which the page shows only in their
	// tabs. The response's extra.skipped lists what was left out; asking again for the same
	// merge without them answers from the last answer, without merging again.
	Skip []string `json:"skip,omitempty"`
	// Steps are a history's steps (mode History), in order: each a single-mode request without
	// live (its live is the object as the step before left it; Live is the initial object). A
	// step's omitted options take their defaults; the history's now, schema and schemaType apply
	// to the steps that leave them empty.
	Steps []*Request `json:"steps,omitempty"`
	// Deltas says the caller takes deltas (docs/contract.md, "Deltas"): the answer is numbered
	// (extra.answer), and written as a delta against the caller's last answer when Since names
	// the last answer the handler gave. Neither changes the merge; a history's steps take neither.
	Deltas bool `json:"deltas,omitempty"`
	// Since is the number (extra.answer) of the last answer the caller holds whole; 0 for none.
	Since int `json:"since,omitempty"`
}

// The parts of an answer a request may leave out (Request.Skip).
const (
	// SkipDiff leaves out extra.diff.
	SkipDiff = "diff"
	// SkipPatches leaves out patch and extra.patches.
	SkipPatches = "patches"
)

// Options tune a merge. The zero value is not the default: use DefaultOptions, or DecodeRequest,
// which starts from it.
type Options struct {
	// Overwrite lets apply replace live values that drifted from last-applied (kubectl apply
	// --overwrite, true by default); false reports such fields as conflicts.
	Overwrite bool `json:"overwrite"`
	// Prune deletes resources that last-applied had and the config dropped (kubectl apply --prune).
	Prune bool `json:"prune"`
	// Manager is the field manager of a server-side apply or update.
	Manager string `json:"manager"`
	// Force takes over conflicting fields in a server-side apply.
	Force bool `json:"force"`
	// Operation is "apply" or "update" for server-side apply.
	Operation string `json:"operation"`
	// Client is who sends a server-side apply: "kubectl" (the default: kubectl apply
	// --server-side, which adds its own steps around the API server's apply, among them the
	// hand-over of a client-side-applied object's managedFields) or "server" (the API server's
	// apply alone, as client-go or a controller sends it). Empty means kubectl.
	Client string `json:"client"`
	// InferKeys lets merge3 guess the merge keys of lists no schema describes.
	InferKeys bool `json:"inferKeys"`
	// MultiKeys merges lists on several key fields where server-side apply does (patch, apply).
	MultiKeys bool `json:"multiKeys"`
	// Schema is a user schema: OpenAPI v2 or v3, a CRD, or a structured-merge-diff schema.
	Schema string `json:"schema"`
	// SchemaType names the schema type of documents that carry no known kind.
	SchemaType string `json:"schemaType"`
	// Now is the time written into managedFields, RFC 3339; empty means the current time.
	Now string `json:"now"`
	// Validate is kubectl's --validate for apply, patch, twoway and ssa: "strict" (the default;
	// a field the kind does not declare, or a value of the wrong type, in the config is an error
	// worded as the API server words it), "warn" (merge, and list the problems in
	// extra.validation) or "ignore". Empty means strict. merge3 does not validate, as kpt does not.
	Validate string `json:"validate"`
	// APIServer says whether the answer is the API server's, "on" (the default: the object as
	// the server stores it, refused as it validates it; docs/apiserver.md), or the merge
	// libraries' alone, "off" (what the reference libraries answer: the differentials ask so).
	// Empty means on.
	APIServer string `json:"apiServer"`
	// Replicas is kubectl scale's --replicas, a count ("7"), for the scale mode; empty: none.
	Replicas string `json:"replicas"`
	// Subresource is the subresource a controller's update goes through: "" (the object),
	// "status" or "scale".
	Subresource string `json:"subresource"`
	// Args are a command's words after the object, in kubectl's syntax: kubectl label's and
	// kubectl annotate's key=value, key- and --overwrite.
	Args string `json:"args"`
	// Release is the Helm release a helm install or upgrade acts for (helm3, helm4): its name
	// goes into the command line and the ownership annotations; empty: the name of the first
	// object of the render.
	Release string `json:"release"`
	// ServerSide is Helm 4's --server-side: "auto" (the default: an install applies server-side,
	// an upgrade as the release was last applied), "true" or "false". Empty means auto.
	ServerSide string `json:"serverSide"`
}

// The values of Options.ServerSide.
const (
	ServerSideAuto  = "auto"
	ServerSideTrue  = "true"
	ServerSideFalse = "false"
)

// The values of Options.APIServer.
const (
	APIServerOn  = "on"
	APIServerOff = "off"
)

// ModelsAPIServer reports whether the answer is the API server's (Options.APIServer).
func (o Options) ModelsAPIServer() bool { return o.APIServer != APIServerOff }

// The values of Options.Subresource besides the object's own "".
const (
	SubresourceStatus = "status"
	SubresourceScale  = "scale"
)

// The values of Options.Client.
const (
	ClientKubectl = "kubectl"
	ClientServer  = "server"
)

// FromKubectl reports whether a server-side apply comes from kubectl (Options.Client).
func (o Options) FromKubectl() bool { return o.Client == "" || o.Client == ClientKubectl }

// The values of Options.Validate, as kubectl's --validate names them.
const (
	ValidateStrict = "strict"
	ValidateWarn   = "warn"
	ValidateIgnore = "ignore"
)

// DefaultOptions returns kubectl's defaults.
func DefaultOptions() Options {
	return Options{Overwrite: true, Manager: "kubectl", Operation: "apply", Client: ClientKubectl, Validate: ValidateStrict,
		APIServer: APIServerOn, ServerSide: ServerSideAuto}
}

// DecodeRequest reads a request. Options it omits take their defaults; a field the contract does
// not know is an error, so that a misspelt option never passes unnoticed; so is anything after
// the request object but white space. Errors name the line and column.
func DecodeRequest(data []byte) (*Request, error) {
	req, err := readRequest(data)
	if err != nil {
		return nil, verb.Wrap("reading the request: ", err)
	}
	if req.Version > Version || req.Version < 0 {
		return nil, errors.New("the request is for contract version " + strconv.Itoa(req.Version) + "; this engine speaks versions 1 to " + strconv.Itoa(Version))
	}
	switch req.Options.Operation {
	case "apply", "update":
	default:
		return nil, errors.New("options.operation must be \"apply\" or \"update\", not " + strconv.Quote(req.Options.Operation))
	}
	switch req.Options.Client {
	case "", ClientKubectl, ClientServer:
	default:
		return nil, errors.New("options.client must be \"kubectl\" or \"server\", not " + strconv.Quote(req.Options.Client))
	}
	switch req.Options.Validate {
	case "", ValidateStrict, ValidateWarn, ValidateIgnore:
	default:
		return nil, errors.New("options.validate must be \"strict\", \"warn\" or \"ignore\", not " + strconv.Quote(req.Options.Validate))
	}
	switch req.Options.APIServer {
	case "", APIServerOn, APIServerOff:
	default:
		return nil, errors.New("options.apiServer must be \"on\" or \"off\", not " + strconv.Quote(req.Options.APIServer))
	}
	switch req.Options.Subresource {
	case "", SubresourceStatus, SubresourceScale:
	default:
		return nil, errors.New("options.subresource must be \"\", \"status\" or \"scale\", not " + strconv.Quote(req.Options.Subresource))
	}
	switch req.Options.ServerSide {
	case "", ServerSideAuto, ServerSideTrue, ServerSideFalse:
	default:
		return nil, errors.New("options.serverSide must be \"auto\", \"true\" or \"false\", not " + strconv.Quote(req.Options.ServerSide))
	}
	if _, err := req.Options.Time(); err != nil {
		return nil, err
	}
	return req, nil
}

// Time returns options.now, or the current time when it is empty.
func (o Options) Time() (time.Time, error) {
	if o.Now == "" {
		return time.Now().UTC().Truncate(time.Second), nil
	}
	t, err := rfc3339.Parse(o.Now)
	if err != nil {
		return time.Time{}, verb.Wrap("options.now must be an RFC 3339 time such as 2026-01-01T00:00:00Z: ", err)
	}
	return t, nil
}

// Input returns the text of the named input.
func (r *Request) Input(name string) string {
	switch name {
	case "original":
		return r.Original
	case "updated":
		return r.Updated
	case "live":
		return r.Live
	case "schema":
		return r.Options.Schema
	}
	return ""
}
