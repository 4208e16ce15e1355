package applydiff

import (
	"encoding/json"
	"fmt"
	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
	"regexp"
	"sort"
	"strings"
)

// FullRunCases is the size of the conformance run, and FullRunMinimum the number of cases
// every feature must reach in it.
const (
	FullRunCases   = 10000
	FullRunMinimum = 100
)

// Minimum is the count every feature must reach in a run of n cases: FullRunMinimum at
// FullRunCases and above, proportionally less in shorter runs.
func Minimum(n int) int { return runs.Minimum(n, FullRunCases, FullRunMinimum) }

// Summary counts a run.
type Summary struct {
	Cases       int
	Differences int
	Counts      map[Feature]int
	GenErrors   []error
	// Differing are the cases with differences, in case order.
	Differing []*CaseResult
}

// Summarize counts the features and differences of a run.
func Summarize(results []*CaseResult) *Summary {
	s := &Summary{Cases: len(results), Counts: map[Feature]int{}}
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

// Table writes "feature: count" lines and the totals.
func (s *Summary) Table() string {
	var b strings.Builder
	for _, f := range AllFeatures() {
		fmt.Fprintf(&b, "  %-45s %6d\n", string(f)+":", s.Counts[f])
	}
	fmt.Fprintf(&b, "apply: %d cases, %d differences\n", s.Cases, s.Differences)
	return b.String()
}

// DiffKinds counts the differences by kind: the resource's kind and the path where they
// start, list positions left out, most frequent first; at most n.
func (s *Summary) DiffKinds(n int) string {
	counts := map[string]int{}
	for _, r := range s.Differing {
		seen := map[string]bool{}
		for _, d := range r.Diffs {
			if k := diffKind(d); !seen[k] {
				seen[k] = true
				counts[k]++
			}
		}
	}
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		if counts[kinds[i]] != counts[kinds[j]] {
			return counts[kinds[i]] > counts[kinds[j]]
		}
		return kinds[i] < kinds[j]
	})
	var b strings.Builder
	for i, k := range kinds {
		if i == n {
			fmt.Fprintf(&b, "  ... and %d more kinds\n", len(kinds)-n)
			break
		}
		fmt.Fprintf(&b, "  %5d cases: %s\n", counts[k], k)
	}
	return b.String()
}

// listIndex matches a list position in a path.
var listIndex = regexp.MustCompile(`\[[0-9]+\]`)

// diffKind reduces a difference to its kind: "Deployment result .spec.x" or the message itself.
func diffKind(d string) string {
	first, _, _ := strings.Cut(d, "\n")
	head, rest, found := strings.Cut(first, " ")
	if !found || strings.Count(head, "/") < 3 {
		return listIndex.ReplaceAllString(first, "[]")
	}
	parts := strings.Split(head, "/")
	kind := parts[len(parts)-3]
	if len(parts) == 4 {
		kind = parts[1]
	}
	where, _, _ := strings.Cut(rest, ": kubectl has")
	where, _, _ = strings.Cut(where, ": engine has")
	return kind + " " + listIndex.ReplaceAllString(where, "[]")
}

// Short returns the features seen fewer times than their minimum in a run of n cases
// (Minimum(n); none for EitherFailure, a rare accident the table only reports).
func (s *Summary) Short(n int) []string {
	var out []string
	for _, f := range AllFeatures() {
		min := Minimum(n)
		if f == EitherFailure {
			min = 0
		}
		if s.Counts[f] < min {
			out = append(out, fmt.Sprintf("%s (%d < %d)", f, s.Counts[f], min))
		}
	}
	return out
}

// Describe writes a differing case in full: how it was built, the request (save it as
// request.json and run `go run ./wasm < request.json`), kubectl's answer, the engine's
// response and the differences.
func Describe(r *CaseResult) string {
	var b strings.Builder
	c := r.Case
	fmt.Fprintf(&b, "=== case %d (seed %d, overwrite %v)\n", c.Index, c.Seed, c.Overwrite)
	fmt.Fprintf(&b, "how it was built:\n%s\n", joinStory(c.Story))
	if len(r.Diffs) > 0 {
		fmt.Fprintf(&b, "differences:\n  - %s\n", strings.Join(r.Diffs, "\n  - "))
	}
	fmt.Fprintf(&b, "--- original:\n%s\n--- updated:\n%s\n--- live:\n%s\n", c.Original, c.Updated, c.Live)
	fmt.Fprintf(&b, "--- request (go run ./wasm < request.json):\n%s\n", mustJSON(c.Request(), false))
	fmt.Fprintf(&b, "--- kubectl:\n%s\n", mustJSON(r.Ref, true))
	if r.Eng != nil {
		resp := *r.Eng.Response
		fmt.Fprintf(&b, "--- engine (its field marks left out):\n")
		resp.Fields = nil
		fmt.Fprintf(&b, "%s\n", mustJSON(&resp, true))
	}
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
