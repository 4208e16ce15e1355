package managed

import (
	"sort"
	"strconv"
	"time"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/rfc3339"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// Entry is one item of metadata.managedFields.
type Entry struct {
	_ incomparable.Field
	ID
	// Time is when the manager last changed the object; nil when the entry has none.
	Time *time.Time
	// FieldsType is "FieldsV1", the only form there is.
	FieldsType string
	// Fields is what the manager owns.
	Fields *fieldset.Set
	// Pos is where the entry was read (zero for entries the engine wrote).
	Pos yamltree.Pos
	// fieldsErr is why the entry's fieldsV1 did not read as a set (Fields is then empty).
	fieldsErr error
}

// TimeFormat is how managedFields times are written: RFC 3339, in UTC, to the second.
const TimeFormat = time.RFC3339

// Times holds the time of each manager; a nil time is an entry without one.
type Times map[ID]*time.Time

// Clone returns a copy of t.
func (t Times) Clone() Times {
	out := make(Times, len(t))
	for k, v := range t {
		out[k] = v
	}
	return out
}

// managedFields are read in two layers, as the API server reads them (observed with
// k8s.io/apimachinery v0.37.2's field manager, scripts/conformance/ssadiff/entriesprobe_test.go):
//
//  1. ReadEntries reads the list as ManagedFieldsEntry objects: maps whose manager, operation,
//     apiVersion, fieldsType and subresource are strings and whose time is an RFC 3339 time. A
//     list that does not read so is as good as none: the API server logs "unable to retrieve
//     managedFields" and goes on without them (an apply gives every field to
//     before-first-apply, once the object, managedFields included, passes its schema; an update
//     of an existing object leaves it untracked).
//  2. Decode checks each entry read, in order, against entryChecks; the first row an entry fails
//     refuses the whole list with the API server's message (after "failed to decode managed
//     fields: "). A refused list fails an apply; an update then reads the managers from live
//     rather than from the object it sends, and from none when live's are refused too.
//
// Two entries with one identifier are one manager: the later one wins (its fields and, for an
// applier, its API version).

// ReadEntries reads metadata.managedFields (the list node; nil or null for none). An entry that is
// not shaped as a ManagedFieldsEntry is an error located at it; a fieldsV1 that is not a FieldsV1
// set is not (Decode refuses it in its turn).
func ReadEntries(list *yamltree.Node) ([]Entry, error) {
	if list.IsNull() {
		return nil, nil
	}
	if !list.IsList() {
		return nil, yamltree.ErrorAt(list.Pos, "metadata.managedFields must be a list of entries")
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
		return e, yamltree.ErrorAt(item.Pos, "metadata.managedFields["+strconv.Itoa(i)+"] must be a map (manager, operation, apiVersion, time, fieldsType, fieldsV1)")
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
			return e, yamltree.ErrorAt(v.Pos, "metadata.managedFields["+strconv.Itoa(i)+"]."+s.key+" must be a string")
		}
		*s.dst = v.Value
	}
	if err := readTime(&e, item.Get("time"), i); err != nil {
		return e, err
	}
	if set, err := fieldset.FromNode(item.Get("fieldsV1")); err != nil {
		e.fieldsErr = err
	} else {
		e.Fields = set
	}
	return e, nil
}

func readTime(e *Entry, v *yamltree.Node, i int) error {
	if v.IsNull() {
		return nil
	}
	t, err := rfc3339.Parse(v.Str())
	if err != nil || !v.IsScalar() {
		return yamltree.ErrorAt(v.Pos, "metadata.managedFields["+strconv.Itoa(i)+"].time must be an RFC 3339 time such as 2026-01-01T00:00:00Z")
	}
	t = t.UTC().Truncate(time.Second)
	e.Time = &t
	return nil
}

// entryCheck is one row of the checks Decode makes of each entry: the condition that refuses it,
// and the API server's message.
type entryCheck struct {
	refuses func(e Entry) bool
	message func(e Entry, i int) string
}

// entryChecks are the rows, in the order the API server makes them (an entry failing two says
// the first; observed with each pair).
var entryChecks = [...]entryCheck{
	{func(e Entry) bool { return e.Operation != OperationApply && e.Operation != OperationUpdate },
		func(Entry, int) string { return "operation must be `Apply` or `Update`" }},
	{func(e Entry) bool { return e.APIVersion == "" },
		func(Entry, int) string { return "apiVersion must not be empty" }},
	{func(e Entry) bool { return e.FieldsType == "" },
		func(_ Entry, i int) string { return "missing fieldsType in managed fields entry " + strconv.Itoa(i) }},
	{func(e Entry) bool { return e.FieldsType != "FieldsV1" },
		func(e Entry, i int) string {
			return "invalid fieldsType " + strconv.Quote(e.FieldsType) + " in managed fields entry " + strconv.Itoa(i)
		}},
	{func(e Entry) bool { return e.fieldsErr != nil },
		func(e Entry, _ int) string { return "error decoding set: " + e.fieldsErr.Error() }},
}

// refusal returns the error of the first row e fails, nil when it passes them all.
func refusal(e Entry, i int) error {
	for _, row := range entryChecks {
		if row.refuses(e) {
			return yamltree.ErrorAt(e.Pos, "metadata.managedFields["+strconv.Itoa(i)+"]: failed to decode managed fields: "+row.message(e, i))
		}
	}
	return nil
}

// Decode turns entries into managers and their times, refusing them as the API server does (see
// entryChecks).
func Decode(entries []Entry) (Managers, Times, error) {
	managers, times := Managers{}, Times{}
	for i, e := range entries {
		if err := refusal(e, i); err != nil {
			return nil, nil, err
		}
		id := e.ID.keyed()
		managers[id] = VersionedSet{Set: e.Fields, APIVersion: e.APIVersion, Applied: e.Operation == OperationApply}
		times[id] = e.Time
	}
	return managers, times, nil
}

// readManagers reads the managers and times a managedFields list holds. unreadable reports a list
// the API server reads as none (the first layer above); err a list it refuses (the second).
func readManagers(list *yamltree.Node) (managers Managers, times Times, unreadable bool, err error) {
	entries, err := ReadEntries(list)
	if err != nil {
		return Managers{}, Times{}, true, nil
	}
	managers, times, err = Decode(entries)
	return managers, times, false, err
}

// Encode turns managers and their times into entries, in the API server's order (see entryKey).
func Encode(managers Managers, times Times) []Entry {
	all := make([]Entry, 0, len(managers))
	for id, vs := range managers {
		e := Entry{ID: id, FieldsType: "FieldsV1", Fields: vs.Set, Time: times[id]}
		e.APIVersion = vs.APIVersion
		all = append(all, e)
	}
	return byEntryKey(all)
}

// byEntryKey returns entries in the API server's order (entryKey), stably. It sorts positions,
// not the entries: entries given to sort.Slice as an interface would keep every method of
// time.Time in the wasm (reflection could reach them through Entry.Time: String, Format and
// its layouts, about 30 KB).
func byEntryKey(entries []Entry) []Entry {
	keys := make([]string, len(entries))
	order := make([]int, len(entries))
	for i, e := range entries {
		keys[i], order[i] = entryKey(e), i
	}
	sort.SliceStable(order, func(a, b int) bool { return keys[order[a]] < keys[order[b]] })
	out := make([]Entry, len(entries))
	for i, at := range order {
		out[i] = entries[at]
	}
	return out
}

// entryKey is the text the API server's order of entries sorts as (observed, entriesprobe_test.go,
// "order: times, operations, names"): appliers before updaters; then oldest first, an entry
// without a time as the Unix epoch; then by manager name, API version and subresource, bytewise.
func entryKey(e Entry) string {
	group := "1"
	if e.Operation == OperationApply {
		group = "0"
	}
	// Seconds shifted to be positive and padded, so that the text sorts as the number.
	return group + verb.Int(seconds(e.Time)+1<<62, 20) + "\x00" + e.Manager + "\x00" + e.APIVersion + "\x00" + e.Subresource
}

// seconds returns a time in Unix seconds, 0 (the epoch) for none.
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
			setString(item, "time", rfc3339.Format(*e.Time))
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
