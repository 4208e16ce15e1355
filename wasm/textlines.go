//go:build !(js && wasm)

package main

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// The lines -o text shows, laid out as the page's result pane lays them out (web/marks.js,
// layoutResult): the result's lines with their marks, each deleted field's lines from live and
// each dropped item's lines from updated put back, struck, where the engine places them; with no
// result but conflicts, live's lines with the conflicts marked. The engine gives every span:
// nothing here reads YAML, it only counts lines.

// textLine is one line shown.
type textLine struct {
	text string
	// number is the line's number in the result (live's when there is no result); 0 for a line
	// taken from live or updated and drawn in the result.
	number int
	mark   contract.Mark
	// field is the index in the response's fields of the mark's field; -1 when none.
	field int
	// first: the line starts its field's span (its reason is shown there). inherited: the line
	// opens a block whose marked lines all carry one mark, and carries it too. opens: the line
	// opens a block.
	first, inherited, opens bool
}

// layoutLines returns the lines of resp as the page draws them, live and updated being the
// request's inputs.
func layoutLines(resp *contract.Response, live, updated string) []textLine {
	result := splitLines(resp.Result)
	if len(result) > 0 {
		lines := numbered(result)
		markSpans(lines, resp.Fields, func(m contract.Mark) bool { return m.LinesOf() == "result" })
		inheritOpenerMarks(lines, resp.Layout.Blocks, placedUnder(resp.Fields))
		return insertPlaced(lines, resp.Fields, splitLines(live), splitLines(updated))
	}
	if slices.ContainsFunc(resp.Fields, func(f contract.Field) bool { return f.Mark == contract.Conflicted }) {
		lines := numbered(splitLines(live))
		markSpans(lines, resp.Fields, func(m contract.Mark) bool { return m == contract.Conflicted })
		inheritOpenerMarks(lines, resp.Layout.Blocks, nil)
		return lines
	}
	return nil
}

// splitLines splits text into lines, without the empty line after a final newline.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n")
}

// numbered returns texts as unmarked lines numbered from 1.
func numbered(texts []string) []textLine {
	lines := make([]textLine, len(texts))
	for i, t := range texts {
		lines[i] = textLine{text: t, number: i + 1, field: -1}
	}
	return lines
}

// spanEnd is the last line (1-based) f's mark covers in a text of count lines.
func spanEnd(f contract.Field, count int) int {
	if f.EndLine >= f.Line {
		return min(f.EndLine, count)
	}
	return f.Line
}

// markSpans marks the lines of each field whose mark keep accepts, from its line to its end
// line; narrower spans win over wider ones.
func markSpans(lines []textLine, fields []contract.Field, keep func(contract.Mark) bool) {
	var spans []int
	for i, f := range fields {
		if keep(f.Mark) && f.Line >= 1 && f.Line <= len(lines) {
			spans = append(spans, i)
		}
	}
	width := func(i int) int { return spanEnd(fields[i], len(lines)) - fields[i].Line }
	slices.SortStableFunc(spans, func(a, b int) int {
		return cmp.Or(width(b)-width(a), fields[a].Line-fields[b].Line)
	})
	for _, i := range spans {
		f := fields[i]
		for n := f.Line; n <= spanEnd(f, len(lines)); n++ {
			lines[n-1].mark, lines[n-1].field, lines[n-1].first = f.Mark, i, n == f.Line
		}
	}
}

// placedUnder returns the result lines under which deleted fields and dropped items are drawn,
// so that a block holding one is not uniform.
func placedUnder(fields []contract.Field) []int {
	var under []int
	for _, f := range fields {
		if (f.Mark == contract.Deleted || f.Mark == contract.Dropped) && f.Place != nil && f.Place.Under > 0 {
			under = append(under, f.Place.Under)
		}
	}
	return under
}

// inheritOpenerMarks gives a line that opens a block (and carries no mark of its own) the mark
// of its subtree when every marked line below it carries that one mark, every block inside it
// inherited one, and no deleted field is drawn inside it. Inner blocks first.
func inheritOpenerMarks(lines []textLine, blocks [][2]int, under []int) {
	ends := map[int]int{}
	for _, b := range blocks {
		if b[0] >= 1 && b[1] > b[0] && b[0] <= len(lines) {
			ends[b[0]] = max(ends[b[0]], min(b[1], len(lines)))
		}
	}
	starts := make([]int, 0, len(ends))
	for start := range ends {
		lines[start-1].opens = true
		starts = append(starts, start)
	}
	slices.Sort(starts)
	slices.Reverse(starts)
	for _, start := range starts {
		end := ends[start]
		held := slices.ContainsFunc(under, func(u int) bool { return u >= start && u <= end })
		if lines[start-1].mark != "" || held {
			continue
		}
		if mark, ok := uniformMark(lines[start:end]); ok {
			lines[start-1].mark, lines[start-1].inherited = mark, true
		}
	}
}

// uniformMark returns the one mark the marked lines of a block's body carry, when there is one
// and no unmarked line in it opens a block.
func uniformMark(body []textLine) (contract.Mark, bool) {
	var mark contract.Mark
	for _, l := range body {
		switch {
		case l.mark == "" && l.opens:
			return "", false
		case l.mark == "":
		case mark != "" && l.mark != mark:
			return "", false
		default:
			mark = l.mark
		}
	}
	return mark, mark != ""
}

// placed is one deleted field's (or dropped item's) lines drawn in the result.
type placed struct {
	field      int
	mark       contract.Mark
	start, end int // the lines in live (updated for a dropped item)
	after, doc int
	shift      int
	whole      bool
}

// insertPlaced returns lines with each deleted field's live lines and each dropped item's
// updated lines inserted after the result line its place names, moved to the result's
// indentation; a whole resource comes with a struck separator. At one place deleted lines come
// before dropped ones.
func insertPlaced(lines []textLine, fields []contract.Field, live, updated []string) []textLine {
	blocks := append(placedBlocks(fields, contract.Deleted, len(live), len(lines)), placedBlocks(fields, contract.Dropped, len(updated), len(lines))...)
	if len(blocks) == 0 {
		return lines
	}
	slices.SortStableFunc(blocks, func(a, b placed) int {
		return cmp.Or(a.after-b.after, a.doc-b.doc, strings.Compare(string(a.mark), string(b.mark)), a.start-b.start)
	})
	out := make([]textLine, 0, len(lines))
	next := 0
	for r := 0; r <= len(lines); r++ {
		for ; next < len(blocks) && blocks[next].after == r; next++ {
			input := live
			if blocks[next].mark == contract.Dropped {
				input = updated
			}
			out = append(out, blocks[next].lines(input, len(lines))...)
		}
		if r < len(lines) {
			out = append(out, lines[r])
		}
	}
	return out
}

// placedBlocks returns the spans of one input's placed marks, a span inside another left out.
func placedBlocks(fields []contract.Field, mark contract.Mark, inputLength, resultLength int) []placed {
	var blocks []placed
	for i, f := range fields {
		if f.Mark != mark || f.Place == nil || f.Line < 1 || f.Line > inputLength {
			continue
		}
		blocks = append(blocks, placed{field: i, mark: mark, start: f.Line, end: spanEnd(f, inputLength),
			after: max(0, min(f.Place.After, resultLength)), doc: f.Place.Doc, shift: f.Place.Shift, whole: f.Path == ""})
	}
	slices.SortStableFunc(blocks, func(a, b placed) int { return cmp.Or(a.start-b.start, b.end-a.end) })
	var kept []placed
	for _, b := range blocks {
		if len(kept) == 0 || b.start > kept[len(kept)-1].end {
			kept = append(kept, b)
		}
	}
	return kept
}

// lines returns the block's lines taken from input, shifted, marked; a whole resource's with a
// struck separator between it and the documents around it.
func (b placed) lines(input []string, resultLength int) []textLine {
	var out []textLine
	for n := b.start; n <= b.end; n++ {
		out = append(out, textLine{text: shifted(input[n-1], b.shift), mark: b.mark, field: b.field, first: n == b.start})
	}
	if !b.whole {
		return out
	}
	separator := textLine{text: "---", mark: contract.Deleted, field: -1}
	if b.after > 0 {
		return append([]textLine{separator}, out...)
	}
	if resultLength > 0 {
		out = append(out, separator)
	}
	return out
}

// shifted moves a line right by shift columns, or left by taking away leading spaces only.
func shifted(text string, shift int) string {
	if shift >= 0 {
		return strings.Repeat(" ", shift) + text
	}
	cut := 0
	for cut < -shift && cut < len(text) && text[cut] == ' ' {
		cut++
	}
	return text[cut:]
}
