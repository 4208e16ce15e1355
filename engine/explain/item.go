package explain

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// ItemKey writes a list item's key for a sentence: name="x", or, for a key of several fields,
// containerPort=53,protocol="UDP".
func ItemKey(e fieldpath.Element) string {
	parts := make([]string, len(e.Keys))
	for i, kv := range e.Keys {
		parts[i] = fmt.Sprintf("%s=%s", kv.Name, Short(kv.Value))
	}
	return strings.Join(parts, ",")
}

// KeyFields names the fields of an item's key: "name", or "containerPort,protocol".
func KeyFields(e fieldpath.Element) string {
	names := make([]string, len(e.Keys))
	for i, kv := range e.Keys {
		names[i] = kv.Name
	}
	return strings.Join(names, ",")
}

// MultiKeyNote is a sentence ending for reasons about an item matched on a key of several
// fields; empty for a single field.
func MultiKeyNote(e fieldpath.Element) string {
	if len(e.Keys) < 2 {
		return ""
	}
	return "; the merge key has several fields (" + strings.ReplaceAll(KeyFields(e), ",", " and ") +
		"): items match only when all of them match, as server-side apply keys them (multiKeys)"
}
