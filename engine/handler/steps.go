package handler

import (
	"context"
	"maps"
	"slices"
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/history"
)

// stepAnswers keeps the answers to the last history's steps, each with its request: a step asked
// again as it was (its mode, inputs, options and skipped parts, its live being what the steps
// before it left) is answered from them without merging again. An edit of a history's last
// step's config then merges that step alone, and an edit of step k merges k and the steps
// after it whose object before changed. A step's answer depends on its request alone (the
// request names its time, options.now, or the handler's answer would not be the same).
type stepAnswers struct {
	mu        sync.Mutex
	requests  []contract.Request
	responses []*contract.Response
}

// answering returns the history's Answer: step by step, in order, the kept answer when the step
// is asked as it was, else answer's, which it keeps. done drops what the history no longer has.
func (s *stepAnswers) answering(answer history.Answer) (step history.Answer, done func()) {
	n := 0
	step = func(ctx context.Context, req *contract.Request) *contract.Response {
		i := n
		n++
		s.mu.Lock()
		if i < len(s.requests) && sameStep(&s.requests[i], req) {
			kept := s.responses[i]
			s.mu.Unlock()
			return copied(kept)
		}
		s.mu.Unlock()
		resp := answer(ctx, req)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.requests, s.responses = append(s.requests[:i], *req), append(s.responses[:i], copied(resp))
		s.requests[i].Steps = nil
		return resp
	}
	done = func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.requests, s.responses = s.requests[:min(n, len(s.requests))], s.responses[:min(n, len(s.responses))]
	}
	return step, done
}

// sameStep reports whether b asks what a asked, its skipped parts included; a step without a time
// of its own (options.now empty: the clock's) is never the same.
func sameStep(a, b *contract.Request) bool {
	return b.Options.Now != "" && sameMerge(a, b) && slices.Equal(a.Skip, b.Skip)
}

// copied is a copy of resp whose extra is a map of its own, so that what a caller changes of it
// is not kept.
func copied(resp *contract.Response) *contract.Response {
	out := *resp
	out.Extra = maps.Clone(resp.Extra)
	return &out
}
