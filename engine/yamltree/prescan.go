package yamltree

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// checkText refuses text that is not UTF-8 or that holds a character YAML does not let a
// document carry (a C0 control other than tab and line breaks, DEL, a C1 control, U+FFFE or
// U+FFFF), as both references refuse them ("control characters are not allowed"). It also
// refuses the characters YAML 1.1 reads as line breaks (U+0085, U+2028, U+2029): the references
// split the line there, the parser under this package would silently drop them, and a result
// must never lose text. The error names the line and column of the first such character.
func checkText(input Input, text string) error {
	for i := 0; i < len(text); {
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
		return fmt.Sprintf("invalid UTF-8 (byte 0x%02x): YAML text must be UTF-8", first)
	case r == '\t' || r == '\n' || r == '\r':
		return ""
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0 && r != 0x85) || r == 0xfffe || r == 0xffff:
		return fmt.Sprintf("control character %U is not allowed in YAML (kubectl and kyaml refuse it)%s", r, escapeIt)
	case r == 0x85 || r == 0x2028 || r == 0x2029:
		return fmt.Sprintf("character %U is a line break to YAML 1.1 readers (kubectl splits the line there)%s", r, escapeIt)
	}
	return ""
}

// escapeIt ends the messages of characters a document cannot carry.
const escapeIt = ": write it escaped in a double-quoted string"

// nestingGuard refuses, before the parser runs, a document nested deeper than max levels through
// flow collections ("[[[[...") or list items opened on one line ("- - - ..."): the parser takes
// time quadratic in such nesting (17 s on 200 KB of "[") before any bound of the builder can
// act. It skips quoted text, comments and block scalar headers it can recognise; what it cannot
// (a bracket inside a plain scalar) may only make the count larger, and only past max levels of
// unclosed brackets does that refuse anything.
func nestingGuard(input Input, lines []string, lineOffset, max int) error {
	if !mayNestPast(lines, max) {
		return nil
	}
	s := nestingScan{max: max}
	block := -1 // the indentation of a block scalar's header while its content lines are skipped
	for i, line := range lines {
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if block >= 0 && (indent > block || strings.TrimSpace(line) == "") {
			continue // a block scalar's content: text, never nesting
		}
		block = -1
		if at := s.scanLine(line); at >= 0 {
			return &Error{Input: input, Line: i + 1 + lineOffset, Column: columnOf(line, at),
				Message: fmt.Sprintf("nesting deeper than %d levels is refused", max)}
		}
		if s.depth == 0 && s.quote == 0 && opensBlockScalar(line) {
			block = indent
		}
	}
	return nil
}

// opensBlockScalar reports whether a line ends with a block scalar's header ("key: |",
// "- >-", "key: |2+ # comment").
func opensBlockScalar(line string) bool {
	text := strings.TrimRight(stripComment(line), " \t")
	cut := strings.LastIndexAny(text, " \t")
	header := text[cut+1:]
	if header == "" || (header[0] != '|' && header[0] != '>') || strings.Trim(header[1:], "+-0123456789") != "" {
		return false
	}
	before := strings.TrimRight(text[:cut+1], " \t")
	return before == "" || strings.HasSuffix(before, ":") || strings.HasSuffix(before, "-")
}

// mayNestPast is the quick test before the careful scan: text with no more than limit opening
// brackets in all (quoted or not) and no list items opened on one line cannot nest past limit.
func mayNestPast(lines []string, limit int) bool {
	opened := 0
	for _, line := range lines {
		if strings.Contains(line, "- -") {
			return true
		}
		if opened += strings.Count(line, "[") + strings.Count(line, "{"); opened > limit {
			return true
		}
	}
	return false
}

// nestingScan carries the state of nestingGuard from line to line.
type nestingScan struct {
	max   int
	depth int  // open flow collections
	quote byte // the quote of a quoted scalar still open, or 0
}

// scanLine scans one line and returns the byte offset where nesting passes the limit, or -1.
func (s *nestingScan) scanLine(line string) int {
	if s.depth == 0 && s.quote == 0 && !strings.ContainsAny(line, "[{\"'") && !strings.Contains(line, "- -") {
		return -1 // nothing here can open a nesting
	}
	i := 0
	if s.depth == 0 && s.quote == 0 {
		dashes := 0
		for i < len(line) && line[i] == ' ' {
			i++
		}
		for i+1 < len(line) && line[i] == '-' && (line[i+1] == ' ' || line[i+1] == '\t') {
			if dashes++; dashes > s.max {
				return i
			}
			i += 2
			for i < len(line) && line[i] == ' ' {
				i++
			}
		}
	}
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case s.quote != 0:
			i = s.inQuote(line, i)
		case (c == '"' || c == '\'') && opensToken(line, i):
			s.quote = c
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return -1
		case c == '[' || c == '{':
			if s.depth++; s.depth > s.max {
				return i
			}
		case (c == ']' || c == '}') && s.depth > 0:
			s.depth--
		}
	}
	return -1
}

// opensToken reports whether the character at i may start a token: at the start of the line or
// after white space or a flow indicator (a quote inside a plain scalar does not open one).
func opensToken(line string, i int) bool {
	if i == 0 {
		return true
	}
	switch line[i-1] {
	case ' ', '\t', '[', '{', ',', ':', '-', '?':
		return true
	}
	return false
}

// inQuote advances through a quoted scalar from offset i and returns the offset of its last
// character read on this line; it closes the quote when it ends.
func (s *nestingScan) inQuote(line string, i int) int {
	for ; i < len(line); i++ {
		switch c := line[i]; {
		case s.quote == '"' && c == '\\':
			i++
		case c == s.quote && s.quote == '\'' && i+1 < len(line) && line[i+1] == '\'':
			i++
		case c == s.quote:
			s.quote = 0
			return i
		}
	}
	return i
}
