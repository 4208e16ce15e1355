package managed

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
)

// capInput is one managedFields entry of a capUpdaters case; it owns the field .<field>.
type capInput struct {
	id     ID
	minute int // minutes after 2020-01-01T00:00:00Z; noTime for none
	field  string
}

// noTime marks an entry without a time; newcomerMinute is the updater whose update triggered
// the cap (the probe's "newcomer", newer than every other entry).
const (
	noTime         = -1
	newcomerMinute = 525600
)

// series returns updaters prefix-00, prefix-01, ... at version, at the given minutes, each
// owning a field of its own name.
func series(prefix, version string, minutes ...int) []capInput {
	out := make([]capInput, len(minutes))
	for i, m := range minutes {
		name := fmt.Sprintf("%s-%02d", prefix, i)
		out[i] = capInput{id: UpdateID(name, version), minute: m, field: name}
	}
	return out
}

func entries(parts ...[]capInput) []capInput {
	var out []capInput
	for _, p := range parts {
		out = append(out, p...)
	}
	return append(out, capInput{id: UpdateID("newcomer", "v1"), minute: newcomerMinute, field: "new"})
}

func oldBucket(version string, minute int) []capInput {
	return []capInput{{id: UpdateID(ancientChanges, version), minute: minute, field: "ancient"}}
}

func one(id ID, minute int, field string) []capInput {
	return []capInput{{id: id, minute: minute, field: field}}
}

// TestCapUpdatersAsTheAPIServer runs the cases of scripts/conformance/ssadiff/capprobe_test.go:
// the expectations are the field manager's answers there (apimachinery v0.37.2). buckets are the
// ancient-changes entries afterwards ("version minute: fields"); lost are the fields no entry owns
// any more. Every other entry must come out as it went in.
func TestCapUpdatersAsTheAPIServer(t *testing.T) {
	tests := []struct {
		name    string
		in      []capInput
		buckets []string
		lost    []string
	}{
		{name: "ten after the update: nothing",
			in: entries(series("c", "v1", 9, 8, 7, 6, 5, 4, 3, 2, 1))},
		{name: "eleven: the two oldest fold",
			in:      entries(series("c", "v1", 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
			buckets: []string{"v1 2: c-08 c-09"}},
		{name: "twelve: the three oldest fold",
			in:      entries(series("c", "v1", 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
			buckets: []string{"v1 3: c-08 c-09 c-10"}},
		{name: "fifteen, shuffled: the six oldest fold",
			in:      entries(series("c", "v1", 3, 14, 1, 12, 5, 10, 7, 8, 9, 6, 11, 4, 13, 2)),
			buckets: []string{"v1 6: c-00 c-02 c-04 c-09 c-11 c-13"}},
		{name: "two versions interleaved: one bucket each",
			in:      entries(series("a", "v1", 1, 3, 5, 7, 9, 11, 13), series("b", "v2", 2, 4, 6, 8, 10, 12)),
			buckets: []string{"v1 5: a-00 a-01 a-02", "v2 6: b-00 b-01 b-02"}},
		{name: "two versions, the old ones all of v2",
			in:      entries(series("a", "v1", 20, 21, 22, 23, 24, 25, 26, 27, 28), series("b", "v2", 1, 2, 3, 4)),
			buckets: []string{"v1 21: a-00 a-01", "v2 4: b-00 b-01 b-02 b-03"}},
		{name: "a version met once stays under its name",
			in: entries(series("a", "v1", 20, 21, 22, 23, 24, 25, 26, 27, 28), series("b", "v2", 1),
				series("d", "v3", 2), series("e", "v4", 3)),
			buckets: []string{"v1 23: a-00 a-01 a-02 a-03"}},
		{name: "ties in time all folded",
			in: entries(series("z", "v1", 1, 1), series("m", "v1", 1), series("a", "v1", 1, 2),
				series("c", "v1", 20, 21, 22, 23, 24, 25, 26)),
			buckets: []string{"v1 1: a-00 m-00 z-00 z-01"}},
		{name: "ties in time split by the cut, by identifier",
			in:      entries(series("z", "v1", 1), series("a", "v1", 1), series("m", "v1", 1), series("c", "v1", 20, 21, 22, 23, 24, 25, 26)),
			buckets: []string{"v1 1: a-00 m-00"}},
		{name: "ties by the identifier's text, not the name's",
			in: entries(one(UpdateID("a", "v1"), 1, "a"), one(UpdateID("a b", "v1"), 1, "ab"), one(UpdateID("a!", "v1"), 1, "abang"),
				series("c", "v1", 20, 21, 22, 23, 24, 25, 26)),
			buckets: []string{"v1 1: ab abang"}},
		{name: "ties across versions",
			in: entries(series("z", "v1", 1), series("a", "v2", 1), series("m", "v1", 1), series("b", "v2", 1),
				series("c", "v1", 20, 21, 22, 23, 24, 25, 26, 27)),
			buckets: []string{"v1 20: c-00 m-00 z-00", "v2 1: a-00 b-00"}},
		{name: "entries without a time fold first",
			in:      entries(series("n", "v1", noTime, noTime, noTime), series("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8, 9)),
			buckets: []string{"v1 1: c-00 n-00 n-01 n-02"}},
		{name: "a bucket of entries without a time has none",
			in:      entries(series("n", "v1", noTime, noTime), series("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8)),
			buckets: []string{"v1 -: n-00 n-01"}},
		{name: "an old bucket newer than the first: the first stays, the bucket's time goes back",
			in:      entries(oldBucket("v1", 5), series("c", "v1", 1, 2, 3, 20, 21, 22, 23, 24, 25, 26)),
			buckets: []string{"v1 3: ancient c-01 c-02"}},
		{name: "an old bucket first: the next ones join it",
			in:      entries(oldBucket("v1", 0), series("c", "v1", 1, 2, 3, 20, 21, 22, 23, 24, 25, 26)),
			buckets: []string{"v1 2: ancient c-00 c-01"}},
		{name: "an old bucket of another version stays",
			in:      entries(oldBucket("v2", 0), series("c", "v1", 1, 2, 3, 20, 21, 22, 23, 24, 25, 26)),
			buckets: []string{"v1 3: c-00 c-01 c-02", "v2 0: ancient"}},
		{name: "the bucket reached after another joined it: dropped, fields and all",
			in: entries(series("b", "v1", 0), series("a", "v1", 1), oldBucket("v1", 1),
				series("c", "v1", 20, 21, 22, 23, 24, 25, 26, 27)),
			lost: []string{"a-00", "ancient"}},
		{name: "the bucket reached second: dropped, then the first starts a new one",
			in: entries(series("b", "v1", 0), series("z", "v1", 1), oldBucket("v1", 1),
				series("c", "v1", 20, 21, 22, 23, 24, 25, 26, 27)),
			buckets: []string{"v1 1: b-00 z-00"}, lost: []string{"ancient"}},
		{name: "appliers do not count",
			in: entries(one(ApplyID("old-applier"), 0, "applied"), one(ApplyID("new-applier"), 30, "applied2"),
				series("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8, 9))},
		{name: "subresource updaters count, and fold into the main resource's bucket",
			in:      entries(one(ID{Manager: "s", Operation: OperationUpdate, APIVersion: "v1", Subresource: "status"}, 0, "status"), series("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
			buckets: []string{"v1 2: c-00 c-01 status"}},
		{name: "a bucket of subresource updaters only",
			in: entries(one(ID{Manager: "s", Operation: OperationUpdate, APIVersion: "v1", Subresource: "status"}, 0, "status"),
				one(ID{Manager: "t", Operation: OperationUpdate, APIVersion: "v1", Subresource: "scale"}, 1, "scale"),
				series("c", "v1", 3, 4, 5, 6, 7, 8, 9, 10)),
			buckets: []string{"v1 1: scale status"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			managers, times := capManagers(tt.in)
			capUpdaters(managers, times)
			got := capRows(managers, times)
			want := expectedRows(tt.in, tt.buckets, tt.lost)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("after the cap:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestCapUpdatersAfterAnUpdateThatAddsNoEntry: eleven updaters and an update that changes
// nothing (so adds no entry) still fold the two oldest.
func TestCapUpdatersAfterAnUpdateThatAddsNoEntry(t *testing.T) {
	in := series("c", "v1", 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
	managers, times := capManagers(in)
	capUpdaters(managers, times)
	got, want := capRows(managers, times), expectedRows(in, []string{"v1 2: c-09 c-10"}, nil)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("after the cap:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func capManagers(in []capInput) (Managers, Times) {
	managers, times := Managers{}, Times{}
	for _, e := range in {
		id := e.id
		version := e.id.APIVersion
		if version == "" { // an applier's identifier has no version; its entry has one
			version = "v1"
		}
		managers[id] = VersionedSet{Set: fieldset.New(fieldpath.Path{}.Field(e.field)), APIVersion: version,
			Applied: e.id.Operation == OperationApply}
		if e.minute != noTime {
			at := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(e.minute) * time.Minute)
			times[id] = &at
		}
	}
	return managers, times
}

// capRows writes each entry as "manager[/subresource] operation version minute: fields", sorted.
func capRows(managers Managers, times Times) []string {
	var out []string
	for id, vs := range managers {
		p := id
		name := p.Manager
		if p.Subresource != "" {
			name += "/" + p.Subresource
		}
		var fields []string
		for _, path := range vs.Set.Paths() {
			fields = append(fields, path[0].Field)
		}
		at := "-"
		if t := times[id]; t != nil {
			at = fmt.Sprint(int(t.Sub(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)).Minutes()))
		}
		out = append(out, fmt.Sprintf("%s %s %s %s: %s", name, p.Operation, vs.APIVersion, at, strings.Join(fields, " ")))
	}
	sort.Strings(out)
	return out
}

// expectedRows is the input, less the entries whose field went into a bucket or was lost, plus the
// buckets ("version minute: fields").
func expectedRows(in []capInput, buckets, lost []string) []string {
	gone := map[string]bool{}
	for _, f := range lost {
		gone[f] = true
	}
	var out []string
	for _, b := range buckets {
		head, fields, _ := strings.Cut(b, ": ")
		version, at, _ := strings.Cut(head, " ")
		for _, f := range strings.Fields(fields) {
			gone[f] = true
		}
		out = append(out, fmt.Sprintf("%s Update %s %s: %s", ancientChanges, version, at, fields))
	}
	var kept []capInput
	for _, e := range in {
		if !gone[e.field] {
			kept = append(kept, e)
		}
	}
	managers, times := capManagers(kept)
	out = append(out, capRows(managers, times)...)
	sort.Strings(out)
	return out
}
