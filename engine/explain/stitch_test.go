package explain

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestStitch puts two documents and a resource the result lacks together and checks where each
// piece's marks, places and blocks land.
func TestStitch(t *testing.T) {
	var b strings.Builder
	at := Stitch{}
	var fields []contract.Field
	var layout contract.Layout
	// A first document of 3 lines, its root ending on line 2.
	lines := at.Open(&b)
	b.WriteString("a: 1\nb: 2\n# c\n")
	fields = at.Fields(fields, []contract.Field{{Path: ".a", Mark: contract.Added, Line: 1}}, lines)
	at.Close(3, 2)
	// A resource the result lacks, drawn after the first document's root.
	fields = at.Fields(fields, []contract.Field{{Mark: contract.Deleted, Line: 7, EndLine: 9, Place: &contract.Place{}}}, at.RootEnd)
	// A second document: a changed block, a field deleted from live at its root, a dropped item.
	lines = at.Open(&b)
	b.WriteString("c:\n  d: 1\n")
	fields = at.Fields(fields, []contract.Field{
		{Path: ".c", Mark: contract.Changed, Line: 1, EndLine: 2},
		{Path: ".e", Mark: contract.Deleted, Line: 12, Place: &contract.Place{After: 0, Under: 0, Shift: 2}},
		{Path: ".c.f", Mark: contract.Dropped, Line: 5, Place: &contract.Place{After: 2, Under: 1}},
	}, lines)
	at.Layout(&layout, contract.Layout{Blocks: [][2]int{{1, 2}}, Folds: []contract.Fold{{Path: ".c", Line: 1, EndLine: 2}}}, lines)
	at.Close(2, 2)

	if want := "a: 1\nb: 2\n# c\n---\nc:\n  d: 1\n"; b.String() != want {
		t.Errorf("text %q, want %q", b.String(), want)
	}
	want := []contract.Field{
		{Path: ".a", Mark: contract.Added, Line: 1},
		{Mark: contract.Deleted, Line: 7, EndLine: 9, Place: &contract.Place{After: 2, Doc: 1}},
		{Path: ".c", Mark: contract.Changed, Line: 5, EndLine: 6},
		{Path: ".e", Mark: contract.Deleted, Line: 12, Place: &contract.Place{After: 4, Shift: 2, Doc: 1}},
		{Path: ".c.f", Mark: contract.Dropped, Line: 5, Place: &contract.Place{After: 6, Under: 5, Doc: 1}},
	}
	if !reflect.DeepEqual(fields, want) {
		t.Errorf("marks\n%+v\nwant\n%+v", fields, want)
	}
	if wantLayout := (contract.Layout{Blocks: [][2]int{{5, 6}}, Folds: []contract.Fold{{Path: ".c", Line: 5, EndLine: 6}}}); !reflect.DeepEqual(layout, wantLayout) {
		t.Errorf("layout %+v, want %+v", layout, wantLayout)
	}
	if at != (Stitch{Line: 6, Doc: 2, RootEnd: 6}) {
		t.Errorf("at the end: %+v", at)
	}
}
