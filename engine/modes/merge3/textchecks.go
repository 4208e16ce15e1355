package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The checks on whole texts the pieces need (checkSeparators, as kio's reader checks a stream,
// and cutAlike) scan 4 MiB on every request; an edit changes a few lines. A text whose every line
// passes strictLine passes both, and a text that differs from such a text only in some lines
// passes them when those lines do: checkText scans only the lines an edit touched.

// checkText reports whether text passes checkSeparators and cutAlike, and whether every line of
// it passes strictLine (strict); last is the input's text the last request found strict ("" when
// none: an empty text is strict, and every line of text then differs from it), and only the lines
// where the two differ are scanned.
func checkText(input yamltree.Input, text, last string) (ok, strict bool) {
	if strings.HasPrefix(text, "\ufeff") {
		return checkSeparators(input, text) == nil && cutAlike(text), false
	}
	from, to := yamltree.ChangedLines(text, last)
	if strings.IndexByte(text[from:to], '\r') < 0 && strictLines(text, from, to) {
		return true, true
	}
	return checkSeparators(input, text) == nil && cutAlike(text), false
}

// strictLines reports whether every line of text starting in [from, to) passes strictLine;
// from is a line's start.
func strictLines(text string, from, to int) bool {
	if !strictLine(lineAt(text, from)) {
		return false
	}
	for _, m := range []string{"\n---", "\n..."} {
		for i := from; ; {
			at := strings.Index(text[i:min(len(text), to+len(m)-1)], m)
			if at < 0 || i+at+1 >= to {
				break
			}
			i += at + 1
			if !strictLine(lineAt(text, i)) {
				return false
			}
		}
	}
	return true
}

// lineAt returns the line of text starting at offset at, its line break included.
func lineAt(text string, at int) string {
	if end := strings.IndexByte(text[at:], '\n'); end >= 0 {
		return text[at : at+end+1]
	}
	return text[at:]
}

// strictLine reports whether a line is no marker "...", and, starting with "---", is a document
// marker to yamltree (isMarkerLine) that kio accepts (a comment at most after it).
func strictLine(line string) bool {
	if isMarkerLine(line, 0, "...") {
		return false
	}
	if !strings.HasPrefix(line, "---") {
		return true
	}
	rest := strings.TrimSpace(line[3:])
	return isMarkerLine(line, 0, "---") && (rest == "" || rest[0] == '#')
}

// cutAlike reports whether kio's reader cuts text into the documents yamltree reads, line for
// line, so that a document's full read (comments included) depends on its own text alone: every
// line starting with "---" is a document marker to yamltree too (not "---#c"), no line is the
// marker "..." (which ends a document to yamltree, not to kio), and no carriage return or byte
// order mark shifts what either counts.
func cutAlike(text string) bool {
	if strings.IndexByte(text, '\r') >= 0 || strings.HasPrefix(text, "\ufeff") || lineStarting(text, "...") {
		return false
	}
	for from := 0; ; {
		at := strings.Index(text[from:], "\n---")
		if at < 0 {
			return !strings.HasPrefix(text, "---") || isMarkerLine(text, 0, "---")
		}
		from += at + 1
		if !isMarkerLine(text, from, "---") {
			return false
		}
	}
}

// lineStarting reports whether a line of text is the marker m.
func lineStarting(text, m string) bool {
	if isMarkerLine(text, 0, m) {
		return true
	}
	for from := 0; ; {
		at := strings.Index(text[from:], "\n"+m)
		if at < 0 {
			return false
		}
		from += at + 1
		if isMarkerLine(text, from, m) {
			return true
		}
	}
}

// isMarkerLine reports whether the line of text at offset at is the marker m, alone or followed
// by white space, as yamltree reads a marker.
func isMarkerLine(text string, at int, m string) bool {
	if !strings.HasPrefix(text[at:], m) {
		return false
	}
	rest := text[at+len(m):]
	return rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n'
}
