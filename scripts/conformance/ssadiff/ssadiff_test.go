package ssadiff

import (
	"flag"
	"testing"
)

var (
	sequencesFlag = flag.Int("ssa.sequences", defaultSequences, "number of sequences TestSSAMatchesFieldManager runs")
	seedFlag      = flag.Uint64("ssa.seed", 1, "seed of the generated sequences")
	showFlag      = flag.Int("ssa.show", -1, "TestShowSequence prints this sequence with both answers")
)

// maxDescribed bounds the differing sequences printed in full.
const maxDescribed = 3

// TestSSAMatchesFieldManager compares the engine's ssa mode with the API server's field manager,
// operation by operation, and checks that every feature was exercised often enough.
func TestSSAMatchesFieldManager(t *testing.T) {
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	sequences := *sequencesFlag
	if testing.Short() {
		sequences /= 10 // make check's quick loop: a tenth of the run, without the feature minimums
	}
	results := Run(Config{Seed: *seedFlag, Sequences: sequences}, ref, NewEngine())
	s := Summarize(results)
	t.Logf("seed %d\n%s", *seedFlag, s.Table())
	for i, r := range s.Failed {
		if i == maxDescribed {
			t.Logf("... and %d more differing sequences", len(s.Failed)-maxDescribed)
			break
		}
		t.Log("\n" + Describe(r))
	}
	if s.Differing > 0 {
		t.Errorf("ssa: %d of %d operations differ from the field manager", s.Differing, s.Steps)
	}
	if short := s.Short(); len(short) > 0 && !testing.Short() {
		t.Errorf("features exercised fewer than %d times: %v", minFeature, short)
	}
}

// TestShowSequence prints one sequence in full (go test -run TestShowSequence -ssa.show=N -v).
func TestShowSequence(t *testing.T) {
	if *showFlag < 0 {
		t.Skip("pass -ssa.show=N to print sequence N")
	}
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + Describe(RunSequence(NewSequence(*seedFlag, *showFlag), ref, NewEngine())))
}
