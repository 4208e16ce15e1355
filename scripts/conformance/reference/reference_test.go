package reference

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
)

// agree answers req with the reference and the engine (pair.Handler: the page's merge with the
// benchmarks' raised limits) and fails t when they differ.
func agree(t *testing.T, p *Pipelines, req *contract.Request) {
	t.Helper()
	want, err := p.Text(req)
	if err != nil {
		t.Fatalf("the reference: %v", err)
	}
	resp := pair.Handler().Handle(context.Background(), req)
	if err := pair.Errors(resp); err != nil {
		t.Fatal(err)
	}
	if err := Same(req.Mode, want, resp.Result); err != nil {
		t.Errorf("the reference and the engine differ: %v", err)
	}
}

// TestSpeedStreamsAgree: on the 200-resource stream of each mode, what cmd/reference writes is
// the engine's result (the whole-process pairs of make bench time the two on these requests).
func TestSpeedStreamsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: five 200-resource streams take a while")
	}
	p := New()
	for _, mode := range Modes() {
		t.Run(mode, func(t *testing.T) {
			req, err := p.SpeedRequest(mode, pair.Budget)
			if err != nil {
				t.Fatal(err)
			}
			agree(t, p, req)
		})
	}
}

// TestRealFilesAgree: on the real files (realworld: the 1 MB dashboards ConfigMapList and
// ApplicationSet CRD, older release against newer), in every mode, the reference's text is the
// engine's result. Skipped when the real manifests are absent.
func TestRealFilesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the real files take a while")
	}
	files, err := realworld.Load(realworld.Dir(filepath.Join("..", "..", "..")))
	if realworld.NotFound(err) {
		t.Skipf("not found: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	p := New()
	for _, f := range files {
		for _, mode := range realworld.Modes() {
			t.Run(f.Name+"/"+mode, func(t *testing.T) { agree(t, p, f.Request(mode)) })
		}
	}
}

func TestUnmodelledOptionsAreRefused(t *testing.T) {
	for name, set := range map[string]func(*contract.Options){
		"prune":     func(o *contract.Options) { o.Prune = true },
		"multiKeys": func(o *contract.Options) { o.MultiKeys = true },
		"schema":    func(o *contract.Options) { o.Schema = "{}" },
	} {
		req := &contract.Request{Mode: "apply", Options: contract.DefaultOptions()}
		set(&req.Options)
		if _, err := New().Text(req); err == nil {
			t.Errorf("%s: the reference answered; want a refusal", name)
		}
	}
	if _, err := New().Text(&contract.Request{Mode: "nope"}); err == nil {
		t.Error("an unknown mode: want an error")
	}
}
