package smpfacts

import (
	"encoding/json"
	"strings"
)

// knownDeparture names the class of a case the engine answers otherwise than the reference on
// purpose: what no run of the reference can pin down. "" for any other case, which must agree.
// The one class, listed in docs/testing.md and the apply mode's departures:
//   - "directive beside its list": a map of the config (or of last-applied) writes
//     "$setElementOrder/x" or "$deleteFromPrimitiveList/x" for a list x the schema merges (or
//     for a name that is no list: "$setElementOrder/$deleteFromPrimitiveList/x"), beside which
//     kubectl's diff may write the same directive: the reference keeps whichever its map
//     iteration meets last, Go's map order, random from run to run. An order for a list the
//     schema does not merge is compared.
func knownDeparture(c Case) string {
	var original, modified any
	_ = json.Unmarshal(orEmpty(c.Original), &original)
	_ = json.Unmarshal(orEmpty(c.Modified), &modified)
	switch {
	case c.Op == "apply":
		return ""
	case holdsListDirective(original) || holdsListDirective(modified):
		return "directive beside its list"
	}
	return ""
}

// atomicLists are the lists of the vectors' types that the schema does not merge: kubectl's diff
// writes no order or deletion for them.
var atomicLists = []string{"nonMergingList", "nonMergingIntList"}

// holdsListDirective reports whether a document holds, at any depth, an order or a deletion
// from a primitive list for any name but one of atomicLists.
func holdsListDirective(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, f := range x {
			if listDirective(k) || holdsListDirective(f) {
				return true
			}
		}
	case []any:
		for _, it := range x {
			if holdsListDirective(it) {
				return true
			}
		}
	}
	return false
}

// listDirective reports whether a key is an order or a deletion from a primitive list for a
// list the schema may merge.
func listDirective(k string) bool {
	for _, prefix := range []string{"$setElementOrder/", "$deleteFromPrimitiveList/"} {
		if name, ok := strings.CutPrefix(k, prefix); ok {
			for _, a := range atomicLists {
				if name == a {
					return false
				}
			}
			return true
		}
	}
	return false
}
