package linediff

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Op is what happened to a run of lines.
type Op string

// The operations.
const (
	Equal  Op = "equal"
	Insert Op = "insert"
	Delete Op = "delete"
)

// Hunk is a run of whole lines with one operation. Lines hold their text without the trailing
// newline.
type Hunk struct {
	Op    Op       `json:"op"`
	Lines []string `json:"lines"`
}

// Diff returns the hunks that turn before into after, line by line.
func Diff(before, after string) []Hunk {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(before, after)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	hunks := make([]Hunk, 0, len(diffs))
	for _, d := range diffs {
		op := Equal
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = Insert
		case diffmatchpatch.DiffDelete:
			op = Delete
		}
		text := strings.TrimSuffix(d.Text, "\n")
		if d.Text == "" {
			continue
		}
		hunks = append(hunks, Hunk{Op: op, Lines: strings.Split(text, "\n")})
	}
	return hunks
}

// Unified renders hunks as a unified diff body: "+", "-" or " " before each line.
func Unified(hunks []Hunk) string {
	var b strings.Builder
	for _, h := range hunks {
		prefix := " "
		switch h.Op {
		case Insert:
			prefix = "+"
		case Delete:
			prefix = "-"
		}
		for _, l := range h.Lines {
			b.WriteString(prefix + l + "\n")
		}
	}
	return b.String()
}
