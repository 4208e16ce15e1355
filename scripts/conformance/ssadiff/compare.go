package ssadiff

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Compare lists where the engine's answer differs from the reference's.
func Compare(ref Answer, eng EngineAnswer) []string {
	switch {
	case ref.Err != nil && eng.Err == nil:
		return []string{fmt.Sprintf("the reference fails (%v) but the engine answers", ref.Err)}
	case ref.Err == nil && eng.Err != nil:
		return []string{fmt.Sprintf("the engine fails: %v", eng.Err)}
	case ref.Err != nil:
		return nil
	}
	if !reflect.DeepEqual(ref.Conflicts, eng.Conflicts) {
		return []string{fmt.Sprintf("conflicts differ:\n  reference %q\n  engine    %q", ref.Conflicts, eng.Conflicts)}
	}
	if len(ref.Conflicts) > 0 {
		return nil
	}
	var diffs []string
	if a, b := withoutManagedFields(ref.Object), withoutManagedFields(eng.Object); !reflect.DeepEqual(a, b) {
		diffs = append(diffs, fmt.Sprintf("objects differ:\n  reference %s\n  engine    %s", mustJSON(a), mustJSON(b)))
	}
	want, err := referenceEntries(ref.Object)
	if err != nil {
		return append(diffs, "reading the reference's managedFields: "+err.Error())
	}
	got := append([]entry{}, eng.Entries...)
	sortEntries(want)
	sortEntries(got)
	if !reflect.DeepEqual(want, got) {
		diffs = append(diffs, fmt.Sprintf("managedFields differ:\n  reference %s\n  engine    %s", entriesText(want), entriesText(got)))
	}
	return diffs
}

// withoutManagedFields returns a copy of o without metadata.managedFields.
func withoutManagedFields(o object) object {
	out := deepCopy(o)
	deletePath(out, "metadata", "managedFields")
	return out
}

// referenceEntries reads the managedFields of an object the reference returned, with each
// entry's fields written as structured-merge-diff writes them.
func referenceEntries(o object) ([]entry, error) {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	out := []entry{}
	for _, it := range list {
		m := it.(object)
		var set fieldpath.Set
		if err := set.FromJSON(bytes.NewReader(mustJSON(m["fieldsV1"]))); err != nil {
			return nil, err
		}
		fields, err := set.ToJSON()
		if err != nil {
			return nil, err
		}
		out = append(out, entry{Manager: str0(m["manager"]), Operation: str0(m["operation"]),
			APIVersion: str0(m["apiVersion"]), Time: str0(m["time"]), Subresource: str0(m["subresource"]),
			FieldsV1: string(fields)})
	}
	return out, nil
}

func str0(v interface{}) string {
	s, _ := v.(string)
	return s
}

func sortEntries(es []entry) {
	sort.Slice(es, func(i, j int) bool {
		a, b := es[i], es[j]
		return a.Manager+"|"+a.Operation+"|"+a.APIVersion+"|"+a.Subresource < b.Manager+"|"+b.Operation+"|"+b.APIVersion+"|"+b.Subresource
	})
}

func entriesText(es []entry) string {
	var lines []string
	for _, e := range es {
		lines = append(lines, fmt.Sprintf("\n    %s %s %s %s %s", e.Manager, e.Operation, e.APIVersion, e.Time, e.FieldsV1))
	}
	return strings.Join(lines, "")
}
