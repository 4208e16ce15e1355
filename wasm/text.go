//go:build !(js && wasm)

package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// markOrder lists the marks in the order the page's legend lists them, each with the symbol
// the page draws in the result's gutter (web/marks.js, MARK_INFO).
var markOrder = []struct {
	mark   contract.Mark
	symbol string
}{
	{contract.Added, "+"}, {contract.Changed, "~"}, {contract.Deleted, "−"}, {contract.Dropped, "×"},
	{contract.Retained, "="}, {contract.Ignored, "·"}, {contract.Conflicted, "!"},
}

// symbolOf returns the gutter symbol of a mark, " " for none.
func symbolOf(m contract.Mark) string {
	for _, s := range markOrder {
		if s.mark == m {
			return s.symbol
		}
	}
	return " "
}

// maxNoteColumn bounds the column where the reasons start: a longer line pushes its own reason
// further right.
const maxNoteColumn = 56

// writeText writes the answer for a reader (-o text): the marks counted; each line of the
// result with its mark's symbol, its number, and the mark and reason on the first line of each
// field (deleted and dropped lines drawn between their neighbours, without a number); then the
// conflicts, the errors and the commands with what they print.
func writeText(out io.Writer, resp *contract.Response, req *contract.Request) error {
	w := bufio.NewWriter(out)
	writeCounts(w, resp.Fields)
	writeLines(w, resp, layoutLines(resp, req.Live, req.Updated))
	writeConflicts(w, resp.Conflicts)
	writeErrors(w, resp.Errors)
	writeCommands(w, resp.Commands)
	return w.Flush()
}

// writeCounts writes how many fields carry each mark: "2 added (+), 1 deleted (−)".
func writeCounts(w io.Writer, fields []contract.Field) {
	var parts []string
	for _, s := range markOrder {
		n := 0
		for _, f := range fields {
			if f.Mark == s.mark {
				n++
			}
		}
		if n > 0 && s.mark == contract.Conflicted {
			parts = append(parts, count(n, "conflict", "conflicts")+" (!)")
		} else if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s (%s)", n, s.mark, s.symbol))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "Marks: %s\n\n", strings.Join(parts, ", "))
	}
}

// writeLines writes the laid-out lines: symbol, number, text, and on a field's first line its
// mark and reason.
func writeLines(w io.Writer, resp *contract.Response, lines []textLine) {
	if len(lines) == 0 {
		return
	}
	if resp.Result == "" {
		fmt.Fprintln(w, "No result: live as it is, with the fields in conflict marked.")
	}
	column := 0
	for _, l := range lines {
		if hasNote(l) {
			column = max(column, min(utf8.RuneCountInString(l.text), maxNoteColumn))
		}
	}
	for _, l := range lines {
		number := ""
		if l.number > 0 {
			number = fmt.Sprint(l.number)
		}
		line := fmt.Sprintf("%s %4s  %s", symbolOf(l.mark), number, l.text)
		if hasNote(l) {
			pad := max(0, column-utf8.RuneCountInString(l.text))
			f := resp.Fields[l.field]
			line += strings.Repeat(" ", pad) + "  # " + string(f.Mark) + ": " + f.Reason
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	fmt.Fprintln(w)
}

// hasNote reports whether a line shows its field's mark and reason: the first line of a field's
// span.
func hasNote(l textLine) bool { return l.first && l.field >= 0 && !l.inherited }

// writeConflicts lists the conflicts: where, who holds the field, what each side has.
func writeConflicts(w io.Writer, conflicts []contract.Conflict) {
	if len(conflicts) == 0 {
		return
	}
	fmt.Fprintf(w, "%s:\n", count(len(conflicts), "conflict", "conflicts"))
	for _, c := range conflicts {
		fmt.Fprintf(w, "  ! %s %s (live line %d): %s\n", c.Resource, c.Path, c.Line, c.Message)
	}
	fmt.Fprintln(w)
}

// writeErrors lists the errors with the input, line and column each names.
func writeErrors(w io.Writer, errs []contract.Error) {
	if len(errs) == 0 {
		return
	}
	fmt.Fprintf(w, "%s:\n", count(len(errs), "error", "errors"))
	for _, e := range errs {
		fmt.Fprintf(w, "  %s\n", errorLine(e))
	}
	fmt.Fprintln(w)
}

// errorLine writes one error: "live, line 3, column 5: message" (the place left out when the
// message says it already, as a request's JSON errors do).
func errorLine(e contract.Error) string {
	where := e.Input
	if place := fmt.Sprintf("line %d, column %d", e.Line, e.Column); e.Line > 0 && !strings.Contains(e.Message, place) {
		where += ", " + place
	}
	return where + ": " + e.Message
}

// writeCommands writes the command lines the request stands for, with what each prints.
func writeCommands(w io.Writer, commands []contract.Command) {
	if len(commands) == 0 {
		return
	}
	fmt.Fprintln(w, "At the terminal:")
	for _, c := range commands {
		fmt.Fprintf(w, "  $ %s\n", c.Line)
		for _, warning := range c.Warnings { // standard error, before what the command prints
			fmt.Fprintf(w, "  %s\n", warning)
		}
		for _, o := range c.Output {
			fmt.Fprintf(w, "  %s\n", o)
		}
		for _, e := range splitLines(c.Error) {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
}

// count writes n with the noun's singular or plural: "1 conflict", "2 conflicts".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
