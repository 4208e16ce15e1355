package ynode

import (
	"strings"
	"unicode/utf8"
)

// How kyaml writes a scalar: which of the five forms (plain, single-quoted, double-quoted,
// literal, folded) it takes. The node's style is a wish; the text decides whether the wish can
// be granted. Every rule was observed with kyaml v0.21.2 (go.yaml.in/yaml/v3 v3.0.5) through
// kio's ByteWriter, and is pinned by testdata/writer.json and merge3diff's scalar comparison:
//
//	plain wish, text holding "\n"      literal, else double-quoted (a block scalar cannot be
//	                                   written: in a flow collection, after a space before "\n")
//	plain wish, a string the plain     double-quoted: "12", "true", "~", "0755", "2001-12-14"
//	  form would type otherwise        ("on", "yes", "y" stay plain: YAML 1.2 reads strings)
//	plain wish, text plain cannot      single-quoted ('- a', 'a: b', 'x:', '#x'), or double-quoted
//	  carry                            when single quotes cannot either
//	single-quoted wish                 single-quoted, else double-quoted
//	double-quoted wish                 double-quoted
//	literal or folded wish             that block form, else double-quoted
//
// Tags: a string's tag is never written (quotes keep it a string); another tag is written
// ("!!int abc") when the plain form would type the text otherwise, or when the input wrote it;
// a merge key read as one ("<<") is written "!!merge <<".
// An untagged scalar (made by the merge) is written plain whenever its text allows.
//
// What each form cannot carry is in textLimits. No form folds long lines: kyaml writes with an
// unbounded line width.

// form is one way of writing a scalar.
type form uint8

const (
	formPlain form = iota
	formSingle
	formDouble
	formLiteral
	formFolded
)

// place is where a scalar is written; it narrows what plain text may hold.
type place uint8

const (
	inBlock place = iota // a block value or list item, or an explicit ("? ") key
	inFlow               // inside a flow collection
	asKey                // a key of a block map, on the key's line
)

// textFacts are what one pass over a scalar's text learns.
type textFacts struct {
	empty, multiline      bool // no text; holds "\n"
	otherBreak            bool // holds U+2028 or U+2029, which YAML also reads as line breaks
	escapes               bool // holds a character only double quotes can carry (see printable)
	tab                   bool
	leadSpace, endSpace   bool // starts or ends with a space
	leadBreak             bool // starts with a line break
	spaceBreak            bool // a space right before a line break
	breakSpace            bool // a space right after a line break
	plainBlock, plainFlow bool // plain may carry it in block context, and in a flow collection
}

// printable reports whether r may appear as itself in any written form (observed: the Basic
// Multilingual Plane's printable characters; a byte order mark, C0 and C1 controls, and
// characters beyond U+FFFF are escaped in double quotes).
func printable(r rune) bool {
	switch {
	case r == 0xFEFF:
		return false
	case r >= 0x20 && r <= 0x7E, r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD:
		return true
	}
	return false
}

// isBreak reports whether r ends a line: "\n", and U+2028 and U+2029, which YAML reads as line
// breaks too ("\r" is escaped instead).
func isBreak(r rune) bool { return r == '\n' || r == 0x2028 || r == 0x2029 }

// analyze learns the facts of text.
func analyze(text string) textFacts {
	f := textFacts{empty: text == ""}
	if f.empty {
		return f
	}
	var prev rune = -1
	for i, r := range text {
		switch {
		case r == '\n':
			f.multiline = true
		case r == 0x2028 || r == 0x2029:
			f.otherBreak = true
		case r == '\t':
			f.tab = true
		case !printable(r):
			f.escapes = true
		}
		if isBreak(r) && prev == ' ' {
			f.spaceBreak = true
		}
		if r == ' ' && isBreak(prev) {
			f.breakSpace = true
		}
		if i == 0 {
			f.leadSpace, f.leadBreak = r == ' ', isBreak(r)
		}
		prev = r
	}
	f.endSpace = prev == ' '
	f.plainBlock = plainCarries(text, f, false)
	f.plainFlow = f.plainBlock && plainCarries(text, f, true)
	return f
}

// plainStarts are the first characters that make a plain scalar read as something else. "-",
// "?" and ":" count only before a space or at the end ("-x" stays plain) in block context; in a
// flow collection "?" and ":" count before anything.
const plainStarts = ",[]{}#&*!|>'\"%@`"

// plainCarries reports whether the plain form can carry text: no line break, tab, escape or
// space at either end; no indicator first; no ": " or " #" inside, no ":" last; not a document
// marker ("---", "..."); in a flow collection, none of ",[]{}:?" anywhere.
func plainCarries(text string, f textFacts, flow bool) bool {
	switch {
	case f.empty, f.multiline, f.otherBreak, f.tab, f.escapes, f.leadSpace, f.endSpace:
		return false
	case strings.ContainsRune(plainStarts, rune(text[0])):
		return false
	case strings.HasPrefix(text, "---") || strings.HasPrefix(text, "..."):
		return false
	case strings.Contains(text, ": ") || strings.Contains(text, " #") || strings.HasSuffix(text, ":"):
		return false
	}
	if flow {
		return !strings.ContainsAny(text, ",[]{}:?")
	}
	if text[0] == '-' || text[0] == '?' || text[0] == ':' {
		return len(text) > 1 && text[1] != ' '
	}
	return true
}

// singleCarries reports whether single quotes can carry the text: not with escapes or tabs, nor
// with a space beside a line break.
func (f textFacts) singleCarries() bool {
	return !f.escapes && !f.tab && !f.spaceBreak && !f.breakSpace
}

// blockCarries reports whether a literal or folded block can carry the text: some text, no
// escapes, no space right before a line break or at the end, and not only spaces.
func (f textFacts) blockCarries() bool {
	return !f.empty && !f.escapes && !f.spaceBreak && !f.endSpace
}

// chooseForm decides how a scalar is written at place p.
func chooseForm(n *Node, p place) form {
	f := analyze(n.Value)
	wish := n.Style
	if wish == Plain || wish == Flow {
		if strings.Contains(n.Value, "\n") {
			wish = Literal
		} else if n.Tag == StrTag && !n.Tagged && plainTag(n.Value) != StrTag && plainTag(n.Value) != MergeTag {
			return formDouble
		}
	}
	switch wish {
	case Plain, Flow:
		switch {
		case f.empty && p == inBlock:
			return formPlain // an empty key is written '' (kyaml writes "?" alone as '':)
		case p == inFlow && f.plainFlow, p != inFlow && f.plainBlock:
			return formPlain
		case f.singleCarries():
			return formSingle
		}
	case SingleQuoted:
		if f.singleCarries() {
			return formSingle
		}
	case Literal, Folded:
		if p == inBlock && f.blockCarries() {
			if wish == Literal {
				return formLiteral
			}
			return formFolded
		}
	}
	return formDouble
}

// tagWritten returns the tag written before a scalar, "" for none.
func tagWritten(n *Node) string {
	switch {
	case n.Tag == "":
		return ""
	case n.Tagged:
		return n.Tag
	case n.Tag == StrTag:
		return ""
	case n.Tag == MergeTag:
		return n.Tag // observed: "!!merge <<", the tag written though "<<" reads as a merge key
	case plainTag(n.Value) != n.Tag:
		return n.Tag
	}
	return ""
}

// needsExplicitKey reports whether a map writes key after "? " rather than on its line: a list
// or map, a text holding a line break ("\r" and U+0085 count), or a text and written tag of more
// than 128 bytes together (observed: 128 fit).
func needsExplicitKey(key *Node) bool {
	if !key.inline() {
		return true
	}
	return strings.ContainsAny(key.Value, "\n\r\u0085\u2028\u2029") || len(key.Value)+len(tagWritten(key)) > 128
}

var _ = utf8.RuneError
