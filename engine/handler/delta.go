package handler

import (
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// sentAnswer is the last answer the handler wrote to a caller that takes deltas, and how many
// it has written: the next such answer is written as a delta against it when the request names
// it (contract.Request.Since). The page's worker asks so on every key, and a long stream's
// answer (tens of MB of JSON, most of it the marks of resources the key did not touch) is then
// a few KB.
type sentAnswer struct {
	_    incomparable.Field
	mu   sync.Mutex
	last *contract.Sent
}

// encode writes resp, the answer to req, in the contract version req names: numbered, and as a
// delta when req takes deltas (see contract.EncodeAnswer), else whole.
func (h *Handler) encode(req *contract.Request, resp *contract.Response) []byte {
	resp = resp.WrittenIn(req.Version)
	if !req.Deltas {
		return encode(resp)
	}
	h.sent.mu.Lock()
	defer h.sent.mu.Unlock()
	number := 1
	if h.sent.last != nil {
		number = h.sent.last.Answer + 1
	}
	out, next, err := contract.EncodeAnswer(resp, h.sent.last, req.Since, number)
	if err != nil {
		h.sent.last = nil
		return encode(contract.Fail("engine", verb.Wrap("writing the response: ", err)))
	}
	h.sent.last = next
	return out
}
