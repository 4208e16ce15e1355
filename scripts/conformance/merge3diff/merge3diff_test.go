package merge3diff

import (
	"context"
	"flag"
	"testing"
)

var (
	casesFlag = flag.Int("merge3.cases", defaultCases, "number of cases TestMerge3MatchesKyaml runs")
	seedFlag  = flag.Uint64("merge3.seed", 1, "seed of the generated cases")
	showFlag  = flag.Int("merge3.show", -1, "TestShowCase prints this case with both answers")
)

// minimumPerFeature is how many cases must exercise each feature in a run of defaultCases.
const minimumPerFeature = 100

// TestMerge3MatchesKyaml compares the engine's merge3 mode with kyaml through kio's Merge3,
// case by case: identical result texts, or failures on both sides.
func TestMerge3MatchesKyaml(t *testing.T) {
	n := *casesFlag
	if testing.Short() {
		n /= 10 // make check's quick loop: a tenth of the run, the feature minimums scaled with it
	}
	s := Summarize(Run(context.Background(), Config{Seed: *seedFlag, Cases: n}))
	for _, err := range s.GenErrors {
		t.Fatalf("generator: %v", err)
	}
	t.Logf("seed %d\n%s", *seedFlag, s.Table())
	for i, r := range s.Differing {
		if i == 3 {
			t.Logf("... and %d more differing cases", len(s.Differing)-3)
			break
		}
		t.Log("\n" + Describe(r))
	}
	if s.Differences > 0 {
		t.Errorf("merge3: %d of %d cases differ from kyaml", s.Differences, n)
	}
	if min := max(1, minimumPerFeature*n/defaultCases); len(s.Short(min)) > 0 {
		t.Errorf("features exercised by fewer than %d cases: %v", min, s.Short(min))
	}
}

// TestShowCase prints one case (go test -run TestShowCase -merge3.show=N -v).
func TestShowCase(t *testing.T) {
	if *showFlag < 0 {
		t.Skip("pass -merge3.show=N to print case N")
	}
	r := Run(context.Background(), Config{Seed: *seedFlag, Cases: *showFlag + 1})[*showFlag]
	if r.GenError != nil {
		t.Fatal(r.GenError)
	}
	t.Log("\n" + Describe(r))
}
