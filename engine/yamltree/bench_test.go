package yamltree

import (
	"os"
	"path/filepath"
	"testing"
)

// realManifests are real-life streams of /work/shared/realworld (read from there, never copied
// into the repository): a stream of ordinary resources, a large CRD-like rule file, and the
// dashboards ConfigMapList of about a megabyte, mostly block scalars of JSON.
var realManifests = []string{
	"ingress-nginx/controller-v1.12.0/deploy/static/provider/cloud/deploy.yaml",
	"kube-prometheus/v0.15.0/manifests/kubernetesControlPlane-prometheusRule.yaml",
	"kube-prometheus/v0.15.0/manifests/grafana-dashboardDefinitions.yaml",
}

// BenchmarkParseRealManifests parses each real manifest under kubectl's rules; it skips the
// files that are absent (the shared folder is beside the repository on developer machines and
// in CI, not everywhere).
func BenchmarkParseRealManifests(b *testing.B) {
	for _, rel := range realManifests {
		path := filepath.Join("..", "..", "..", "shared", "realworld", rel)
		text, err := os.ReadFile(path)
		b.Run(filepath.Base(rel), func(b *testing.B) {
			if err != nil {
				b.Skipf("no real manifest: %v", err)
			}
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := Parse(Live, string(text), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
