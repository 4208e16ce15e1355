package linediff

import "strings"

// slide moves each run of only inserted or only deleted lines that sits between two runs of
// kept lines to the place a reader expects, when the lines around it allow several: a run
// "image: x / - name: b" followed by a kept "image: x" is the same change as "- name: b /
// image: x" one line lower. Of the places the run can take, it takes the one whose first line
// is the least indented (in YAML, where an item or a block starts), the lowest on a tie.
func slide(hunks []Hunk) []Hunk {
	for i := 1; i+1 < len(hunks); i++ {
		prev, run, next := &hunks[i-1], &hunks[i], &hunks[i+1]
		if run.Op == Equal || prev.Op != Equal || next.Op != Equal {
			continue
		}
		up, down := room(prev.Lines, run.Lines, next.Lines)
		best, bestIndent := 0, -1
		for shift := -up; shift <= down; shift++ {
			if ind := indent(lineAt(prev.Lines, run.Lines, next.Lines, shift)); bestIndent < 0 || ind <= bestIndent {
				best, bestIndent = shift, ind
			}
		}
		shiftRun(prev, run, next, best)
	}
	out := hunks[:0]
	for _, h := range hunks {
		switch n := len(out); {
		case len(h.Lines) == 0:
		case n > 0 && out[n-1].Op == h.Op:
			out[n-1].Lines = append(out[n-1].Lines, h.Lines...)
		default:
			out = append(out, h)
		}
	}
	return out
}

// room is how far the run can move up (its last line equal to the line above it, repeatedly)
// and down (its first line equal to the line below it).
func room(above, run, below []string) (up, down int) {
	for up < len(above) && above[len(above)-1-up] == run[(len(run)-1-up%len(run)+len(run))%len(run)] {
		up++
	}
	for down < len(below) && below[down] == run[down%len(run)] {
		down++
	}
	return up, down
}

// lineAt is the first line of the run once moved by shift lines (negative: up).
func lineAt(above, run, below []string, shift int) string {
	switch {
	case shift < 0:
		return above[len(above)+shift]
	case shift == 0:
		return run[0]
	}
	if shift < len(run) {
		return run[shift]
	}
	return below[shift-len(run)]
}

// shiftRun moves the run by shift lines, trading lines with the kept runs around it.
func shiftRun(above, run, below *Hunk, shift int) {
	for ; shift > 0; shift-- {
		above.Lines = append(above.Lines, run.Lines[0])
		run.Lines = append(run.Lines[1:], below.Lines[0])
		below.Lines = below.Lines[1:]
	}
	for ; shift < 0; shift++ {
		last := len(run.Lines) - 1
		below.Lines = append([]string{run.Lines[last]}, below.Lines...)
		run.Lines = append([]string{above.Lines[len(above.Lines)-1]}, run.Lines[:last]...)
		above.Lines = above.Lines[:len(above.Lines)-1]
	}
}

func indent(line string) int {
	return len(line) - len(strings.TrimLeft(line, " -"))
}
