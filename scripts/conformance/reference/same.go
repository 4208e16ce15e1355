package reference

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/ssadiff"
)

// Same compares the reference's text with the engine's result for a mode, as the mode's
// differential does: merge3 byte for byte (the engine writes kyaml's text); ssa object by
// object, managedFields without their times (ssadiff.SameStreams); the others object by object
// as kubectl reads both streams, paired by identity, managedFields without their times too (the
// engine writes options.now, the reference's field manager its clock). Nil when they agree.
func Same(mode, reference, engine string) error {
	switch mode {
	case "merge3":
		return sameText(reference, engine)
	case "ssa":
		return ssadiff.SameStreams(reference, engine)
	}
	return sameObjects(reference, engine)
}

// sameText reports the first line where two texts differ.
func sameText(reference, engine string) error {
	if reference == engine {
		return nil
	}
	line, i := 1, 0
	for i < len(reference) && i < len(engine) && reference[i] == engine[i] {
		if reference[i] == '\n' {
			line++
		}
		i++
	}
	return fmt.Errorf("the texts differ from line %d: reference %q, engine %q", line, excerpt(reference, i), excerpt(engine, i))
}

// excerpt returns up to 80 bytes of s from i.
func excerpt(s string, i int) string {
	return s[i:min(len(s), i+80)]
}

// sameObjects compares two streams as sets of objects by identity.
func sameObjects(reference, engine string) error {
	want, err := objectsByID(reference)
	if err != nil {
		return fmt.Errorf("the reference's text: %w", err)
	}
	got, err := objectsByID(engine)
	if err != nil {
		return fmt.Errorf("the engine's result: %w", err)
	}
	if len(want) != len(got) {
		return fmt.Errorf("%d objects in the reference's text, %d in the engine's result", len(want), len(got))
	}
	ids := make([]string, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		g, ok := got[id]
		if !ok {
			return fmt.Errorf("%s: not in the engine's result", id)
		}
		if d := applydiff.FirstDiff(ssadiff.Timeless(want[id]), ssadiff.Timeless(g)); d != "" {
			return fmt.Errorf("%s: %s", id, d)
		}
	}
	return nil
}

// objectsByID reads a stream as kubectl does (applydiff.SplitDocuments) into objects by identity.
func objectsByID(text string) (map[string]map[string]any, error) {
	docs, err := applydiff.SplitDocuments(text)
	if err != nil {
		return nil, err
	}
	out := make(map[string]map[string]any, len(docs))
	for _, d := range docs {
		var obj map[string]any
		if err := json.Unmarshal(d, &obj); err != nil {
			return nil, err
		}
		id := applydiff.IdentityOfData(obj)
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("%s twice", id)
		}
		out[id] = obj
	}
	return out, nil
}
