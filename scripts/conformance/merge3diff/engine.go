package merge3diff

import (
	"context"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// Request is the case as a contract request.
func (c *Case) Request() *contract.Request {
	opts := contract.DefaultOptions()
	opts.InferKeys = c.InferKeys
	return &contract.Request{Mode: "merge3", Original: c.Original, Updated: c.Updated, Live: c.Live, Options: opts}
}

// Engine answers a case with mergeplay's handler.
func Engine(ctx context.Context, h *handler.Handler, c *Case) (*Answer, *contract.Response) {
	resp := h.Handle(ctx, c.Request())
	if len(resp.Errors) > 0 {
		var msgs []string
		for _, e := range resp.Errors {
			msgs = append(msgs, e.Input+": "+e.Message)
		}
		return &Answer{Err: strings.Join(msgs, "; ")}, resp
	}
	return &Answer{Result: resp.Result}, resp
}
