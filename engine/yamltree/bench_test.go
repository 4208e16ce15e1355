package yamltree

import (
	"os"
	"path/filepath"
	"testing"
)

// realManifests are real-life streams of /work/shared/realworld (read from there, never copied
// into the repository): a typical deployment, a stream of ordinary resources, a large rule
// file, argo-cd's 1.3 MB install.yaml (CRDs and all) and the dashboards ConfigMapList of about a
// megabyte, mostly block scalars of JSON.
var realManifests = []string{
	"kube-prometheus/v0.15.0/manifests/prometheusOperator-deployment.yaml",
	"ingress-nginx/controller-v1.12.0/deploy/static/provider/cloud/deploy.yaml",
	"kube-prometheus/v0.15.0/manifests/kubernetesControlPlane-prometheusRule.yaml",
	"argo-cd/v2.13.0/manifests/install.yaml",
	"kube-prometheus/v0.15.0/manifests/grafana-dashboardDefinitions.yaml",
}

// BenchmarkParseRealManifests parses each real manifest under kubectl's rules (and argo-cd's
// install.yaml past the page's node bound, as make bench's limits do).
func BenchmarkParseRealManifests(b *testing.B) {
	eachRealManifest(b, func(b *testing.B, text string) {
		for b.Loop() {
			if _, err := Parse(Live, text, Options{MaxNodes: 20_000_000}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEmitRealManifests emits each real manifest, read once, with its layout (Emit), as a
// mode writes its result.
func BenchmarkEmitRealManifests(b *testing.B) {
	eachRealManifest(b, func(b *testing.B, text string) {
		docs, err := Parse(Live, text, Options{MaxNodes: 20_000_000})
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for b.Loop() {
			Emit(docs)
		}
	})
}

// eachRealManifest runs bench on each real manifest, its bytes counted per op, its allocations
// reported; it skips the files that are absent (the shared folder is beside the repository on
// developer machines and in CI, not everywhere).
func eachRealManifest(b *testing.B, bench func(b *testing.B, text string)) {
	for _, rel := range realManifests {
		path := filepath.Join("..", "..", "..", "shared", "realworld", rel)
		text, err := os.ReadFile(path)
		b.Run(filepath.Base(rel), func(b *testing.B) {
			if err != nil {
				b.Skipf("no real manifest: %v", err)
			}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			bench(b, string(text))
		})
	}
}
