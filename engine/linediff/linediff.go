package linediff

import "strings"

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

// MaxEdits bounds the edit script of one stretch between anchors: past it, the stretch is
// reported as deleted and inserted whole.
const MaxEdits = 2000

// Diff returns the hunks that turn before into after, line by line. A text's last line needs
// no newline; "" has no lines.
func Diff(before, after string) []Hunk {
	a, b := lines(before), lines(after)
	ids := interner{}
	d := differ{a: ids.all(a), b: ids.all(b)}
	d.stretch(0, len(a), 0, len(b))
	return slide(d.hunks(a, b))
}

// lines splits a text into lines without their newlines.
func lines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// interner numbers distinct lines, so that lines compare as ints.
type interner map[string]int

func (in interner) all(lines []string) []int {
	out := make([]int, len(lines))
	for i, l := range lines {
		id, ok := in[l]
		if !ok {
			id = len(in)
			in[l] = id
		}
		out[i] = id
	}
	return out
}

// step is one line of the edit script: kept (a line of both), or deleted from a, or inserted
// from b.
type step struct {
	op   Op
	line int // index in a for Equal and Delete, in b for Insert
}

// differ builds the edit script of a into b, stretch by stretch, in order.
type differ struct {
	a, b  []int
	steps []step
}

// stretch appends the edit script of a[a0:a1] into b[b0:b1].
func (d *differ) stretch(a0, a1, b0, b1 int) {
	for a0 < a1 && b0 < b1 && d.a[a0] == d.b[b0] {
		d.steps = append(d.steps, step{Equal, a0})
		a0, b0 = a0+1, b0+1
	}
	tail := 0
	for a1-tail > a0 && b1-tail > b0 && d.a[a1-tail-1] == d.b[b1-tail-1] {
		tail++
	}
	d.middle(a0, a1-tail, b0, b1-tail)
	for i := a1 - tail; i < a1; i++ {
		d.steps = append(d.steps, step{Equal, i})
	}
}

// middle appends the edit script of a stretch whose ends differ: between its anchors when it
// has some, else by the shortest edit script.
func (d *differ) middle(a0, a1, b0, b1 int) {
	switch {
	case a0 == a1:
		d.inserts(b0, b1)
		return
	case b0 == b1:
		d.deletes(a0, a1)
		return
	}
	anchors := commonUnique(d.a[a0:a1], d.b[b0:b1])
	if len(anchors) == 0 {
		d.shortest(a0, a1, b0, b1)
		return
	}
	ai, bi := a0, b0
	for _, p := range anchors {
		d.stretch(ai, a0+p.a, bi, b0+p.b)
		d.steps = append(d.steps, step{Equal, a0 + p.a})
		ai, bi = a0+p.a+1, b0+p.b+1
	}
	d.stretch(ai, a1, bi, b1)
}

func (d *differ) inserts(b0, b1 int) {
	for i := b0; i < b1; i++ {
		d.steps = append(d.steps, step{Insert, i})
	}
}

func (d *differ) deletes(a0, a1 int) {
	for i := a0; i < a1; i++ {
		d.steps = append(d.steps, step{Delete, i})
	}
}

// hunks groups the edit script into runs of one operation.
func (d *differ) hunks(a, b []string) []Hunk {
	out := []Hunk{}
	for _, s := range d.steps {
		var text string
		if s.op == Insert {
			text = b[s.line]
		} else {
			text = a[s.line]
		}
		if n := len(out); n > 0 && out[n-1].Op == s.op {
			out[n-1].Lines = append(out[n-1].Lines, text)
			continue
		}
		out = append(out, Hunk{Op: s.op, Lines: []string{text}})
	}
	return out
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
