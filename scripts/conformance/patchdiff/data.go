package patchdiff

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// Plain data is what encoding/json reads: map[string]any, []any, string, float64, bool, nil.

// decodeStream reads a YAML stream as kubectl does (applydiff.SplitDocuments): one JSON
// document per non-empty YAML document.
func decodeStream(text string) ([][]byte, error) {
	return applydiff.SplitDocuments(text)
}

// objectOf reads one JSON document as plain data; it must be an object.
func objectOf(doc []byte) (map[string]any, error) {
	var obj map[string]any
	if err := json.Unmarshal(doc, &obj); err != nil {
		return nil, fmt.Errorf("a document is not an object: %s", doc)
	}
	return obj, nil
}

// dataOf reads JSON as plain data; nil for invalid JSON.
func dataOf(doc []byte) any {
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return nil
	}
	return v
}

// jsonText writes plain data as compact JSON.
func jsonText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("(cannot write %T as JSON: %v)", v, err)
	}
	return string(data)
}

// sortedKeys returns a map's keys in order, so that walks over maps are deterministic.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// deepCopy copies plain data.
func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, val := range t {
			out[k] = deepCopy(val)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, it := range t {
			out[i] = deepCopy(it)
		}
		return out
	}
	return v
}

// size counts the values below v (v included), to weigh where a patch goes.
func size(v any) int {
	n := 1
	switch t := v.(type) {
	case map[string]any:
		for _, val := range t {
			n += size(val)
		}
	case []any:
		for _, it := range t {
			n += size(it)
		}
	}
	return n
}

// str returns m[k] as a string ("" when it is not one).
func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

// metadataOf returns an object's metadata map (nil when it has none).
func metadataOf(obj map[string]any) map[string]any {
	m, _ := obj["metadata"].(map[string]any)
	return m
}

// orderedMap is a patch map written with its keys in order.
type orderedMap = applydiff.OrderedMap

// newOrdered returns an empty patch map.
func newOrdered() *orderedMap { return applydiff.NewOrderedMap() }

// firstDiffOf describes where the engine's object differs from the reference's, managedFields
// left out (applydiff.WithoutManagedFields).
func firstDiffOf(want, got map[string]any) string {
	var w, g any
	if want != nil {
		w = applydiff.WithoutManagedFields(want)
	}
	if got != nil {
		g = applydiff.WithoutManagedFields(got)
	}
	return applydiff.FirstDiff(w, g)
}
