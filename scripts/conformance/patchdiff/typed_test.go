package patchdiff

import (
	"flag"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
)

var (
	typedCases = flag.Int("typed.cases", 2000, "number of merge and of JSON patch cases the typed-patch differentials run (-short: 500)")
	typedSeed  = flag.Uint64("typed.seed", 1, "seed of the generated merge and JSON patch cases")
)

// TestJSONPatchesAgreeWithTheLibrary: random JSON patches of applydiff's targets, applied by
// gopkg.in/evanphx/json-patch.v4 (DecodePatch, Apply: kube-apiserver v1.37.2's) and by the
// engine's jsonpatch package, and by its jsonpatch mode (less the managedFields it writes).
func TestJSONPatchesAgreeWithTheLibrary(t *testing.T) {
	runTyped(t, true)
}

// TestMergePatchesAgreeWithTheLibrary: random merge patches of applydiff's targets, applied by
// gopkg.in/evanphx/json-patch.v4 MergePatch (kube-apiserver v1.37.2's) and by the engine's
// jsonmerge package, and by its mergepatch mode.
func TestMergePatchesAgreeWithTheLibrary(t *testing.T) {
	runTyped(t, false)
}

// runTyped runs the cases and fails on any difference. The mode may refuse what the library
// accepts only when the engine's store refuses the object (a value of the wrong type for its
// kind, which the library does not know of): such cases are counted, not failed.
func runTyped(t *testing.T, json bool) {
	n := cases(t, typedCases, "typed.cases")
	h := handler.Default()
	refused, failed, stored, described, panicked := 0, 0, 0, 0, 0
	for i := range n {
		c, err := NewTypedCase(*typedSeed, i, json)
		if err != nil {
			t.Fatal(err)
		}
		ref := ReferenceTyped(c, json)
		if ref.Err != nil {
			refused++
		}
		if ref.Panicked {
			if panicked++; panicked == 1 {
				t.Logf("case %d, the first the library panics on (%v): %s", i, ref.Err, c.Patch)
			}
		}
		diff := CompareTyped(ref, EngineTyped(c, json))
		if diff == "" {
			mode := ModeTyped(h, c, json)
			if ref.Err == nil && mode.Err != nil && !patchRefused(mode.Err) {
				if stored++; stored == 1 {
					t.Logf("case %d, the first the engine's store refuses: %v", i, mode.Err)
				}
				continue
			}
			if diff = CompareTyped(ref, mode); diff != "" {
				diff = "the mode: " + diff
			}
		}
		if diff != "" {
			failed++
			if described++; described <= maxDescribed {
				t.Errorf("case %d: %s\npatch: %s\nstory: %s\nlive:\n%s", i, diff, c.Patch, strings.Join(c.Story, "; "), c.Live)
			}
		}
	}
	t.Logf("%d cases: %d refused by the library (%d of them panics), %d refused by the engine's store (the library does not check the kind), %d differences", n, refused, panicked, stored, failed)
	if json && (refused == 0 || refused == n) {
		t.Errorf("the cases do not exercise both outcomes: %d of %d refused", refused, n)
	}
	if stored > n/2 {
		t.Errorf("the engine's store refuses %d of %d cases: too few are compared whole", stored, n)
	}
}

// patchRefused reports whether the mode's error is its refusal of the patch itself (what the
// library decides), not of the object it makes (a value of the wrong type for the kind: the
// engine's store, which the library does not model).
func patchRefused(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "the API server refuses the patch") || strings.Contains(msg, "renames the object")
}
