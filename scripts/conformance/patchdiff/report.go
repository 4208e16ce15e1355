package patchdiff

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
)

// FullRunCases is the default size of each mode's run, and FullRunMinimum the number of cases
// every feature must reach in it.
const (
	FullRunCases   = 5000
	FullRunMinimum = 100
)

// Minimum is the count every feature must reach in a run of n cases: FullRunMinimum at
// FullRunCases and above, proportionally less in shorter runs.
func Minimum(n int) int { return runs.Minimum(n, FullRunCases, FullRunMinimum) }

// Summary counts a run.
type Summary struct {
	Mode        string
	Cases       int
	Differences int
	Counts      map[Feature]int
	GenErrors   []error
	Differing   []*CaseResult
}

// Summarize counts the features and differences of a run.
func Summarize(mode string, results []*CaseResult) *Summary {
	s := &Summary{Mode: mode, Cases: len(results), Counts: map[Feature]int{}}
	for _, r := range results {
		if r.GenError != nil {
			s.GenErrors = append(s.GenErrors, r.GenError)
			continue
		}
		for f := range r.Features {
			s.Counts[f]++
		}
		if len(r.Diffs) > 0 {
			s.Differences++
			s.Differing = append(s.Differing, r)
		}
	}
	return s
}

// Table writes "feature: count" lines and the totals line "<mode>: N cases, D differences".
func (s *Summary) Table(features []Feature) string {
	var b strings.Builder
	for _, f := range features {
		fmt.Fprintf(&b, "  %-58s %6d\n", string(f)+":", s.Counts[f])
	}
	fmt.Fprintf(&b, "%s: %d cases, %d differences\n", s.Mode, s.Cases, s.Differences)
	return b.String()
}

// Short returns the features seen fewer times than Minimum(cases).
func (s *Summary) Short(features []Feature) []string {
	var out []string
	for _, f := range features {
		if s.Counts[f] < Minimum(s.Cases) {
			out = append(out, fmt.Sprintf("%s (%d < %d)", f, s.Counts[f], Minimum(s.Cases)))
		}
	}
	return out
}

// describe writes a case in full: how it was built, the differences, the request (save it as
// request.json and run `go run ./wasm < request.json`), the reference's and the engine's
// answers.
func describe(index int, seed uint64, story, diffs []string, req *contract.Request, ref any, eng *EngineAnswer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "=== %s case %d (seed %d)\n", req.Mode, index, seed)
	fmt.Fprintf(&b, "how it was built:\n  - %s\n", strings.Join(story, "\n  - "))
	if len(diffs) > 0 {
		fmt.Fprintf(&b, "differences:\n  - %s\n", strings.Join(diffs, "\n  - "))
	}
	fmt.Fprintf(&b, "--- original:\n%s\n--- updated:\n%s\n--- live:\n%s\n", req.Original, req.Updated, req.Live)
	fmt.Fprintf(&b, "--- request (go run ./wasm < request.json):\n%s\n", mustJSON(req, false))
	fmt.Fprintf(&b, "--- reference:\n%s\n", mustJSON(ref, true))
	resp := eng.Response
	fmt.Fprintf(&b, "--- engine: errors %s\n--- engine: patch\n%s\n--- engine: result\n%s\n", mustJSON(resp.Errors, false), resp.Patch, resp.Result)
	return b.String()
}

// mustJSON writes v as JSON (indented when asked).
func mustJSON(v any, indent bool) string {
	var data []byte
	var err error
	if indent {
		data, err = json.MarshalIndent(v, "", "  ")
	} else {
		data, err = json.Marshal(v)
	}
	if err != nil {
		return fmt.Sprintf("(cannot write %T as JSON: %v)", v, err)
	}
	return string(data)
}
