package yamltree

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestReaderReusesUnchangedDocuments edits the middle document of a stream and checks that the
// Reader answers exactly what Parse answers (positions included), that it parsed only the edited
// document, and that its answers are copies.
func TestReaderReusesUnchangedDocuments(t *testing.T) {
	before := "a: 1\n---\nb: [x]\n---\n# c\nc: {d: 1}\n"
	after := "a: 1\n---\nb: [x]\nnew: line\n---\n# c\nc: {d: 1}\n"
	r := NewReader(Live, Options{})
	first, err := r.Parse(before)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[*Document]bool{}
	for _, k := range r.last.chunks {
		kept[k.read.doc] = true
	}
	second, err := r.Parse(after)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Parse(Live, after, Options{})
	if !reflect.DeepEqual(second, want) {
		t.Fatalf("the Reader's stream differs from Parse's:\n%s", describeDocs(second))
	}
	if got := second[2].Root.Fields[0].Key.Pos.Line; got != 7 {
		t.Errorf("the moved document's key is at line %d, want 7", got)
	}
	for _, k := range r.last.chunks {
		text := r.last.text[k.start : k.start+k.length]
		if reused := kept[k.read.doc]; reused == strings.Contains(text, "new: line") {
			t.Errorf("document %q: reused %v", text, reused)
		}
	}
	second[0].Root.Fields[0].Value.Value = "changed"
	third, _ := r.Parse(after)
	if third[0].Root.Fields[0].Value.Value != "1" || first[0].Root.Fields[0].Value.Value != "1" {
		t.Error("a caller's change reached the Reader")
	}
}

// TestReaderMatchesParse applies random edits to random streams and wants the Reader's answer,
// documents or error, to be Parse's.
func TestReaderMatchesParse(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	docsPool := []string{"a: 1\n", "b: [x, y]\n", "c:\n  d: e\n", "# only a comment\n", "", "f: |\n  text\n\n", "g: &x {h: 1}\ni: *x\n", "j: [\n", "k: 1\nk: 2\n", "- 1\n"}
	for round := 0; round < 300; round++ {
		r := NewReader(Live, Options{MaxNodes: 40})
		var docs []string
		for i := 0; i < 1+rng.Intn(6); i++ {
			docs = append(docs, docsPool[rng.Intn(len(docsPool))])
		}
		for edit := 0; edit < 5; edit++ {
			text := strings.Join(docs, "---\n")
			got, gotErr := r.Parse(text)
			want, wantErr := Parse(Live, text, Options{MaxNodes: 40})
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d edit %d, %q:\nReader: %v %s\nParse:  %v %s", round, edit, text, gotErr, describeDocs(got), wantErr, describeDocs(want))
			}
			i := rng.Intn(len(docs))
			switch rng.Intn(3) {
			case 0:
				docs[i] = docsPool[rng.Intn(len(docsPool))]
			case 1:
				docs = append(docs[:i:i], append([]string{docsPool[rng.Intn(len(docsPool))]}, docs[i:]...)...)
			default:
				docs[i] = "\n" + docs[i]
			}
		}
	}
}

// TestReaderSharesWhatDidNotMove: ParseShared hands out the kept document of an unchanged
// document at its line, a copy of one whose lines moved (kept in its turn), and its answers are
// Parse's; a Parse after it still hands out copies.
func TestReaderSharesWhatDidNotMove(t *testing.T) {
	before := "a: 1\n---\nb: [x]\n---\n# c\nc: {d: 1}\n"
	after := "a: 1\n---\nb: [x]\nnew: line\n---\n# c\nc: {d: 1}\n"
	r := NewReader(Live, Options{})
	first, err := r.ParseShared(before)
	if err != nil {
		t.Fatal(err)
	}
	second, err := r.ParseShared(after)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := Parse(Live, after, Options{}); !reflect.DeepEqual(second, want) {
		t.Fatalf("the Reader's stream differs from Parse's:\n%s", describeDocs(second))
	}
	if second[0] != first[0] {
		t.Error("the unchanged first document was copied")
	}
	if second[2] == first[2] || first[2].Root.Fields[0].Key.Pos.Line != 6 || second[2].Root.Fields[0].Key.Pos.Line != 7 {
		t.Error("the moved document was shared, or the one handed out before changed")
	}
	third, _ := r.ParseShared(after)
	if third[2] != second[2] {
		t.Error("the moved document's copy is not kept")
	}
	copied, _ := r.Parse(after)
	if copied[0] == third[0] || !reflect.DeepEqual(copied, third) {
		t.Error("Parse after ParseShared hands out the kept documents, or other ones")
	}
}

// TestReaderSharedMatchesParse applies random edits to random streams, reading them by turns with
// Parse and ParseShared, and wants every answer to be Parse's.
func TestReaderSharedMatchesParse(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	docsPool := []string{"a: 1\n", "b: [x, y]\n", "c:\n  d: e\n", "# only a comment\n", "", "g: &x {h: 1}\ni: *x\n", "j: [\n", "- 1\n"}
	for round := 0; round < 200; round++ {
		r := NewReader(Live, Options{MaxNodes: 40})
		var docs []string
		for i := 0; i < 1+rng.Intn(6); i++ {
			docs = append(docs, docsPool[rng.Intn(len(docsPool))])
		}
		for edit := 0; edit < 6; edit++ {
			text := strings.Join(docs, "---\n")
			readsLikeParse(t, rng, r, text, 40, round, edit)
			i := rng.Intn(len(docs))
			switch rng.Intn(3) {
			case 0:
				docs[i] = docsPool[rng.Intn(len(docsPool))]
			case 1:
				docs = append(docs[:i:i], append([]string{docsPool[rng.Intn(len(docsPool))]}, docs[i:]...)...)
			default:
				docs[i] = "\n" + docs[i]
			}
		}
	}
}

// describeDocs writes documents with their positions, for failure messages.
func describeDocs(docs []*Document) string {
	var b strings.Builder
	for _, d := range docs {
		fmt.Fprintf(&b, "\n  doc at %d: %s", d.Line, describeNode(d.Root))
	}
	return b.String()
}

func describeNode(n *Node) string {
	if n == nil {
		return "nil"
	}
	out := fmt.Sprintf("%d:%d %q", n.Pos.Line, n.Pos.Column, n.Value)
	for _, f := range n.Fields {
		out += " {" + describeNode(f.Key) + ": " + describeNode(f.Value) + "}"
	}
	for _, it := range n.Items {
		out += " [" + describeNode(it) + "]"
	}
	return out
}

// FuzzReader edits a stream a Reader read (insert put in place of cut bytes at at) and wants the
// Reader's reading of the edited stream, shared or copied, to be Parse's, documents or error:
// whatever it took from the last stream (the documents outside the edited lines, by where they
// stood) reads as the new text does.
func FuzzReader(f *testing.F) {
	f.Add("a: 1\n---\nb: [x]\n---\n# c\nc: {d: 1}\n", uint(14), uint(0), "new: line\n", true)
	f.Add("---\na: 1\n...\nb: 2\n---\nc: 3\n", uint(0), uint(4), "", false)
	f.Add("a: &x 1\n---\nb: *x\n---\nc: |\n  ---\n", uint(8), uint(3), "---\n", true)
	f.Add("k: v\r\n---\r\nl: w\r\n", uint(3), uint(1), "x", true)
	f.Fuzz(func(t *testing.T, before string, at, cut uint, insert string, shared bool) {
		if len(before)+len(insert) > 4000 {
			return
		}
		at = min(at, uint(len(before)))
		cut = min(cut, uint(len(before))-at)
		after := before[:at] + insert + before[at+cut:]
		opts := Options{MaxNodes: 60}
		r := NewReader(Live, opts)
		read := r.Parse
		if shared {
			read = r.ParseShared
		}
		if _, err := read(before); err != nil {
			return
		}
		got, gotErr := read(after)
		want, wantErr := Parse(Live, after, opts)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q -> %q:\nReader: %v %s\nParse:  %v %s", before, after, gotErr, describeDocs(got), wantErr, describeDocs(want))
		}
	})
}

// TestReaderSuccessiveEditsMatchParse edits one stream many times over with one Reader, each edit
// a random run of bytes replaced (across "---" and "..." lines, whole documents added or taken
// away, line breaks made "\r\n" or "\r" and back, a byte order mark put first), and wants every
// reading to be Parse's: the marker lines a Reader carries from one stream to the next (editedCuts)
// must stay those of the text through any sequence of edits.
func TestReaderSuccessiveEditsMatchParse(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	pieces := []string{"a: 1\n", "---\n", "...\n", "b: [x, y]\n", "c:\n  d: e\n", "# c\n", "\n", "--- # x\n", "k: v\r\n", "\r", "---\r\n", "- 1\n", "f: |\n  ---x\n", "\uFEFF", "z"}
	for round := 0; round < 200; round++ {
		var b strings.Builder
		for range 3 + rng.Intn(12) {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		text := b.String()
		r := NewReader(Live, Options{MaxNodes: 60})
		for edit := 0; edit < 12; edit++ {
			readsLikeParse(t, rng, r, text, 60, round, edit)
			at := rng.Intn(len(text) + 1)
			cut := rng.Intn(min(len(text)-at, 12) + 1)
			insert := ""
			for range rng.Intn(3) {
				insert += pieces[rng.Intn(len(pieces))]
			}
			text = text[:at] + insert + text[at+cut:]
		}
	}
}

// readsLikeParse reads text with r (ParseShared or Parse, at random) and fails the test unless it
// reads what Parse reads, positions and errors included (maxNodes: the bound both read within).
func readsLikeParse(t *testing.T, rng *rand.Rand, r *Reader, text string, maxNodes, round, edit int) {
	t.Helper()
	read := r.ParseShared
	if rng.Intn(2) == 0 {
		read = r.Parse
	}
	got, gotErr := read(text)
	want, wantErr := Parse(Live, text, Options{MaxNodes: maxNodes})
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
		t.Fatalf("round %d edit %d, %q:\nReader: %v %s\nParse:  %v %s", round, edit, text, gotErr, describeDocs(got), wantErr, describeDocs(want))
	}
}
