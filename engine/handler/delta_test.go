package handler

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

// TestDeltasEqualWholeAnswers checks that a delta applied to the last answer is the whole answer
// (docs/contract.md, "Deltas"): on every example, then on the example edited (a resource
// renamed, its last line taken away, the example again, its diff and patches skipped and asked
// for again, another mode), and on a stream of 300 Deployments edited as the page's reader
// edits it. One handler answers with deltas against the answer before, the other whole, both
// numbered alike; each delta is applied as docs/contract.md says (applyDelta) and compared with
// the whole answer.
func TestDeltasEqualWholeAnswers(t *testing.T) {
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range all {
		t.Run(ex.Name, func(t *testing.T) { checkDeltas(t, editsOf(ex.Request)) })
	}
	t.Run("stream", func(t *testing.T) { checkDeltas(t, editsOf(deltaStream(300))) })
	t.Run("stream-skipping", func(t *testing.T) {
		// As the page asks on a long stream: extra's values (its line diff) are written whole.
		edits := editsOf(deltaStream(300))
		for i, req := range edits {
			skipping := *req
			skipping.Skip = []string{contract.SkipDiff, contract.SkipPatches}
			edits[i] = &skipping
		}
		sizes := checkDeltas(t, edits)
		if renamed := sizes[1]; renamed[0]*10 > renamed[1] {
			t.Errorf("a resource renamed in 300: a delta of %d bytes, the whole answer %d", renamed[0], renamed[1])
		}
	})
}

// TestDeltaOnlyAgainstTheLastAnswer checks that a request naming an answer other than the last
// one the handler gave gets a whole answer.
func TestDeltaOnlyAgainstTheLastAnswer(t *testing.T) {
	h := Default()
	req := deltaStream(3)
	req.Deltas = true
	for i, since := range []int{0, 1, 1, 7, 4} {
		req.Since = since
		got := decodeJSON(t, h.encode(req, h.answer(context.Background(), req))).(map[string]any)
		_, isDelta := got["delta"]
		if want := since == i && i > 0; isDelta != want {
			t.Errorf("answer %d, since %d: a delta %v, want %v", i+1, since, isDelta, want)
		}
		if !isDelta && got["extra"].(map[string]any)["answer"] != float64(i+1) {
			t.Errorf("answer %d: extra.answer %v", i+1, got["extra"].(map[string]any)["answer"])
		}
	}
}

// checkDeltas answers the requests in turn with deltas and whole, and compares; it returns each
// answer's size with deltas and whole.
func checkDeltas(t *testing.T, requests []*contract.Request) [][2]int {
	t.Helper()
	var sizes [][2]int
	deltas, whole := Default(), Default()
	var held any
	since, deltasSeen := 0, 0
	for i, req := range requests {
		asked := *req
		asked.Deltas, asked.Since = true, since
		gotText := deltas.encode(&asked, deltas.answer(context.Background(), &asked))
		asked.Since = 0
		wantText := whole.encode(&asked, whole.Handle(context.Background(), &asked))
		sizes = append(sizes, [2]int{len(gotText), len(wantText)})
		got, want := decodeJSON(t, gotText), decodeJSON(t, wantText)
		if d, ok := got.(map[string]any)["delta"].(map[string]any); ok {
			if d["since"] != float64(since) || d["answer"] != float64(i+1) {
				t.Fatalf("request %d: a delta numbered %v since %v, want %d since %d", i+1, d["answer"], d["since"], i+1, since)
			}
			got = applyDelta(t, held, got)
			deltasSeen++
		} else if i > 0 {
			t.Errorf("request %d: a whole answer while the caller holds answer %d", i+1, since)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("request %d: the delta applied differs from the whole answer:\n%s", i+1, firstDifference(got, want, ""))
		}
		held, since = got, i+1
	}
	if deltasSeen != len(requests)-1 {
		t.Errorf("%d deltas in %d answers", deltasSeen, len(requests))
	}
	return sizes
}

// editsOf returns the requests of a reader's session on req: req, one of its resources renamed,
// its config's last line taken away, req again, req skipping the diff and the patches, req
// again whole, req in another mode, req again; all at one time (options.now).
func editsOf(asked *contract.Request) []*contract.Request {
	fixed := *asked // the same time in both handlers' managedFields, however slow the machine
	if fixed.Options.Now == "" {
		fixed.Options.Now = "2026-12-06T10:00:00Z"
	}
	req := &fixed
	renamed, cut, skipped, other := *req, *req, *req, *req
	renamed.Updated = strings.Replace(req.Updated, "name: ", "name: renamed-", 1)
	lines := strings.Split(strings.TrimSuffix(req.Updated, "\n"), "\n")
	cut.Updated = strings.Join(lines[:len(lines)-1], "\n") + "\n"
	skipped.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	other.Mode = "merge3"
	if req.Mode == "merge3" {
		other.Mode = "apply"
	}
	if req.Mode == contract.History {
		other = *req
	}
	return []*contract.Request{req, &renamed, &cut, req, &skipped, req, &other, req}
}

// deltaStream is an apply request on n Deployments, each with its own name and image.
func deltaStream(n int) *contract.Request {
	var config, live strings.Builder
	for i := range n {
		doc := fmt.Sprintf("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-%d\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web-%d\n  template:\n    metadata:\n      labels:\n        app: web-%d\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.%d\n", i, i, i, i)
		config.WriteString("---\n" + doc)
		live.WriteString("---\n" + strings.Replace(doc, "replicas: 2", "replicas: 3", 1) + "status:\n  replicas: 3\n")
	}
	updated := strings.Replace(config.String(), "image: nginx:1.150", "image: nginx:1.150-é😀", 1)
	return &contract.Request{Mode: "apply", Original: config.String(), Updated: updated, Live: live.String(), Options: contract.Options{Overwrite: true}}
}

// decodeJSON reads an answer's JSON as generic values, its marks naming their strings in full
// (answerjson.Expand: a whole answer's names and a delta's are their own).
func decodeJSON(t *testing.T, data []byte) any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("the answer is not JSON: %v", err)
	}
	if err := answerjson.Expand(v); err != nil {
		t.Fatalf("the answer's names: %v", err)
	}
	return v
}

// applyDelta applies a delta to the answer held, as docs/contract.md says.
func applyDelta(t *testing.T, held, delta any) any {
	t.Helper()
	base, d := held.(map[string]any), delta.(map[string]any)
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range d {
		switch k {
		case "delta":
		case "version":
			out[k] = v
		case "extra":
			out[k] = applyExtra(t, base[k].(map[string]any), v.(map[string]any))
		case "layout":
			layout := map[string]any{}
			for lk, lv := range base[k].(map[string]any) {
				layout[lk] = lv
			}
			for lk, lv := range v.(map[string]any) {
				layout[lk] = applyPart(t, lk, layout[lk], lv)
			}
			out[k] = layout
		default:
			out[k] = applyPart(t, k, base[k], v)
		}
	}
	return out
}

// applyPart applies a text's or a list's part of a delta: its value whole, or a script.
func applyPart(t *testing.T, key string, held, part any) any {
	t.Helper()
	p, ok := part.(map[string]any)
	if !ok {
		return part
	}
	if text, ok := held.(string); ok {
		units, out := utf16.Encode([]rune(text)), []uint16{}
		for _, e := range p["edits"].([]any) {
			e := e.(map[string]any)
			switch {
			case e["keep"] != nil:
				n := int(e["keep"].(float64))
				out, units = append(out, units[:n]...), units[n:]
			case e["drop"] != nil:
				units = units[int(e["drop"].(float64)):]
			default:
				out = append(out, utf16.Encode([]rune(e["text"].(string)))...)
			}
		}
		return string(utf16.Decode(append(out, units...)))
	}
	list, out := held.([]any), []any{}
	for _, e := range p["edits"].([]any) {
		e := e.(map[string]any)
		switch {
		case e["keep"] != nil:
			n := int(e["keep"].(float64))
			if n > len(list) {
				t.Fatalf("%s: keeps %d items of %d", key, n, len(list))
			}
			shift, _ := e["shift"].(map[string]any)
			for _, item := range list[:n] {
				out = append(out, moved(key, item, shift))
			}
			list = list[n:]
		case e["drop"] != nil:
			list = list[int(e["drop"].(float64)):]
		default:
			out = append(out, e["items"].([]any)...)
		}
	}
	return append(out, list...)
}

// moved returns an item of list key with its line numbers moved by shift (docs/contract.md).
func moved(key string, item any, shift map[string]any) any {
	by := func(space string, n any) any {
		s, _ := shift[space].(float64)
		if n == 0.0 && space != "docs" {
			return n
		}
		return n.(float64) + s
	}
	switch key {
	case "blocks":
		b := item.([]any)
		return []any{by("result", b[0]), by("result", b[1])}
	case "folds", "conflicts", "fields":
	default:
		return item
	}
	in, out := item.(map[string]any), map[string]any{}
	for k, v := range in {
		out[k] = v
	}
	switch key {
	case "folds":
		out["line"], out["endLine"] = by("result", in["line"]), by("result", in["endLine"])
	case "conflicts":
		out["line"] = by("live", in["line"])
	case "fields":
		space := map[string]string{"deleted": "live", "conflict": "live", "dropped": "updated"}[in["mark"].(string)]
		if space == "" {
			space = "result"
		}
		out["line"], out["endLine"] = by(space, in["line"]), by(space, in["endLine"])
		if place, ok := in["place"].(map[string]any); ok {
			out["place"] = map[string]any{"after": by("result", place["after"]), "under": by("result", place["under"]), "doc": by("docs", place["doc"]), "shift": place["shift"]}
		}
	}
	return out
}

// applyExtra applies extra's part of a delta.
func applyExtra(t *testing.T, held, part map[string]any) map[string]any {
	t.Helper()
	out := map[string]any{}
	for k, v := range held {
		out[k] = v
	}
	for k, v := range part["set"].(map[string]any) {
		out[k] = v
	}
	edited, _ := part["edit"].(map[string]any)
	for k, v := range edited {
		out[k] = applyPart(t, "extra."+k, held[k], v)
	}
	for _, k := range part["drop"].([]any) {
		delete(out, k.(string))
	}
	return out
}

// firstDifference names where two JSON values first differ.
func firstDifference(got, want any, at string) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return at + ": not an object"
		}
		for k := range w {
			if !reflect.DeepEqual(g[k], w[k]) {
				return firstDifference(g[k], w[k], at+"."+k)
			}
		}
		return at + ": extra keys"
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: %d items, want %d", at, len(g), len(w))
		}
		for i := range w {
			if !reflect.DeepEqual(g[i], w[i]) {
				return firstDifference(g[i], w[i], fmt.Sprintf("%s[%d]", at, i))
			}
		}
	}
	return fmt.Sprintf("%s: %.200v, want %.200v", at, got, want)
}
