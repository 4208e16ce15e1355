package linediff

import (
	"reflect"
	"strings"
	"testing"
)

// TestResources pairs live's resources with the result's documents by name, in the result's
// order, and puts the resources the result lacks last, deleted.
func TestResources(t *testing.T) {
	live := []Named{{Name: "a", Text: "x: 1\n"}, {Name: "gone", Text: "g: 1\n"}, {Name: "b", Text: "y: 1\n"}}
	got := Resources(live, "y: 2\n---\nx: 1\n---\nnew: 1\n", []string{"b", "a", "new"})
	var lines []string
	for _, h := range got {
		for _, l := range h.Lines {
			lines = append(lines, string(h.Op[0])+" "+l)
		}
	}
	want := "d y: 1|i y: 2|e ---|e x: 1|e ---|i new: 1|d ---|d g: 1"
	if strings.Join(lines, "|") != want {
		t.Errorf("got %s\nwant %s", strings.Join(lines, "|"), want)
	}
	if whole := Resources(live, "x: 1\n", nil); len(whole) != 2 || whole[1].Op != Delete || len(whole[1].Lines) != 4 {
		t.Errorf("unnamed documents are not compared whole: %+v", whole)
	}
	if len(Resources(live, "", nil)) != 0 {
		t.Error("no result, yet a diff")
	}
}

// TestMemoAnswersAsResources compares a stream, then an edit of one of its documents, through a
// Memo and without one, and checks that the second call compared the edited document only.
func TestMemoAnswersAsResources(t *testing.T) {
	live := []Named{{Name: "a", Text: "x: 1\ny: 2\n"}, {Name: "b", Text: "z: 1\n"}, {Name: "gone", Text: "g: 1\n"}}
	results := []string{"x: 1\ny: 3\n---\nz: 1\n---\nnew: 1\n", "x: 1\ny: 3\n---\nz: 2\n---\nnew: 1\n", ""}
	names := []string{"a", "b", "new"}
	var m Memo
	var firstA, firstB []Hunk
	for i, result := range results {
		got, want := m.Resources(live, result, names), Resources(live, result, names)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("call %d: memo %+v, want %+v", i, got, want)
		}
		switch i {
		case 0:
			firstA, firstB = m.last["a"].hunks, m.last["b"].hunks
		case 1:
			// Only b's document changed: a's hunks are the ones the first call computed.
			if a, b := m.last["a"].hunks, m.last["b"].hunks; len(m.last) != 3 || &a[0] != &firstA[0] || &b[0] == &firstB[0] {
				t.Errorf("call %d keeps %d comparisons, a's kept %v, b's kept %v", i, len(m.last), &a[0] == &firstA[0], &b[0] == &firstB[0])
			}
		}
	}
	first := m.Resources(live, results[0], names)
	first[0].Lines = append(first[0].Lines, "appended")
	if again := m.Resources(live, results[0], names); !reflect.DeepEqual(again, Resources(live, results[0], names)) {
		t.Errorf("an answer's change reached the memo: %+v", again)
	}
}
