package yamltree

import (
	"reflect"
	"strings"
	"testing"
)

// wholeChecks runs the text's checks on the whole of it, as parseStream did before it read only
// the edited lines.
func wholeChecks(text string) error {
	if err := checkTextIn(Updated, text, 0, len(text)); err != nil {
		return err
	}
	return checkLeadingEndIn(Updated, text, 0, 0, len(text))
}

// checkEdited is parseStream's checks of text after before (a text that passed them).
func checkEdited(input Input, text, before string) error {
	from, to := ChangedLines(text, before)
	return checkLines(input, text, from, strings.Count(text[:from], "\n"), to)
}

// editedCases are texts that pass the whole-text checks, each with edits of it: what
// checkEdited answers must be what the whole-text checks answer.
var editedCases = []struct{ before, after string }{
	{"a: 1\n", "a: 2\n"},
	{"a: 1\n", "a: 1\n"},
	{"a: 1\n---\nb: 2\n", "a: 1\n---\n...\nb: 2\n"},
	{"---\n...\n", "x: 1\n---\n...\n"},                // the first line's "---" no longer first
	{"---\n# c\n\n...\n", "# new\n---\n# c\n\n...\n"}, // and a comment, a blank line before "..."
	{"x: 1\n---\ny: 2\n", "---\n...\n---\ny: 2\n"},    // the first line replaced: "---" first again
	{"a: 1\n---\nb: 2\n", "a: 1\n---\nb: \x01\n"},
	{"a: 1\n---\nb: 2\n", "a: 1\n---\nb: \xff\n"},
	{"a: 1\nb: é\n", "a: 1\nb: é\u2028\n"},
	{"a: 1\n", ""},
	{"", "...\n"},
	{"a: |\n  x\n---\nb: 2\n", "a: |\n  x\n---\n\n...\nb: 2\n"},
	{"k: v\n", "k: v\n---\n"},
	{"k: v\n---\n", "k: v\n---\n...\n"},
}

func TestCheckEditedReadsAsTheWholeText(t *testing.T) {
	for _, c := range editedCases {
		if err := wholeChecks(c.before); err != nil {
			t.Fatalf("%q: the case's text before fails: %v", c.before, err)
		}
		got, want := checkEdited(Updated, c.after, c.before), wholeChecks(c.after)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q -> %q: checkEdited says %v, the whole text %v", c.before, c.after, got, want)
		}
	}
}

func TestChangedLines(t *testing.T) {
	tests := []struct {
		text, before string
		from, to     int
	}{
		{"a: 1\nb: 2\nc: 3\n", "a: 1\nb: 9\nc: 3\n", 5, 10},
		{"a: 1\n", "a: 1\n", 5, 5},
		{"x\na: 1\n", "a: 1\n", 0, 7},
		{"a: 1\n", "", 0, 5},
	}
	for _, tt := range tests {
		if from, to := ChangedLines(tt.text, tt.before); from != tt.from || to != tt.to {
			t.Errorf("ChangedLines(%q, %q) = %d, %d; want %d, %d", tt.text, tt.before, from, to, tt.from, tt.to)
		}
	}
}

// FuzzCheckEdited checks that checkEdited, given a text that passed the whole-text checks and
// an edit of it (insert put in place of cut bytes at at), answers what the checks answer
// on the whole edited text (wholeChecks).
func FuzzCheckEdited(f *testing.F) {
	for _, c := range editedCases {
		same := commonPrefix(c.before, c.after)
		tail := commonSuffix(c.before[same:], c.after[same:])
		f.Add(c.before, uint(same), uint(len(c.before)-same-tail), c.after[same:len(c.after)-tail])
	}
	f.Fuzz(func(t *testing.T, before string, at, cut uint, insert string) {
		if wholeChecks(before) != nil {
			return
		}
		at = min(at, uint(len(before)))
		cut = min(cut, uint(len(before))-at)
		after := before[:at] + insert + before[at+cut:]
		if got, want := checkEdited(Updated, after, before), wholeChecks(after); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q -> %q: checkEdited says %v, the whole text %v", before, after, got, want)
		}
	})
}
