package patchdiff

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// speedSeed is the seed of the speed benchmarks' streams.
const speedSeed = 7

// SpeedPatchStream builds the speed benchmarks' patch case of n live objects: the generator's
// cases (seed speedSeed) that the API server accepts, whose patches all name their targets and
// do not depend on Go's map order (EitherOrder), their objects renamed so that every identity
// is unique. The same n always gives the same case.
func SpeedPatchStream(n int) (*PatchCase, error) {
	var lives, patches []string
	for i := 0; len(lives) < n; i++ {
		c, err := NewPatchCase(speedSeed, i)
		if err != nil {
			return nil, err
		}
		steady, err := steadyPatch(c)
		if err != nil {
			return nil, err
		}
		if !steady {
			continue
		}
		suffix := fmt.Sprintf("-%d", i)
		l, err := pair.RenamedDocs(c.Live, suffix)
		if err != nil {
			return nil, err
		}
		p, err := pair.RenamedDocs(c.Patch, suffix)
		if err != nil {
			return nil, err
		}
		lives, patches = append(lives, l...), append(patches, p...)
	}
	return &PatchCase{Live: strings.Join(lives, "---\n"), Patch: strings.Join(patches, "---\n")}, nil
}

// steadyPatch reports whether the API server accepts a case's patches, each names its target,
// and no result depends on Go's map order.
func steadyPatch(c *PatchCase) (bool, error) {
	ref := ReferencePatch(c)
	if ref.Error != "" {
		return false, nil
	}
	objs, _, err := readObjects(c.Patch)
	if err != nil {
		return false, err
	}
	for _, o := range objs {
		if !named(o) {
			return false, nil
		}
	}
	for _, o := range ref.Outcomes {
		if o.EitherOrder {
			return false, nil
		}
	}
	return true, nil
}

// PatchText answers a patch stream as kubectl patch and the API server do, from text to text:
// the documents read as kubectl reads YAML (applydiff.SplitDocuments), each patch applied to
// the live object it names (by identity) by strategicpatch.StrategicMergePatch with its kind's
// struct, every live object written back as YAML.
func PatchText(c *PatchCase) (string, error) {
	lives, liveDocs, err := readObjects(c.Live)
	if err != nil {
		return "", err
	}
	patches, patchDocs, err := readObjects(c.Patch)
	if err != nil {
		return "", err
	}
	at := indexByIdentity(lives)
	results := append([][]byte(nil), liveDocs...)
	for i, p := range patches {
		t, ok := at[applydiff.IdentityOfData(p)]
		if !ok {
			return "", fmt.Errorf("patch %d: no target", i)
		}
		obj, ok := versioned(lives[t])
		if !ok {
			return "", fmt.Errorf("patch %d: a custom resource", i)
		}
		if results[t], err = strategicpatch.StrategicMergePatch(liveDocs[t], patchDocs[i], obj); err != nil {
			return "", err
		}
	}
	return yamlStream(results)
}

// yamlStream writes JSON documents as one YAML stream.
func yamlStream(docs [][]byte) (string, error) {
	out := make([]string, len(docs))
	for i, d := range docs {
		y, err := yaml.JSONToYAML(d)
		if err != nil {
			return "", err
		}
		out[i] = string(y)
	}
	return strings.Join(out, "---\n"), nil
}

// SpeedTwoWayStream builds the speed benchmarks' Helm upgrade of about n resources: the
// generator's cases (seed speedSeed) that upgrade without an error, their objects renamed so
// that every identity is unique. The same n always gives the same case.
func SpeedTwoWayStream(n int) (*TwoWayCase, error) {
	var docs [3][]string
	count := 0
	for i := 0; count < n; i++ {
		c, err := NewTwoWayCase(speedSeed, i)
		if err != nil {
			return nil, err
		}
		if c.WantError {
			continue
		}
		ref := ReferenceTwoWay(c)
		if ref.Error != "" {
			continue
		}
		suffix := fmt.Sprintf("-%d", i)
		for j, text := range []string{c.Previous, c.Next, c.Live} {
			renamed, err := pair.RenamedDocs(text, suffix)
			if err != nil {
				return nil, err
			}
			docs[j] = append(docs[j], renamed...)
		}
		count += len(ref.Outcomes)
	}
	join := func(docs []string) string { return strings.Join(docs, "---\n") }
	return &TwoWayCase{Previous: join(docs[0]), Next: join(docs[1]), Live: join(docs[2])}, nil
}

// TwoWayText answers an upgrade as Helm 2 and the API server do (ReferenceTwoWay's steps), from
// text to text: the renders and live read as kubectl reads YAML; each resource of the new render
// created, or patched with the two-way patch from the previous render (StrategicMergePatch, or a
// JSON merge patch for kinds the scheme lacks); those the new render dropped deleted, live's
// others left; every resulting object written back as YAML.
func TwoWayText(c *TwoWayCase) (string, error) {
	prev, prevDocs, err := readObjects(c.Previous)
	if err != nil {
		return "", err
	}
	next, nextDocs, err := readObjects(c.Next)
	if err != nil {
		return "", err
	}
	live, liveDocs, err := readObjects(c.Live)
	if err != nil {
		return "", err
	}
	prevAt, nextAt, liveAt := indexByIdentity(prev), indexByIdentity(next), indexByIdentity(live)
	var results []map[string]any
	for i, n := range next {
		id := applydiff.IdentityOfData(n)
		l, inLive := liveAt[id]
		p, inPrev := prevAt[id]
		switch {
		case !inLive:
			results = append(results, n)
		case !inPrev:
			return "", fmt.Errorf("%s: not in the previous release", id)
		default:
			o := &TwoWayOutcome{Resource: id, next: n}
			o.upgrade(prevDocs[p], nextDocs[i], liveDocs[l], prev[p], live[l])
			if o.Error != "" {
				return "", fmt.Errorf("%s: %s", id, o.Error)
			}
			results = append(results, o.Result)
		}
	}
	for _, l := range live {
		id := applydiff.IdentityOfData(l)
		if _, inNext := nextAt[id]; inNext {
			continue
		}
		if _, inPrev := prevAt[id]; !inPrev {
			results = append(results, l) // left alone; those the previous render had are deleted
		}
	}
	docs := make([]string, len(results))
	for i, r := range results {
		y, err := yaml.Marshal(r)
		if err != nil {
			return "", err
		}
		docs[i] = string(y)
	}
	return strings.Join(docs, "---\n"), nil
}
