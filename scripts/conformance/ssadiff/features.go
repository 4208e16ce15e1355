package ssadiff

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// The behaviours of server-side apply a step may exercise.
const (
	featConflicts        = "conflicts"
	featForced           = "forced"
	featShared           = "shared ownership"
	featRemovals         = "removals"
	featBeforeFirstApply = "before-first-apply"
	featHandOver         = "client-side hand-over"
	featCapped           = "capped update entries"
	featUntracked        = "untracked update"
)

// requiredFeatures must each be reached at least minFeature times.
var requiredFeatures = []string{featConflicts, featForced, featShared, featRemovals, featBeforeFirstApply, featHandOver}

// allFeatures lists every feature in the order the table prints them.
var allFeatures = append(append([]string(nil), requiredFeatures...), featCapped, featUntracked)

const minFeature = 100

// features says which behaviours one step exercised, from the reference's answer.
func features(k kind, ref *Reference, st *Step) []string {
	if st.Ref.Err != nil {
		return nil
	}
	var out []string
	add := func(name string, ok bool) {
		if ok {
			out = append(out, name)
		}
	}
	before := managersOf(st.Live)
	if st.Op.Operation == "update" {
		after := managersOf(st.Ref.Object)
		_, hadBucket := before[bucketKey]
		_, hasBucket := after[bucketKey]
		add(featCapped, hasBucket && !hadBucket)
		add(featUntracked, st.Live != nil && len(before) == 0 && len(after) == 0)
		return out
	}
	add(featConflicts, len(st.Ref.Conflicts) > 0)
	if st.Op.Force {
		probe := *st.Op
		probe.Force = false
		add(featForced, len(ref.Run(k, st.Live, &probe).Conflicts) > 0)
	}
	if len(st.Ref.Conflicts) > 0 {
		return out
	}
	after := managersOf(st.Ref.Object)
	mine := after[st.Op.Manager+"|Apply"]
	add(featShared, mine != nil && sharesWithOthers(after, st.Op.Manager+"|Apply"))
	add(featRemovals, st.Live != nil && removed(st.Live, st.Ref.Object))
	_, bfa := after[beforeFirstApplyKey]
	add(featBeforeFirstApply, st.Live != nil && len(before) == 0 && bfa)
	add(featHandOver, st.Op.Manager == "kubectl" && !st.Op.Force && handedOver(before, after))
	return out
}

const (
	bucketKey           = "ancient-changes|Update"
	beforeFirstApplyKey = "before-first-apply|Update"
	clientSideKey       = clientSideManager + "|Update"
)

// managersOf reads an object's managedFields into sets, keyed "manager|operation".
func managersOf(o object) map[string]*fieldpath.Set {
	out := map[string]*fieldpath.Set{}
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	for _, it := range list {
		m := it.(object)
		set := &fieldpath.Set{}
		if err := set.FromJSON(bytes.NewReader(mustJSON(m["fieldsV1"]))); err != nil {
			continue
		}
		key := str0(m["manager"]) + "|" + str0(m["operation"])
		if prev, ok := out[key]; ok {
			set = set.Union(prev)
		}
		out[key] = set
	}
	return out
}

// sharesWithOthers reports whether manager owns a field some other manager owns too.
func sharesWithOthers(managers map[string]*fieldpath.Set, manager string) bool {
	mine := managers[manager].Leaves()
	for name, set := range managers {
		if name != manager && !mine.Intersection(set.Leaves()).Empty() {
			return true
		}
	}
	return false
}

// handedOver reports whether kubectl took fields client-side apply owned without a conflict.
func handedOver(before, after map[string]*fieldpath.Set) bool {
	csa, kubectl := before[clientSideKey], after["kubectl|Apply"]
	if csa == nil || kubectl == nil {
		return false
	}
	moved := csa.Intersection(kubectl)
	if still := after[clientSideKey]; still != nil {
		moved = moved.Difference(still)
	}
	return !moved.Empty()
}

// removed reports whether after lacks a key (or list items) before had; managedFields and the
// last-applied annotation do not count.
func removed(before, after object) bool {
	b, a := map[string]int{}, map[string]int{}
	keyPaths(withoutManagedFields(before), "", b)
	keyPaths(withoutManagedFields(after), "", a)
	for p, n := range b {
		if a[p] < n && !strings.Contains(p, lastAppliedKey) {
			return true
		}
	}
	return false
}

func keyPaths(v interface{}, prefix string, out map[string]int) {
	switch x := v.(type) {
	case object:
		for k, e := range x {
			out[prefix+"."+k]++
			keyPaths(e, prefix+"."+k, out)
		}
	case []interface{}:
		out[prefix+"[]"] += len(x)
		for _, e := range x {
			keyPaths(e, prefix+"[]", out)
		}
	}
}

// Summary counts what a run found.
type Summary struct {
	Sequences, Steps, Differing int
	Features                    map[string]int
	Failed                      []*Result
}

// Summarize counts features and differences.
func Summarize(results []*Result) *Summary {
	s := &Summary{Sequences: len(results), Features: map[string]int{}}
	for _, r := range results {
		differs := false
		for _, st := range r.Steps {
			s.Steps++
			for _, f := range st.Features {
				s.Features[f]++
			}
			if len(st.Diffs) > 0 {
				s.Differing++
				differs = true
			}
		}
		if differs {
			s.Failed = append(s.Failed, r)
		}
	}
	return s
}

// Table writes the summary and the feature counts.
func (s *Summary) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ssa diff: %d sequences, %d operations, %d differences\n", s.Sequences, s.Steps, s.Differing)
	for _, f := range allFeatures {
		fmt.Fprintf(&b, "  %-24s %6d\n", f, s.Features[f])
	}
	return b.String()
}

// Short lists the required features reached fewer than minFeature times.
func (s *Summary) Short() []string {
	var out []string
	for _, f := range requiredFeatures {
		if s.Features[f] < minFeature {
			out = append(out, fmt.Sprintf("%s (%d)", f, s.Features[f]))
		}
	}
	sort.Strings(out)
	return out
}

// Describe writes one sequence in full: each step's request and both answers.
func Describe(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sequence %d: %s %s, starts %s\n", r.Seq.Index, r.Seq.Kind.apiVersion, r.Seq.Kind.name, r.Seq.Start)
	for i, st := range r.Steps {
		fmt.Fprintf(&b, "step %d: %s by %s (force %v) features %v\n", i, st.Op.Operation, st.Op.Manager, st.Op.Force, st.Features)
		fmt.Fprintf(&b, "  request: %s\n", mustJSON(Request(r.Seq.Kind, st.Live, st.Op)))
		fmt.Fprintf(&b, "  reference: conflicts %q err %v object %s\n", st.Ref.Conflicts, st.Ref.Err, mustJSON(st.Ref.Object))
		fmt.Fprintf(&b, "  engine:    conflicts %q err %v\n", st.Eng.Conflicts, st.Eng.Err)
		for _, d := range st.Diffs {
			fmt.Fprintf(&b, "  DIFF %s\n", d)
		}
	}
	return b.String()
}
