package handler

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// BenchmarkExampleKey times a key typed into each example's config natively, as the page asks
// for it (deltas against the last answer; the line diff and the patches left out, as they are
// while the Result tab is shown): a character added at the end of the last plain value of the
// config whose key names no resource (typedValue), one more at each op, the answer encoded. The
// handler answered the example once before (untimed). It is the engine's share of a keystroke
// without the page or wasm (in the page's wasm instance the same call takes several times as
// long: docs/performance.md). Examples answered by a refusal and histories are skipped: their
// keys are not the budget's (BenchmarkEdit in scripts/browsertest skips the same).
func BenchmarkExampleKey(b *testing.B) {
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		b.Fatal(err)
	}
	for _, ex := range all {
		b.Run(ex.Name, func(b *testing.B) {
			if ex.Refused() || ex.Request.Mode == contract.History {
				b.Skip("a refusal or a history: no key of the budget's")
			}
			req := *ex.Request
			req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
			lines := strings.Split(req.Updated, "\n")
			at := typedValue(&req, lines)
			if at < 0 {
				b.Skip("no plain value the engine answers typed into without a refusal (BenchmarkEdit's other edits, an annotation or a root key added, are not tried here)")
			}
			h := Default()
			since := askDeltas(b, h, &req, 0)
			value := lines[at]
			b.ResetTimer()
			for i := range b.N {
				lines[at] = value + strings.Repeat("x", i%20+1)
				req.Updated = strings.Join(lines, "\n")
				since = askDeltas(b, h, &req, since)
			}
		})
	}
}

// typedLine matches a config line "key: value" (maybe a list item) whose value is a plain
// scalar starting with a letter, which stays a plain string when a letter is added.
var typedLine = regexp.MustCompile(`^\s*(?:- )?([A-Za-z][A-Za-z0-9_.\-/]*): ([A-Za-z][^#"'{}\[\]]*)$`)

// typedValue is the index of the last of req's config lines (lines) holding a plain value whose
// key does not name the resource (name, namespace, kind, apiVersion) and which, typed into, the
// engine answers without a refusal (a label a selector matches would be refused); -1 for none.
func typedValue(req *contract.Request, lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		m := typedLine.FindStringSubmatch(lines[i])
		if m == nil || strings.Contains(m[2], ": ") || strings.HasSuffix(m[2], ":") {
			continue
		}
		switch m[1] {
		case "name", "namespace", "kind", "apiVersion":
			continue
		}
		edited := slices.Clone(lines)
		edited[i] += "x"
		try := *req
		try.Updated = strings.Join(edited, "\n")
		if resp := Default().Handle(context.Background(), &try); len(resp.Errors) == 0 {
			return i
		}
	}
	return -1
}
