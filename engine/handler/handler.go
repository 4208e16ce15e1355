package handler

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/history"
	"github.com/mergeplay/mergeplay/engine/linediff"
	"github.com/mergeplay/mergeplay/engine/management"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/reproduce"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/validate"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// Handler answers requests with a fixed set of modes. It keeps the built-in schema, which is the
// same for every request; the last reading of each input and of the user schema (an edit
// re-parses only the documents that changed); what the modes and the validation worked out for
// each resource of the last request (modes.Memo: an edit merges again only the resources it
// changed); the last answer and its line diffs. It is safe for concurrent use.
type Handler struct {
	modes   map[string]modes.Mode
	order   []string // the modes' names, in the order New was given them
	builtin func() (*schema.Set, error)
	cache   *parseCache
	limits  Limits
	// diffs keeps the last answer's line diffs by document, so that an edit compares only the
	// documents that changed (extra.diff).
	diffs *linediff.Memo
	// last is the last answer, kept whole for a request that asks for what it left out.
	last *lastAnswer
	// memos holds what the modes and the config's validation worked out for each resource
	// (modes.Memo), for the next request.
	memos *memos
	// steps keeps the last history's step answers (stepAnswers).
	steps *stepAnswers
	// sent is the last answer written to a caller that takes deltas (contract.Request.Deltas).
	sent *sentAnswer
	// managed keeps how each live object of the last request is managed (extra.management).
	managed *management.Memo
	// decoded keeps whether kubectl decodes each config document of the last request.
	decoded *decodings
}

// Limits bound what a handler reads. The page's engine and the terminal front door keep
// DefaultLimits; a native caller that merges larger streams (the scaling benchmarks) may raise
// them with WithLimits.
type Limits struct {
	// MaxInputBytes bounds each input and the schema: a larger one is refused before parsing.
	MaxInputBytes int
	// MaxDepth, MaxNodes and MaxDocuments bound each input's YAML (yamltree.Options); zero
	// takes yamltree's default.
	MaxDepth, MaxNodes, MaxDocuments int
}

// DefaultLimits returns the limits docs/contract.md documents: MaxInputBytes and MaxNodes per input,
// and yamltree's default depth and document bounds.
func DefaultLimits() Limits {
	return Limits{MaxInputBytes: MaxInputBytes, MaxNodes: MaxNodes}
}

// WithLimits returns a handler with h's modes and the given limits (and a cache of its own).
func (h *Handler) WithLimits(l Limits) *Handler {
	out := New(h.Modes()...)
	out.limits = l
	return out
}

// ForOneRequest returns a handler with h's modes and limits that keeps nothing of a request for
// the next: it parses each input afresh without keeping a copy of its documents, and keeps no
// memo of the modes, of the validation or of the line diffs. It is for a caller that answers one
// request and exits (the command line), which would pay for what is kept (a copy of every
// document a mode may change, a fifth of the peak heap on make bench's twoway request) and never
// use it.
func (h *Handler) ForOneRequest() *Handler {
	out := h.WithLimits(h.limits)
	out.cache.keepNone = true
	out.diffs, out.memos, out.steps, out.managed, out.decoded = nil, nil, nil, nil, nil
	return out
}

// New returns a handler serving the given modes.
func New(ms ...modes.Mode) *Handler {
	h := &Handler{modes: map[string]modes.Mode{}, builtin: sync.OnceValues(schema.Builtin), cache: newParseCache(), limits: DefaultLimits(), diffs: &linediff.Memo{}, last: &lastAnswer{}, sent: &sentAnswer{}, memos: &memos{byMode: map[string]*modes.Memo{}}, steps: &stepAnswers{}, managed: &management.Memo{}, decoded: &decodings{}}
	for _, m := range ms {
		if _, twice := h.modes[m.Name]; !twice {
			h.order = append(h.order, m.Name)
		}
		h.modes[m.Name] = m
	}
	return h
}

// Modes returns the handler's modes, in the order New was given them (the page's order).
func (h *Handler) Modes() []modes.Mode {
	out := make([]modes.Mode, len(h.order))
	for i, name := range h.order {
		out[i] = h.modes[name]
	}
	return out
}

// HandleJSON answers a JSON request with a JSON response. It never fails: every problem becomes
// an entry of the response's errors. The response's bytes are the caller's: the handler keeps
// no reference to them.
func (h *Handler) HandleJSON(ctx context.Context, data []byte) []byte {
	req, err := contract.DecodeRequest(data)
	if err != nil {
		return encode(contract.Fail("request", err))
	}
	return h.encode(req, h.answer(ctx, req))
}

// Texts are a request's three inputs given apart from its JSON: the page's worker hands them to
// the wasm as strings of their own, so that a 4 MiB input is neither escaped into JSON by the
// page nor read back out of it by the engine.
type Texts struct {
	Original, Updated, Live string
}

// HandleJSONTexts answers, as HandleJSON does, a JSON request that leaves its inputs out, with
// the inputs given in texts. A JSON that holds an input too is refused: it would be given twice.
func (h *Handler) HandleJSONTexts(ctx context.Context, data []byte, texts Texts) []byte {
	req, err := contract.DecodeRequest(data)
	if err != nil {
		return encode(contract.Fail("request", err))
	}
	for _, name := range []string{"original", "updated", "live"} {
		if req.Input(name) != "" {
			return encode(contract.Fail("request", errors.New("the request's JSON holds "+name+" while the inputs are given apart: give each input once")))
		}
	}
	req.Original, req.Updated, req.Live = texts.Original, texts.Updated, texts.Live
	return h.encode(req, h.answer(ctx, req))
}

// encode writes a response as JSON; a response that cannot be written becomes an engine error.
func encode(resp *contract.Response) []byte {
	out, err := resp.Encode()
	if err != nil {
		out, _ = contract.Fail("engine", verb.Wrap("writing the response: ", err)).Encode()
	}
	return out
}

// Handle answers a decoded request, written in the contract version it names. A panic in a mode is recovered into an error naming the
// engine, so that a bad input can never take the page down.
func (h *Handler) Handle(ctx context.Context, req *contract.Request) *contract.Response {
	return h.answer(ctx, req).Whole().WrittenIn(req.Version)
}

// answer answers a decoded request as Handle does, but may leave the answer in pieces
// (contract.Response.Pieces): the JSON front doors write it whole or as a delta from its pieces.
func (h *Handler) answer(ctx context.Context, req *contract.Request) (resp *contract.Response) {
	defer func() {
		if p := recover(); p != nil {
			resp = contract.Fail("engine", errors.New("internal error in mode "+req.Mode+": "+verb.Value(p)+" (please report it with this input); "+firstFrames(goroutineStack())))
		}
	}()
	switch {
	case req.Mode == contract.History:
		return h.history(ctx, req)
	case len(req.Steps) > 0:
		return contract.Fail("request", errors.New("steps belong to a history (mode "+strconv.Quote(contract.History)+"); mode "+strconv.Quote(req.Mode)+" takes original, updated and live"))
	}
	m, ok := h.modes[req.Mode]
	if !ok {
		return contract.Fail("request", errors.New("unknown mode "+strconv.Quote(req.Mode)+": choose one of "+strings.Join(h.names(), ", ")+", or "+contract.History))
	}
	if tooBig := checkSizes(req, h.limits.MaxInputBytes); tooBig != nil {
		return tooBig
	}
	if err := checkSkip(req.Skip); err != nil {
		return contract.Fail("request", err)
	}
	if m.FieldValidation != "" && req.Options.ModelsAPIServer() && req.Options.Validate != m.FieldValidation {
		fixed := *req
		fixed.Options.Validate = m.FieldValidation
		req = &fixed
	}
	if again := h.answerAgain(req); again != nil {
		return again
	}
	h.forget()
	in, resources, broken, failed := h.read(m, req)
	if failed != nil {
		return failed
	}
	undecodable, left := h.dropUndecodable(m, in)
	undecodable = append(undecodable, broken...)
	problems := h.validate(m, in)
	badKinds := kindRefusals(m, in)
	if len(undecodable) == 0 {
		badKinds = append(noObjects(m, in), badKinds...)
	}
	switch {
	case !left && len(undecodable) > 0:
		resp = contract.NewResponse()
		resp.Errors = undecodable
		resp.Commands = command.Refused(m, in, undecodable)
	case len(badKinds) > 0:
		resp = contract.NewResponse()
		resp.Errors = badKinds
	case refused(problems, req.Options.Validate):
		resp = refuseProblems(problems)
	default:
		resp = h.merge(ctx, m, in, problems, undecodable)
	}
	h.describeInputs(m, in, resp, resources)
	return h.keep(req, resp, h.diffOf(in, resp))
}

// history answers a history and, when the request asks for it, writes the reproduce script of
// the whole history (extra.reproduceError says why there is none). The steps' own scripts are
// their own requests' (a step asking for its script gets it).
func (h *Handler) history(ctx context.Context, req *contract.Request) *contract.Response {
	answer := history.Answer(h.Handle)
	if h.steps != nil {
		var done func()
		answer, done = h.steps.answering(h.Handle)
		defer done()
	}
	resp := history.Run(ctx, req, answer)
	if !req.Reproduce || len(resp.Steps) != len(req.Steps) {
		return resp
	}
	extra := make(map[string]any, len(resp.Extra)+1) // the last step's, shared: a copy of its own
	for k, v := range resp.Extra {
		extra[k] = v
	}
	resp.Extra = extra
	script, err := h.historyScript(req, resp)
	if err != nil {
		resp.Extra["reproduceError"] = err.Error()
	}
	resp.Reproduce = script
	return resp
}

// historyScript reads each step's inputs again, with the object before it as live, and writes
// the whole history's reproduce script from them and the steps' answers.
func (h *Handler) historyScript(req *contract.Request, resp *contract.Response) (string, error) {
	steps := make([]reproduce.Step, len(req.Steps))
	live := req.Live
	for i, s := range req.Steps {
		one := history.StepRequest(req, s, live)
		m, ok := h.modes[one.Mode]
		if !ok {
			return "", errors.New("step " + strconv.Itoa(i+1) + ": unknown mode " + strconv.Quote(one.Mode))
		}
		in, _, _, failed := h.read(m, one)
		if failed != nil {
			return "", errors.New("step " + strconv.Itoa(i+1) + ": its inputs do not read, so no cluster replays it")
		}
		steps[i] = reproduce.Step{Mode: m, In: in, Resp: resp.Steps[i]}
		if history.CarriedOut(resp.Steps[i]) {
			live = resp.Steps[i].Result
		}
	}
	return reproduce.History(steps)
}

// describeInputs adds what every answer says of its inputs, whatever the merge did: the
// resources found (extra.resources), how each live object a cluster holds is managed
// (extra.management), and live's layout when the marks are on live's lines.
func (h *Handler) describeInputs(m modes.Mode, in *modes.Input, resp *contract.Response, resources []ResourceInfo) {
	resp.Extra["resources"] = ResourceInfos(resources)
	if m.LiveFromCluster {
		if summaries := withoutDefaultsNotes(in, h.managed.Of(in.Live)); summaries != nil {
			resp.Extra["management"] = summaries
		}
	}
	if resp.Result == "" && marksLive(resp) {
		resp.Layout = explain.LiveLayout(roots(in.Live))
	}
}

// maxDefaultsNoted bounds the live objects whose missing defaults an answer notes: past it, a
// stream is a bulk paste, and each note costs a store of its object.
const maxDefaultsNoted = 50

// withoutDefaultsNotes adds to summaries a note for each live object of a built-in kind given
// without API server defaults a cluster's object holds, under options.apiServer on (at most
// maxDefaultsNoted objects): the answer merges live as given (docs/apiserver.md, a live given in
// another form than the cluster stores it).
func withoutDefaultsNotes(in *modes.Input, summaries management.Summaries) management.Summaries {
	if !in.Request.Options.ModelsAPIServer() || len(in.Live) > maxDefaultsNoted {
		return summaries
	}
	for _, r := range in.Live {
		if in.User.Root(r.ID.APIVersion, r.ID.Kind) != nil {
			continue
		}
		defaults := in.StoreLive(r.ID, r.Root).Defaults
		if len(defaults) == 0 {
			continue
		}
		names := make([]string, 0, 3)
		for _, d := range defaults[:min(3, len(defaults))] {
			names = append(names, d.Field[strings.LastIndexByte(d.Field, '.')+1:])
		}
		if len(defaults) > 3 {
			names = append(names, "…")
		}
		summaries = management.WithNote(summaries, r.ID.String(), r.Line(), "Given without "+strconv.Itoa(len(defaults))+
			" of the API server's defaults ("+strings.Join(names, ", ")+"): a cluster's object holds them, as `kubectl get -o yaml` shows. "+
			"The marks compare with live as given; kubectl's patch and a server-side apply's before-first-apply meet live as the cluster holds it, and the answer follows them.")
	}
	return summaries
}

// validate checks the configs as kubectl's validation does; a read-only mode's documents are the
// same nodes again from one request to the next, so its checks are remembered across requests.
func (h *Handler) validate(m modes.Mode, in *modes.Input) []validate.Problem {
	if !m.ReadOnly {
		return validateConfig(m, in, nil)
	}
	memo := h.memos.take("validate "+m.Name, in.Request.Options)
	problems := validateConfig(m, in, memo)
	h.memos.put("validate "+m.Name, memo)
	return problems
}

// merge runs the mode on the request's inputs, with the config's problems that did not refuse it
// (extra.validation) and the documents kubectl could not decode and left out (extra.undecoded,
// and the error of the commands, as kubectl prints it).
func (h *Handler) merge(ctx context.Context, m modes.Mode, in *modes.Input, problems []validate.Problem, undecodable []contract.Error) *contract.Response {
	in.Memo = h.memos.take(m.Name, in.Request.Options)
	resp := acceptOthers(ctx, m, in, m.Run(ctx, in))
	if len(problems) > 0 {
		resp.Extra["validation"] = listProblems(problems)
	}
	resp.Commands = command.For(m, in, resp)
	if len(undecodable) > 0 && len(resp.Errors) == 0 {
		resp.Extra["undecoded"] = undecodable
		command.AddRefusals(resp.Commands, undecodable)
	}
	if in.Request.Reproduce {
		reproduceScript(m, in, resp)
	}
	h.memos.put(m.Name, in.Memo) // after the commands, which may read what the mode kept (modes.Memo.Kept)
	return resp
}

// diffOf returns what works out resp's extra.diff: the mode's own (contract.Response.LiveDiff),
// else the handler's comparison of live with the result; nil when the mode wrote extra.diff.
func (h *Handler) diffOf(in *modes.Input, resp *contract.Response) func() []linediff.Hunk {
	own := resp.LiveDiff
	resp.LiveDiff = nil
	if _, written := resp.Extra["diff"]; written {
		return nil
	}
	if own != nil {
		return own
	}
	live, pieces := in.Live, *resp // the response as it is now: its result may be in pieces
	return func() []linediff.Hunk {
		whole := pieces.Whole()
		return h.liveDiff(live, whole.Result, whole.ResultResources)
	}
}

// reproduceScript writes the response's reproduce script; a script that cannot be written is
// said in extra.reproduceError and leaves the merge's answer as it is.
func reproduceScript(m modes.Mode, in *modes.Input, resp *contract.Response) {
	script, err := reproduce.Script(m, in, resp.Whole())
	if err != nil {
		resp.Extra["reproduceError"] = err.Error()
		return
	}
	resp.Reproduce = script
}

// liveDiff compares live, written the way results are written (by package yamltree), with the
// result: the lines the merge changed (the response's extra.diff), resource by resource when the
// mode names the resource of each result document, reusing the last answer's comparison of a
// resource whose two texts are the same again.
func (h *Handler) liveDiff(resources []*stream.Resource, result string, names []string) []linediff.Hunk {
	if result == "" {
		return []linediff.Hunk{}
	}
	live := make([]linediff.Named, len(resources))
	for i, r := range resources {
		live[i] = linediff.Named{Name: r.ID.String(), Text: yamltree.EmitNode(r.Root)}
	}
	return h.diffs.Resources(live, result, names)
}

// marksLive reports whether an answer without a result marks live's lines (conflicts): the page
// then shows live, and the layout is live's.
func marksLive(resp *contract.Response) bool {
	for _, f := range resp.Fields {
		if f.Mark == contract.Conflicted {
			return true
		}
	}
	return false
}

func roots(rs []*stream.Resource) []*yamltree.Node {
	out := make([]*yamltree.Node, len(rs))
	for i, r := range rs {
		out[i] = r.Root
	}
	return out
}

// ResourceInfo lists one resource found in an input (the response's extra.resources).
type ResourceInfo struct {
	Input    string `json:"input"`
	Resource string `json:"resource"`
	Line     int    `json:"line"`
}

// MaxInputBytes bounds each input (and the schema) by default: a larger one is refused before
// parsing.
const MaxInputBytes = 4 << 20

// MaxNodes bounds the nodes (keys and values, aliases expanded) of each input by default: in
// proportion to MaxInputBytes, as yamltree.DefaultMaxNodes is to a MiB (a megabyte of real
// manifests holds 100,000 to 150,000).
const MaxNodes = 4 * yamltree.DefaultMaxNodes

// checkSizes refuses inputs past limit bytes.
func checkSizes(req *contract.Request, limit int) *contract.Response {
	failed := contract.NewResponse()
	for _, name := range []string{"original", "updated", "live", "schema"} {
		if n := len(req.Input(name)); n > limit {
			failed.Errors = append(failed.Errors, contract.Error{Input: name, Line: 1, Column: 1,
				Message: name + " holds " + strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB: the playground reads at most " + sizeText(limit) + " per input"})
		}
	}
	if len(failed.Errors) == 0 {
		return nil
	}
	return failed.Normalize()
}

// schemas returns the built-in schema with the user's on top, and the user's alone.
func (h *Handler) schemas(req *contract.Request) (all, user *schema.Set, err error) {
	builtin, err := h.builtin()
	if err != nil {
		return nil, nil, verb.Wrap("loading the built-in schema: ", err)
	}
	if strings.TrimSpace(req.Options.Schema) == "" {
		return builtin, schema.Merge(), nil // no user schema: nothing to put on top
	}
	user, all, err = h.cache.schema(req.Options.Schema, builtin)
	if err != nil {
		return nil, nil, err
	}
	return all, user, nil
}

// read loads the schema, then parses and splits the inputs the mode reads. It reports every
// input's first error, but of a config kubectl reads up to the document it cannot parse
// (readBefore): that one is returned apart (broken).
func (h *Handler) read(m modes.Mode, req *contract.Request) (_ *modes.Input, _ []ResourceInfo, broken []contract.Error, _ *contract.Response) {
	in := &modes.Input{Request: req, Ask: h.Handle}
	resources := []ResourceInfo{}
	failed := contract.NewResponse()
	var err error
	if in.Schema, in.User, err = h.schemas(req); err != nil {
		failed.AddError("schema", err)
		failed.Extra["resources"] = ResourceInfos(resources)
		return nil, nil, nil, failed.Normalize()
	}
	targets := map[yamltree.Input]*[]*stream.Resource{yamltree.Original: &in.Original, yamltree.Updated: &in.Updated, yamltree.Live: &in.Live}
	for _, name := range []yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live} {
		if !m.ReadsInput(name) {
			continue
		}
		parse := h.cache.parse
		if m.ReadOnly {
			parse = h.cache.parseShared
		}
		opts := yamltree.Options{Rules: m.Rules, MaxDepth: h.limits.MaxDepth, MaxNodes: h.limits.MaxNodes, MaxDocuments: h.limits.MaxDocuments}
		docs, err := parse(name, req.Input(string(name)), opts)
		if err != nil {
			docs, err = readBefore(m, req, opts, err, &broken)
		}
		if err != nil {
			failed.AddError(string(name), err)
			continue
		}
		if m.Unsplit && name == yamltree.Updated {
			in.UpdatedDocs = docs
			continue
		}
		var rs []*stream.Resource
		if m.ReadOnly { // the documents kept, handed out again: what they hold was read before
			rs, err = h.cache.split(name, m.Rules, docs, in.Schema)
		} else {
			rs, err = stream.SplitKnown(docs, in.Schema)
		}
		if err != nil {
			failed.AddError(string(name), err)
			continue
		}
		*targets[name] = rs
		for _, r := range rs {
			resources = append(resources, ResourceInfo{Input: string(name), Resource: r.Identity(), Line: r.Line()})
		}
	}
	if len(failed.Errors) > 0 {
		failed.Errors = append(failed.Errors, broken...) // the request is refused: the config's failure too
		failed.Extra["resources"] = ResourceInfos(resources)
		return nil, nil, nil, failed.Normalize()
	}
	return in, resources, broken, nil
}

func (h *Handler) names() []string {
	var names []string
	for _, m := range h.Modes() {
		names = append(names, m.Name)
	}
	return names
}

// goroutineStack returns the calling goroutine's stack trace, at most its first 16 KB (the
// frames firstFrames looks for are at its top). runtime/debug's Stack would bring fmt, reflect
// and os into the wasm.
func goroutineStack() []byte {
	buf := make([]byte, 16<<10)
	return buf[:runtime.Stack(buf, false)]
}

// firstFrames keeps the part of a stack trace that locates a panic.
func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	var keep []string
	for _, l := range lines {
		if strings.Contains(l, "mergeplay/engine/") && !strings.Contains(l, "engine/handler") {
			keep = append(keep, strings.TrimSpace(l))
		}
		if len(keep) == 3 {
			break
		}
	}
	return "at " + strings.Join(keep, " < ")
}

// sizeText writes a size in bytes for a message: "1 MiB", "64 MiB", "1500 bytes".
func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return strconv.Itoa(n>>20) + " MiB"
	}
	return strconv.Itoa(n) + " bytes"
}
