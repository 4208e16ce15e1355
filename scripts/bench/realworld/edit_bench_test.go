package realworld_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
)

// BenchmarkEditLargeStream times, in process, what the page's engine does on a key press in the
// 4 MiB stream (scripts/browsertest's BenchmarkLargeInput): a handler that answered the stream
// once answers it again with the last document of updated edited, one value longer each time.
// The page leaves out the diff and the patches until asked (Request.Skip), and so does this.
func BenchmarkEditLargeStream(b *testing.B) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		b.Fatal(err)
	}
	f, err := realworld.Stream(realworld.Dir(root), realworld.StreamBytes)
	if realworld.NotFound(err) {
		b.Skip("the real manifests are not here:", err)
	}
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"apply", "merge3"} {
		b.Run(mode, func(b *testing.B) {
			req := f.Request(mode)
			req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
			h := handler.Default()
			answer(b, h, req)
			text := req.Updated
			at := strings.LastIndex(text, "\n")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				req.Updated = text[:at] + fmt.Sprint(i%2) + text[at:]
				answer(b, h, req)
			}
		})
	}
}

// answer asks h and fails on an answer with errors.
func answer(b *testing.B, h *handler.Handler, req *contract.Request) {
	b.Helper()
	resp := h.Handle(context.Background(), req)
	if len(resp.Errors) > 0 {
		b.Fatalf("%s: %v", req.Mode, resp.Errors)
	}
}
