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
//     "$deleteFromPrimitiveList/x" while kubectl's diff writes the same directive for the list x
//     (the reference keeps whichever its map iteration meets last) or orders a list the schema
//     does not merge (the reference merges it as a set and crashes on maps);
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
	case holdsDirective(original, "$setElementOrder/") || holdsDirective(modified, "$setElementOrder/") ||
		holdsDirective(original, "$deleteFromPrimitiveList/") || holdsDirective(modified, "$deleteFromPrimitiveList/"):
		return "directive beside its list"
	case holdsDirective(original, "$patch"):
		return "directive in last-applied"
	}
	return ""
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
