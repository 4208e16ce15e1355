package yamltree

import (
	"strings"
	"unicode/utf8"

	"github.com/mergeplay/mergeplay/internal/verb"
)

// checkTextIn refuses text that is not UTF-8 or that holds a character YAML does not let a
// document carry (a C0 control other than tab and line breaks, DEL, a C1 control, U+FFFE or
// U+FFFF), as both references refuse them ("control characters are not allowed"). It also
// refuses the characters YAML 1.1 reads as line breaks (U+0085, U+2028, U+2029): the references
// split the line there, the parser under this package would silently drop them, and a result
// must never lose text. The error names the line and column of the first such character. It
// reads the bytes from..to of text (whole lines, which no UTF-8 sequence crosses), the rest
// having passed before (checkLines), and places the error in the whole text.
func checkTextIn(input Input, text string, from, to int) error {
	for i := from; i < to; {
		c := text[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' {
			i++ // printable ASCII: the common case, checked without decoding
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if message := badCharacter(r, size, c); message != "" {
			line := 1 + strings.Count(text[:i], "\n")
			column := utf8.RuneCountInString(text[strings.LastIndexByte(text[:i], '\n')+1:i]) + 1
			return &Error{Input: input, Line: line, Column: column, Message: message}
		}
		i += size
	}
	return nil
}

// badCharacter says why a character cannot stand in a YAML document, or "".
func badCharacter(r rune, size int, first byte) string {
	switch {
	case r == utf8.RuneError && size <= 1:
		return "invalid UTF-8 (byte 0x" + verb.Hex(uint64(first), 2) + "): YAML text must be UTF-8"
	case r == '\t' || r == '\n' || r == '\r':
		return ""
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0 && r != 0x85) || r == 0xfffe || r == 0xffff:
		return "control character " + verb.Unicode(r) + " is not allowed in YAML (kubectl and kyaml refuse it)" + escapeIt
	case r == 0x85 || r == 0x2028 || r == 0x2029:
		return "character " + verb.Unicode(r) + " is a line break to YAML 1.1 readers (kubectl splits the line there)" + escapeIt
	}
	return ""
}

// escapeIt ends the messages of characters a document cannot carry.
const escapeIt = ": write it escaped in a double-quoted string"

// checkLines runs checkTextIn then checkLeadingEndIn on text whose lines outside from..to (fromLine
// the 0-based index of the line at from) are
// those of a text that passed both (0..len(text) when there is none): only the lines that
// changed, and those whose reading of a document's start they may change, are read. An edit of
// one line of a 4 MiB stream then reads a few lines rather than 4 MiB twice.
func checkLines(input Input, text string, from, fromLine, to int) error {
	if err := checkTextIn(input, text, from, to); err != nil {
		return err
	}
	return checkLeadingEndIn(input, text, from, fromLine, to)
}

// ChangedLines returns the whole lines of text, from..to (byte offsets), outside which text and
// before are the same: a common start and a common end, each of whole lines. A check of every
// line that passed on before need read only these lines of text.
func ChangedLines(text, before string) (from, to int) {
	from, tail := changedBytes(text, before)
	return from, lineEnd(text, tail)
}

// changedBytes returns where text stops being the same as before (at the start of that line)
// and where their common end starts in text.
func changedBytes(text, before string) (from, tail int) {
	same := commonPrefix(text, before)
	tail = len(text) - commonSuffix(text[same:], before[min(same, len(before)):])
	return strings.LastIndexByte(text[:same], '\n') + 1, tail
}

// lineEnd returns the end of the line holding byte at of text (after its "\n").
func lineEnd(text string, at int) int {
	if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
		return at + i + 1
	}
	return len(text)
}

// compareBlock is how many bytes commonPrefix and commonSuffix compare at once.
const compareBlock = 4096

// commonPrefix returns the length of the longest common start of a and b.
func commonPrefix(a, b string) int {
	n, i := min(len(a), len(b)), 0
	for i+compareBlock <= n && a[i:i+compareBlock] == b[i:i+compareBlock] {
		i += compareBlock
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common end of a and b.
func commonSuffix(a, b string) int {
	n, i := min(len(a), len(b)), 0
	for i+compareBlock <= n && a[len(a)-i-compareBlock:len(a)-i] == b[len(b)-i-compareBlock:len(b)-i] {
		i += compareBlock
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
