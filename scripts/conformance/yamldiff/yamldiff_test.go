package yamldiff

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
)

// seed is the run's fixed seed: the same cases on every machine.
const seed = 20261125

// FullRunPerMode is the size of the conformance run, where every class must reach FullRunMinimum
// cases in every mode it runs in.
const (
	FullRunPerMode = 5000
	FullRunMinimum = 100
)

// TestYAMLMatchesReferences runs perMode cases in every mode (see count_*_test.go) and wants
// no difference outside Pending, and every class at its minimum.
func TestYAMLMatchesReferences(t *testing.T) {
	n := perMode
	if testing.Short() {
		n /= 10 // make check's quick loop: a tenth of the run, the class minimums scaled with it
	}
	results := Run(context.Background(), Config{Seed: seed, PerMode: n})
	s := Summarize(results)
	t.Logf("YAML differential, %d cases per mode:\n%s", n, s.Table())
	minimum := runs.Minimum(n, FullRunPerMode, FullRunMinimum)
	for _, r := range s.Rows {
		if r.Cases < minimum && !(r.Class == "realworld" && len(realPairs()) == 0) {
			t.Errorf("%s/%s: %d cases, below the minimum %d", r.Mode, r.Class, r.Cases, minimum)
		}
	}
	shown := 0
	for _, r := range s.Differing {
		if r.Pending != "" {
			continue
		}
		if shown++; shown <= 15 {
			t.Errorf("%s", Describe(r))
		}
	}
	if shown > 15 {
		t.Errorf("... and %d more differences", shown-15)
	}
	if len(realPairs()) == 0 {
		t.Logf("no real manifests in %s: the realworld class did not run", realWorldDir)
	}
	_ = strings.TrimSpace
}
