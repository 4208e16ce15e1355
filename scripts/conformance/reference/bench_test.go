package reference

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
)

// BenchmarkRealFiles runs the engine (pair.Handler: the page's merge, limits raised past 4 MiB
// per input) and the reference pipeline (Pipelines.Text) alternately on the real files of
// package realworld (the 1 MB dashboards ConfigMapList and ApplicationSet CRD, older release
// against newer) in every mode, the same YAML texts in, merged YAML text out, and reports each
// side's time and their ratio (pair.Run). Its first run checks that the two agree (Same). make
// bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench RealFiles -benchtime 2x ./reference
//
// Skipped, saying so, when the real manifests are not found (realworld.Dir, MERGEPLAY_REALWORLD).
func BenchmarkRealFiles(b *testing.B) {
	files, err := realworld.Load(realworld.Dir(filepath.Join("..", "..", "..")))
	if realworld.NotFound(err) {
		b.Skipf("not found: %v", err)
	}
	if err != nil {
		b.Fatal(err)
	}
	h, p := pair.Handler(), New()
	for _, f := range files {
		for _, mode := range realworld.Modes() {
			req := f.Request(mode)
			checked := false
			b.Run(f.Name+"/"+mode, func(b *testing.B) {
				if !checked {
					checked = true
					want, err := p.Text(req)
					if err != nil {
						b.Fatalf("the reference: %v", err)
					}
					resp := h.Handle(context.Background(), req)
					if err := pair.Errors(resp); err != nil {
						b.Fatal(err)
					}
					if err := Same(mode, want, resp.Result); err != nil {
						b.Fatalf("the reference and the engine differ: %v", err)
					}
				}
				next := pair.Uncached(req)
				pair.Run(b, func() error {
					return pair.Errors(h.Handle(context.Background(), next()))
				}, func() error {
					_, err := p.Text(req)
					return err
				})
			})
		}
	}
}
