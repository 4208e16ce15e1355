package linediff

import (
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
