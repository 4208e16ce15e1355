package twoway_test

import (
	"os"
	"strings"
	"testing"
)

// TestFuzzCheckCopiesAgree checks that the copies of fuzzcheck_test.go beside each mode's fuzz
// target say the same below their package clause, so that every mode is held to the same
// invariants.
func TestFuzzCheckCopiesAgree(t *testing.T) {
	body := func(mode string) string {
		data, err := os.ReadFile("../" + mode + "/fuzzcheck_test.go")
		if err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(string(data), "\n")
		return rest
	}
	want := body("twoway")
	for _, mode := range []string{"apply", "merge3", "patch", "ssa"} {
		if body(mode) != want {
			t.Errorf("%s/fuzzcheck_test.go differs from twoway's copy: copy it over (only the package clause differs)", mode)
		}
	}
}
