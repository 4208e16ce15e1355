package handler

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/linediff"
)

// skippable lists the parts of an answer a request may leave out (contract.Request.Skip), each
// with how it is taken out of a response. They are the heaviest parts of a long stream's answer
// (a 4 MiB stream's apply answer: extra.diff 7.3 MB, patch 4.5 MB and extra.patches 4.6 MB of
// 27.8 MB), and the page shows each in a tab of its own.
var skippable = []skippablePart{
	{contract.SkipDiff, func(resp *contract.Response) { delete(resp.Extra, "diff") }},
	{contract.SkipPatches, func(resp *contract.Response) {
		resp.Patch = ""
		delete(resp.Extra, "patches")
	}},
}

// skippablePart is a part of an answer a request may leave out, and how it is left out.
type skippablePart struct {
	part     string
	leaveOut func(resp *contract.Response)
}

// checkSkip refuses a part Request.Skip names that no answer has.
func checkSkip(skip []string) error {
	for _, s := range skip {
		if !slices.ContainsFunc(skippable, func(p skippablePart) bool { return p.part == s }) {
			return errors.New("skip names " + strconv.Quote(s) + ": a request may leave out " + skippableNames())
		}
	}
	return nil
}

// skippableNames lists the parts a request may leave out, quoted, for a message.
func skippableNames() string {
	names := make([]string, len(skippable))
	for i, p := range skippable {
		names[i] = strconv.Quote(p.part)
	}
	return strings.Join(names, " and ")
}

// lastAnswer is the handler's last answer, kept with every part a request may leave out (or what
// works it out), so that the same merge asked again with fewer parts left out is answered
// without merging again: the page asks for a long stream's line diff only when its Diff tab is
// shown. The handler keeps one, and drops it when it merges anything else.
type lastAnswer struct {
	mu sync.Mutex
	// request is what was asked, Skip aside.
	request *contract.Request
	// response holds every part, but extra.diff while diff has not been called.
	response *contract.Response
	// diff works out extra.diff; nil once it is in response (or when the mode wrote it).
	diff func() []linediff.Hunk
	// patch works out the patch (contract.Response.PatchLater); nil once it is in response
	// (or when the mode wrote it).
	patch func() string
}

// answerAgain answers req from the last answer when req asks for the same merge, else nil.
func (h *Handler) answerAgain(req *contract.Request) *contract.Response {
	h.last.mu.Lock()
	defer h.last.mu.Unlock()
	if h.last.request == nil || !sameMerge(h.last.request, req) {
		return nil
	}
	return h.last.answer(req.Skip)
}

// forget drops the last answer, so that its trees are free while the next merge runs.
func (h *Handler) forget() {
	h.last.mu.Lock()
	defer h.last.mu.Unlock()
	h.last.request, h.last.response, h.last.diff, h.last.patch = nil, nil, nil, nil
}

// keep makes resp, the answer to req, the last answer (diff works out its extra.diff, nil when
// the response holds it), and returns it with what req leaves out left out.
func (h *Handler) keep(req *contract.Request, resp *contract.Response, diff func() []linediff.Hunk) *contract.Response {
	h.last.mu.Lock()
	defer h.last.mu.Unlock()
	asked := *req // a copy: the caller may change its request after
	asked.Skip = nil
	h.last.request, h.last.response, h.last.diff, h.last.patch = &asked, resp.Normalize(), diff, resp.PatchLater
	resp.PatchLater = nil
	return h.last.answer(req.Skip)
}

// answer returns the kept response without the parts skip names (extra.skipped lists them),
// working out the line diff first when skip does not name it. The kept response is not
// changed but for the diff it gains; what is returned is a copy of it (its extra a map of its
// own). The caller holds a.mu.
func (a *lastAnswer) answer(skip []string) *contract.Response {
	if a.diff != nil && !slices.Contains(skip, contract.SkipDiff) {
		a.response.Extra["diff"] = linediff.Hunks(a.diff())
		a.diff = nil
	}
	if a.patch != nil && !slices.Contains(skip, contract.SkipPatches) {
		a.response.Patch = a.patch()
		a.patch = nil
	}
	out := *a.response
	out.Extra = maps.Clone(a.response.Extra)
	var skipped []string
	for _, p := range skippable {
		if slices.Contains(skip, p.part) {
			p.leaveOut(&out)
			skipped = append(skipped, p.part)
		}
	}
	if len(skipped) > 0 {
		out.Extra["skipped"] = skipped
	}
	return out.Normalize()
}

// sameMerge reports whether two requests ask for the same merge: every field the same but Skip,
// which says only what to send of the answer.
func sameMerge(a, b *contract.Request) bool {
	return a.Version == b.Version && a.Mode == b.Mode && a.Original == b.Original && a.Updated == b.Updated &&
		a.Live == b.Live && a.Options == b.Options && a.Reproduce == b.Reproduce && len(a.Steps) == 0 && len(b.Steps) == 0
}
