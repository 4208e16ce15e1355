package handler

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// TestWarmAnswersAsCold wants a handler that answered other requests first (its memos and
// caches warm) to answer every request as a new handler does, byte for byte: for every example,
// every input its mode reads and every document of that input, the example with that document
// edited in place (its lines kept: the other documents are the ones the last request read) and
// with a line added at its top (the documents below it move), each asked after the example and
// then the example asked again.
func TestWarmAnswersAsCold(t *testing.T) {
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		t.Fatal(err)
	}
	edits := 0
	for _, ex := range all {
		if ex.Request.Options.Now == "" { // a time of its own: the clock could tick between two answers
			fixed := *ex.Request
			fixed.Options.Now = "2026-01-01T00:00:00Z"
			ex.Request = &fixed
		}
		m, ok := Default().modes[ex.Request.Mode]
		if !ok {
			continue
		}
		for _, input := range m.Reads() {
			for k := range documentCount(ex.Request.Input(string(input))) {
				for _, edit := range []func(string, int) (string, bool){valueEdited, lineAdded} {
					text, ok := edit(ex.Request.Input(string(input)), k)
					if !ok {
						continue
					}
					edited := *ex.Request
					setInput(&edited, string(input), text)
					warm := Default()
					warm.Handle(context.Background(), ex.Request)
					for _, req := range []*contract.Request{&edited, ex.Request} {
						if got, want := answerJSON(t, warm, req), answerJSON(t, Default(), req); !bytes.Equal(got, want) {
							t.Fatalf("%s, %s document %d edited: a warm handler answers\n%s\nwhere a new one answers\n%s", ex.Name, input, k, got, want)
						}
					}
					edits++
				}
			}
		}
	}
	if edits < 100 {
		t.Fatalf("only %d edits tried", edits)
	}
}

// answerJSON is the handler's answer to req, as JSON.
func answerJSON(t *testing.T, h *Handler, req *contract.Request) []byte {
	t.Helper()
	data, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return h.HandleJSON(context.Background(), data)
}

// setInput sets the named input of req.
func setInput(req *contract.Request, name, text string) {
	switch name {
	case "original":
		req.Original = text
	case "updated":
		req.Updated = text
	case "live":
		req.Live = text
	}
}

// documentStarts are the lines that open a document after the first.
var documentStart = regexp.MustCompile(`^---(\s|$)`)

// documents splits text's lines into documents: the lines of each, its "---" line first.
func documents(text string) [][]string {
	var docs [][]string
	var doc []string
	for _, line := range strings.SplitAfter(text, "\n") {
		if documentStart.MatchString(line) && len(doc) > 0 {
			docs = append(docs, doc)
			doc = nil
		}
		doc = append(doc, line)
	}
	if len(doc) > 0 {
		docs = append(docs, doc)
	}
	return docs
}

func documentCount(text string) int { return len(documents(text)) }

// plainValue is a line holding a key and a plain scalar.
var plainValue = regexp.MustCompile(`^(\s*(- )?[A-Za-z][\w.-]*: [A-Za-z][\w.-]*)\n$`)

// valueEdited appends a letter to the last plain scalar value of document k, its lines kept;
// false when it holds none.
func valueEdited(text string, k int) (string, bool) {
	docs := documents(text)
	for i := len(docs[k]) - 1; i >= 0; i-- {
		if m := plainValue.FindStringSubmatch(docs[k][i]); m != nil {
			docs[k][i] = m[1] + "z\n"
			return join(docs), true
		}
	}
	return "", false
}

// lineAdded puts a comment line at the top of document k (under its "---"), moving the
// documents below it.
func lineAdded(text string, k int) (string, bool) {
	docs := documents(text)
	at := 0
	if documentStart.MatchString(docs[k][0]) {
		at = 1
	}
	docs[k] = append(docs[k][:at:at], append([]string{"# edited\n"}, docs[k][at:]...)...)
	return join(docs), true
}

func join(docs [][]string) string {
	var b strings.Builder
	for _, d := range docs {
		for _, l := range d {
			b.WriteString(l)
		}
	}
	return b.String()
}

// TestForOneRequestAnswersAsDefault wants a handler that keeps nothing between requests
// (ForOneRequest, the command line's) to answer every example as a new handler does, byte for
// byte, and again after another request, with nothing kept: no reading, no memo.
func TestForOneRequestAnswersAsDefault(t *testing.T) {
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		t.Fatal(err)
	}
	once := Default().ForOneRequest()
	for _, ex := range all {
		req := *ex.Request
		if req.Options.Now == "" { // a time of its own: the clock could tick between two answers
			req.Options.Now = "2026-01-01T00:00:00Z"
		}
		want := answerJSON(t, Default(), &req)
		for range 2 {
			if got := answerJSON(t, once, &req); !bytes.Equal(got, want) {
				t.Fatalf("%s: a handler for one request answers\n%s\nwhere a new one answers\n%s", ex.Name, got, want)
			}
		}
	}
	if len(once.cache.readers) != 0 || once.memos != nil || once.diffs != nil {
		t.Errorf("a handler for one request kept %d readers, memos %v, diffs %v", len(once.cache.readers), once.memos, once.diffs)
	}
}
