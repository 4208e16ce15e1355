package smpfacts

import (
	"encoding/json"
	"strings"
)

// knownDeparture names the class of a case the engine answers otherwise than the reference, on
// purpose or not yet: configs (and last-applied configurations) that write, as data, patch
// directives in places where strategicpatch's answer rests on Go's map order or on checks of its
// own not yet modelled. Each class is listed in the README's departures; "" for any other case,
// which must agree. The classes:
//   - "directive beside its list": a map of the config writes "$setElementOrder/x" or
//     "$deleteFromPrimitiveList/x" for a list x the schema merges, for which kubectl's diff may
//     write the same directive (the reference keeps whichever its map iteration meets last: Go's
//     map order, which no run can pin down; an order for a list the schema does not merge is
//     compared);
//   - "directive under overwrite=false": the conflict check of a config or last-applied holding
//     "$patch", "$retainKeys" or an order;
//   - "directive in last-applied": last-applied writes "$patch" in a list item, which the
//     deletions send as "$patch": null among the config's items.
func knownDeparture(c Case) string {
	var original, modified any
	_ = json.Unmarshal(orEmpty(c.Original), &original)
	_ = json.Unmarshal(orEmpty(c.Modified), &modified)
	switch {
	case c.Op == "apply":
		return ""
	case c.Op == "conflict" && (holdsDirective(original, "$") || holdsDirective(modified, "$")):
		return "directive under overwrite=false"
	case holdsListDirective(original) || holdsListDirective(modified):
		return "directive beside its list"
	case holdsDirective(original, "$patch"):
		return "directive in last-applied"
	}
	return ""
}

// mergedLists are the lists of the vectors' types that the schema merges: those kubectl's diff
// writes "$setElementOrder/" and "$deleteFromPrimitiveList/" for.
var mergedLists = []string{"mergingList", "mergingIntList", "retainKeysMergingList"}

// holdsListDirective reports whether a document holds, at any depth, an order or a deletion
// from a primitive list for one of mergedLists.
func holdsListDirective(v any) bool {
	for _, l := range mergedLists {
		if holdsDirective(v, "$setElementOrder/"+l) || holdsDirective(v, "$deleteFromPrimitiveList/"+l) {
			return true
		}
	}
	return false
}

// holdsDirective reports whether a document holds, at any depth, a map key starting with prefix.
func holdsDirective(v any, prefix string) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, f := range x {
			if strings.HasPrefix(k, prefix) || holdsDirective(f, prefix) {
				return true
			}
		}
	case []any:
		for _, it := range x {
			if holdsDirective(it, prefix) {
				return true
			}
		}
	}
	return false
}
