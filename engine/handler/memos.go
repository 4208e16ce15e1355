package handler

import (
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// memos holds the memos (modes.Memo) kept between requests, by name: each mode's own, and the
// config validation's of each mode ("validate apply"). A request takes the memos it uses out for
// the time it runs, so that two requests at once never share one (the second starts empty), and
// a request that fails half-way (a panic) leaves none behind. A nil memos keeps nothing: each
// request gets a nil memo, which recalls nothing and keeps nothing.
type memos struct {
	mu     sync.Mutex
	byMode map[string]*modes.Memo
}

// take returns the memo of mode for a request with options, and leaves none in its place.
func (ms *memos) take(mode string, options contract.Options) *modes.Memo {
	if ms == nil {
		return nil
	}
	ms.mu.Lock()
	defer ms.mu.Unlock()
	m := ms.byMode[mode]
	delete(ms.byMode, mode)
	return m.Next(options)
}

// put keeps m as mode's memo after a request.
func (ms *memos) put(mode string, m *modes.Memo) {
	if ms == nil {
		return
	}
	ms.mu.Lock()
	defer ms.mu.Unlock()
	ms.byMode[mode] = m
}
