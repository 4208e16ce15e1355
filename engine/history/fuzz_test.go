package history_test

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// FuzzHistory decodes a request and, when it is a history, checks the history's invariant
// (checkInvariant): every step is its mode's answer on the object before it, and nothing panics.
// The seeds are the examples' histories (exampleHistories), with their steps reordered and their
// modes swapped (Helm 3's steps for Helm 4's and back), so that the fuzzer starts from stories of
// several writers, a story of every history's writer (writersHistory) and one of Helm 3's and
// Helm 4's steps (helmHistory: a refused apply that leaves helm's move, renders that drop an
// object, deleted or kept).
func FuzzHistory(f *testing.F) {
	for _, req := range exampleHistories(f) {
		f.Add(req.EncodeJSON())
		mixed := *req
		mixed.Steps = append([]*contract.Request{req.Steps[1]}, req.Steps...)
		swapped := *req.Steps[0]
		swapped.Mode = map[string]string{"apply": "ssa", "ssa": "apply", "twoway": "apply", "patch": "ssa", "merge3": "apply", "helm3": "helm4", "helm4": "helm3"}[swapped.Mode]
		mixed.Steps = append(mixed.Steps, &swapped)
		f.Add(mixed.EncodeJSON())
	}
	f.Add(writersHistory().EncodeJSON())
	f.Add(helmHistory().EncodeJSON())
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := contract.DecodeRequest(data)
		if err != nil || req.Mode != contract.History || len(data) > 1<<20 {
			return
		}
		checkInvariant(t, req)
	})
}
