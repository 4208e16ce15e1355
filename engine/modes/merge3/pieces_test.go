package merge3_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/fuzzcheck"
	"github.com/mergeplay/mergeplay/engine/modes/merge3"
)

// TestPiecesAnswerAsWhole wants the mode, which answers from each group's piece (recalled from
// the last request or worked out now), to answer byte for byte as the mode answering every
// request whole (merge3.WholeMode): on the examples, the mode's table cases and kyaml's
// recorded cases, each asked after the one before it (so that pieces are recalled across
// requests), and on every example with each document of each input taken out, then with the
// inputs doubled under new names (a stream of several resources where the first pieces hold
// comments and anchors); and on a List kio unwraps only when it is its input's one document.
func TestPiecesAnswerAsWhole(t *testing.T) {
	var requests []*contract.Request
	for _, req := range fuzzcheck.ExampleRequests(t, "merge3") {
		requests = append(requests, req)
		requests = append(requests, variants(req)...)
	}
	for _, c := range modeCases {
		requests = append(requests, request(c.original, c.updated, c.live, c.inferKeys))
	}
	for _, v := range kyamlVectors(t) {
		requests = append(requests, request(v.Origin, v.Update, v.Local, v.Infer))
	}
	// a List kio reads as a resource beside another document, then alone (kio unwraps it, and
	// the mode refuses it): the same document, recalled
	list := "apiVersion: v1\nkind: List\nitems:\n- a: 1\n"
	other := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"
	requests = append(requests, request(list+"---\n"+other, list+"---\n"+other, list+"---\n"+other, false),
		request(list+"---\n"+other, list, list+"---\n"+other, false))
	pieces, whole := handler.Default(), handler.New(merge3.WholeMode())
	for i, req := range requests {
		got, want := encoded(t, pieces, req), encoded(t, whole, req)
		if !bytes.Equal(got, want) {
			t.Fatalf("request %d: answered from pieces\n%s\nanswered whole\n%s\noriginal:\n%s\nupdated:\n%s\nlive:\n%s", i, got, want, req.Original, req.Updated, req.Live)
		}
	}
	if got := encoded(t, pieces, requests[len(requests)-1]); !bytes.Contains(got, []byte("kio unwraps a List")) {
		t.Errorf("the List alone in updated is answered\n%s", got)
	}
	if len(requests) < 100 {
		t.Fatalf("only %d requests tried", len(requests))
	}
}

// request is a merge3 request with the default options.
func request(original, updated, live string, inferKeys bool) *contract.Request {
	opts := contract.DefaultOptions()
	opts.InferKeys = inferKeys
	return &contract.Request{Mode: "merge3", Original: original, Updated: updated, Live: live, Options: opts}
}

// variants returns req with each document of each input taken out, then with every input
// written twice, the second time under new names.
func variants(req *contract.Request) []*contract.Request {
	var out []*contract.Request
	inputs := []*string{&req.Original, &req.Updated, &req.Live}
	for i := range inputs {
		docs := splitDocuments(*inputs[i])
		for k := range docs {
			v := *req
			text := strings.Join(append(append([]string{}, docs[:k]...), docs[k+1:]...), "---\n")
			*[]*string{&v.Original, &v.Updated, &v.Live}[i] = text
			out = append(out, &v)
		}
	}
	doubled := *req
	for _, text := range []*string{&doubled.Original, &doubled.Updated, &doubled.Live} {
		if strings.TrimSpace(*text) != "" {
			*text = *text + "\n---\n" + strings.ReplaceAll(*text, "name: ", "name: copy-")
		}
	}
	return append(out, &doubled)
}

// splitDocuments cuts text at its "---" lines.
func splitDocuments(text string) []string {
	var docs []string
	var doc strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "---") {
			docs = append(docs, doc.String())
			doc.Reset()
			continue
		}
		doc.WriteString(line)
	}
	return append(docs, doc.String())
}

// encoded is h's answer to req, as JSON (extra.diff included).
func encoded(t *testing.T, h *handler.Handler, req *contract.Request) []byte {
	t.Helper()
	out, err := h.Handle(context.Background(), req).Encode()
	if err != nil {
		t.Fatal(err)
	}
	return out
}
