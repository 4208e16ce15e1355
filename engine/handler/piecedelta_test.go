package handler

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestPieceDeltasApplyAsWhole writes a delta between two answers held in pieces
// (contract.Response.Pieces), applies it to the first answer written whole as the page does
// (applyDelta), and wants the second answer written whole; and wants the whole answer
// (contract.Response.Whole) to be the pieces put together. The pieces: documents of several
// lines with marks on result lines, a deleted mark drawn in the result (a place, live's lines),
// a resource the result lacks (drawn after the last document's root), a piece whose dropped
// mark's reason names a result line (its marks written for where it stands), folds and blocks.
func TestPieceDeltasApplyAsWhole(t *testing.T) {
	p := map[string]*contract.Piece{}
	for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
		p[name] = testPiece(name, 3)
	}
	p["b2"] = testPiece("b", 3)   // b typed into: as many lines
	p["b4"] = testPiece("b", 4)   // b given a line more
	p["gone"] = testPiece("g", 0) // a resource the result lacks
	p["gone2"] = testPiece("g", 0)
	p["c2"] = testPiece("c-renamed", 3)
	dropped := testPiece("x", 3) // a piece whose marks are written for where it stands
	cases := []struct {
		name string
		a, b []string
	}{
		{"the same", []string{"a", "b", "c"}, []string{"a", "b", "c"}},
		{"a value typed into", []string{"a", "b", "c", "d"}, []string{"a", "b2", "c", "d"}},
		{"a line added", []string{"a", "b", "c", "d"}, []string{"a", "b4", "c", "d"}},
		{"the first typed into", []string{"a", "b", "c"}, []string{"b2", "b", "c"}},
		{"a resource renamed", []string{"a", "b", "c", "d", "e"}, []string{"a", "b", "c2", "d", "e", "c"}},
		{"the first taken away", []string{"a", "b", "c"}, []string{"b", "c"}},
		{"one put first", []string{"a", "b", "c"}, []string{"d", "a", "b", "c"}},
		{"two swapped", []string{"a", "b", "c", "d", "e"}, []string{"a", "d", "c", "b", "e"}},
		{"a resource the result lacks", []string{"a", "gone", "b", "c"}, []string{"a", "b4", "gone", "c"}},
		{"one lacking after a line more", []string{"a", "b", "gone", "c"}, []string{"a", "b4", "gone", "c"}},
		{"one lacking first", []string{"gone", "a", "b"}, []string{"gone", "b4", "b"}},
		{"one put before one lacking", []string{"gone", "a", "b"}, []string{"c", "gone", "a", "b"}},
		{"one lacking typed into", []string{"a", "gone", "b"}, []string{"a", "gone2", "b"}},
		{"one lacking and one not", []string{"a", "gone", "b"}, []string{"a", "b", "gone"}},
		{"dropped marks moved", []string{"a", "x", "c"}, []string{"b4", "x", "c"}},
		{"dropped marks in place", []string{"a", "x", "c"}, []string{"a", "x", "c2"}},
		{"everything else", []string{"a", "b", "c"}, []string{"d", "e", "f"}},
		{"to nothing", []string{"a", "b"}, nil},
		{"from nothing", nil, []string{"a", "b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pieces := func(names []string) *contract.Response {
				list := make([]*contract.Piece, len(names))
				for i, n := range names {
					if n == "x" {
						list[i] = dropped
						continue
					}
					list[i] = p[n]
				}
				placed := contract.PlacePieces(list)
				for i := range placed {
					if placed[i].Piece == dropped { // the reason names the kept item's result line
						fields := append([]contract.Field(nil), dropped.Fields...)
						fields[0].Reason = "kept at line " + strconv.Itoa(placed[i].Lines+2)
						placed[i].Fields = fields
					}
				}
				resp := contract.NewResponse()
				resp.SetPieces(placed)
				return resp.Normalize()
			}
			last, next := pieces(c.a), pieces(c.b)
			firstText, sent, err := contract.EncodeAnswer(last, nil, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			deltaText, _, err := contract.EncodeAnswer(next, sent, 1, 2)
			if err != nil {
				t.Fatal(err)
			}
			wholeText, _, err := contract.EncodeAnswer(next, nil, 0, 2)
			if err != nil {
				t.Fatal(err)
			}
			got, want := applyDelta(t, decodeJSON(t, firstText), decodeJSON(t, deltaText)), decodeJSON(t, wholeText)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("the delta applied differs from the whole answer:\n%s\ndelta: %s", firstDifference(got, want, ""), deltaText)
			}
			if c.name == "the same" && strings.Contains(string(deltaText), `"result"`) {
				t.Errorf("a delta between the same pieces writes the result: %s", deltaText)
			}
			whole := next.Whole()
			if whole.Pieces != nil || len(whole.Fields) != marksOf(next) || next.Fields == nil || len(next.Fields) != 0 {
				t.Errorf("Whole: %d marks and pieces %v; the response itself %d marks", len(whole.Fields), whole.Pieces != nil, len(next.Fields))
			}
		})
	}
}

// testPiece is a piece of a document of lines lines naming name (none: a resource the result
// lacks, with a deleted mark), with marks on its lines, a block over the lines after its first,
// a fold, and a deleted mark drawn after its first line.
func testPiece(name string, lines int) *contract.Piece {
	piece := &contract.Piece{Resource: "v1/ConfigMap/default/" + name}
	deleted := contract.Field{Resource: piece.Resource, Path: ".data.old", Mark: contract.Deleted, Line: 9, Reason: "gone",
		Place: &contract.Place{After: 1, Under: 1, Doc: 0}}
	if lines == 0 {
		deleted.Place.After, deleted.Place.Under = 0, 0
		piece.Fields = []contract.Field{deleted}
		return piece
	}
	var text strings.Builder
	text.WriteString(name + ":\n")
	piece.Fields = append(piece.Fields, contract.Field{Resource: piece.Resource, Path: "." + name, Mark: contract.Changed, Line: 1, EndLine: lines, Reason: "why"})
	for i := 2; i <= lines; i++ {
		text.WriteString("  k" + strconv.Itoa(i) + ": v\n")
		piece.Fields = append(piece.Fields, contract.Field{Resource: piece.Resource, Path: "." + name + ".k" + strconv.Itoa(i), Mark: contract.Added, Line: i, Reason: "why"})
	}
	piece.Fields = append(piece.Fields, deleted)
	piece.Text, piece.Lines, piece.RootEnd = text.String(), lines, lines
	piece.Layout = contract.Layout{Blocks: [][2]int{{1, lines}}, Folds: []contract.Fold{{Path: ".metadata", Line: 1, EndLine: lines}}}
	return piece
}

// marksOf counts the marks of a response's pieces.
func marksOf(resp *contract.Response) int {
	n := 0
	for _, p := range resp.Pieces {
		n += len(p.Piece.Fields)
	}
	return n
}
