package managed

import (
	"fmt"
	"sort"
	"time"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Entry is one item of metadata.managedFields.
type Entry struct {
	ID
	// Time is when the manager last changed the object; nil when the entry has none.
	Time *time.Time
	// FieldsType is "FieldsV1", the only form there is.
	FieldsType string
	// Fields is what the manager owns.
	Fields *fieldset.Set
	// Pos is where the entry was read (zero for entries the engine wrote).
	Pos yamltree.Pos
}

// TimeFormat is how managedFields times are written: RFC 3339, in UTC, to the second.
const TimeFormat = time.RFC3339

// Times holds the time of each manager, by identifier; a nil time is an entry without one.
type Times map[string]*time.Time

// Clone returns a copy of t.
func (t Times) Clone() Times {
	out := make(Times, len(t))
	for k, v := range t {
		out[k] = v
	}
	return out
}

// ReadEntries reads metadata.managedFields (the list node; nil or null for none). An entry that is
// not shaped as the API server's ManagedFieldsEntry is an error located at it.
func ReadEntries(list *yamltree.Node) ([]Entry, error) {
	if list.IsNull() {
		return nil, nil
	}
	if !list.IsList() {
		return nil, yamltree.Errorf(list.Pos, "metadata.managedFields must be a list of entries")
	}
	out := make([]Entry, 0, len(list.Items))
	for i, item := range list.Items {
		e, err := readEntry(item, i)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

func readEntry(item *yamltree.Node, i int) (Entry, error) {
	e := Entry{Pos: item.Pos, Fields: &fieldset.Set{}}
	if !item.IsMap() {
		return e, yamltree.Errorf(item.Pos, "metadata.managedFields[%d] must be a map (manager, operation, apiVersion, time, fieldsType, fieldsV1)", i)
	}
	strs := []struct {
		key string
		dst *string
	}{{"manager", &e.Manager}, {"operation", &e.Operation}, {"apiVersion", &e.APIVersion},
		{"fieldsType", &e.FieldsType}, {"subresource", &e.Subresource}}
	for _, s := range strs {
		v := item.Get(s.key)
		if v.IsNull() {
			continue
		}
		if !v.IsScalar() || v.Tag != yamltree.StrTag {
			return e, yamltree.Errorf(v.Pos, "metadata.managedFields[%d].%s must be a string", i, s.key)
		}
		*s.dst = v.Value
	}
	if err := readTime(&e, item.Get("time"), i); err != nil {
		return e, err
	}
	set, err := fieldset.FromNode(item.Get("fieldsV1"))
	if err != nil {
		return e, fmt.Errorf("metadata.managedFields[%d]: %w", i, err)
	}
	e.Fields = set
	return e, nil
}

func readTime(e *Entry, v *yamltree.Node, i int) error {
	if v.IsNull() {
		return nil
	}
	t, err := time.Parse(time.RFC3339, v.Str())
	if err != nil || !v.IsScalar() {
		return yamltree.Errorf(v.Pos, "metadata.managedFields[%d].time must be an RFC 3339 time such as 2026-01-01T00:00:00Z", i)
	}
	t = t.UTC().Truncate(time.Second)
	e.Time = &t
	return nil
}

// Decode turns entries into managers and their times, checking them as the API server does: an
// operation of Apply or Update, an API version, and fields of type FieldsV1. Two entries with one
// identifier are one manager, the later one winning.
func Decode(entries []Entry) (Managers, Times, error) {
	managers, times := Managers{}, Times{}
	for i, e := range entries {
		if err := check(e, i); err != nil {
			return nil, nil, err
		}
		id := e.ID.String()
		managers[id] = VersionedSet{Set: e.Fields, APIVersion: e.APIVersion, Applied: e.Operation == OperationApply}
		times[id] = e.Time
	}
	return managers, times, nil
}

func check(e Entry, i int) error {
	switch {
	case e.Operation != OperationApply && e.Operation != OperationUpdate:
		return yamltree.Errorf(e.Pos, "metadata.managedFields[%d]: operation must be Apply or Update, not %q", i, e.Operation)
	case e.APIVersion == "":
		return yamltree.Errorf(e.Pos, "metadata.managedFields[%d]: apiVersion must not be empty", i)
	case e.FieldsType == "":
		return yamltree.Errorf(e.Pos, "metadata.managedFields[%d]: fieldsType is missing (it must be FieldsV1)", i)
	case e.FieldsType != "FieldsV1":
		return yamltree.Errorf(e.Pos, "metadata.managedFields[%d]: fieldsType %q is not FieldsV1", i, e.FieldsType)
	}
	return nil
}

// Encode turns managers and their times into entries, sorted as the API server sorts them:
// appliers before updaters, then by time (oldest first; no time counts as the epoch), manager,
// API version and subresource.
func Encode(managers Managers, times Times) []Entry {
	out := make([]Entry, 0, len(managers))
	for id, vs := range managers {
		e := Entry{ID: ParseID(id), FieldsType: "FieldsV1", Fields: vs.Set}
		e.APIVersion = vs.APIVersion
		if vs.Applied {
			e.Operation = OperationApply
		}
		e.Time = times[id]
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return entryLess(out[i], out[j]) })
	return out
}

func entryLess(p, q Entry) bool {
	if p.Operation != q.Operation {
		return p.Operation < q.Operation
	}
	if ps, qs := seconds(p.Time), seconds(q.Time); ps != qs {
		return ps < qs
	}
	if p.Manager != q.Manager {
		return p.Manager < q.Manager
	}
	if p.APIVersion != q.APIVersion {
		return p.APIVersion < q.APIVersion
	}
	return p.Subresource < q.Subresource
}

func seconds(t *time.Time) int64 {
	if t == nil {
		return 0
	}
	return t.Unix()
}

// Node writes entries as metadata.managedFields, keys in the API server's order.
func Node(entries []Entry) (*yamltree.Node, error) {
	list := yamltree.NewList()
	for _, e := range entries {
		item := yamltree.NewMap()
		setString(item, "manager", e.Manager)
		setString(item, "operation", e.Operation)
		setString(item, "apiVersion", e.APIVersion)
		if e.Time != nil {
			setString(item, "time", e.Time.UTC().Format(TimeFormat))
		}
		setString(item, "fieldsType", e.FieldsType)
		fields, err := e.Fields.Node()
		if err != nil {
			return nil, err
		}
		item.Set("fieldsV1", fields)
		setString(item, "subresource", e.Subresource)
		list.Items = append(list.Items, item)
	}
	return list, nil
}

func setString(m *yamltree.Node, key, value string) {
	if value != "" {
		m.Set(key, yamltree.NewString(value))
	}
}
