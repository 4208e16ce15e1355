package yamltree

import (
	"strconv"
	"strings"
)

// chomping says what a block scalar keeps of the line breaks after its last line of content.
type chomping uint8

const (
	clip  chomping = iota // one line break
	strip                 // "-": none
	keep                  // "+": every one, empty lines included
)

// blockHeader is what a block scalar's header says: its style, the indentation of its content
// relative to the collection around it (0: found from the first line of content), its chomping.
type blockHeader struct {
	style  Style
	indent int
	chomp  chomping
}

// blockScalar reads a literal ("|") or folded (">") block scalar at the cursor, within a
// collection indented parent. Its content is the lines below indented as its first non-empty
// line (or as its header says); the cursor stops at the end of its last line of content.
func (r *reader) blockScalar(parent int) (*Node, error) {
	start := r.mark()
	h, err := r.readBlockHeader()
	if err != nil {
		return nil, err
	}
	note := r.trailingComment()
	if !r.eof() && r.peek() != '\n' {
		return nil, r.errorHere("did not find expected comment or line break after a block scalar's header (| or >)")
	}
	lines, err := r.blockLines(parent, h)
	if err != nil {
		return nil, err
	}
	n := r.newNode(ScalarNode)
	n.Tag, n.Style, n.Value = StrTag, h.style, lines.value(h)
	n.Pos = r.posOf(start)
	n.End = n.Pos
	if lines.content > 0 {
		n.End = r.posOf(lines.end)
	}
	n.SetComment(LineComment, note)
	return n, r.spend(n.Pos, 1)
}

// readBlockHeader reads "|" or ">" and its indicators: an indentation digit and a chomping
// sign, in either order.
func (r *reader) readBlockHeader() (blockHeader, error) {
	h := blockHeader{style: Literal}
	if r.peek() == '>' {
		h.style = Folded
	}
	r.at++
	for range 2 {
		switch c := r.peek(); {
		case c == '+' || c == '-':
			if h.chomp != clip {
				return h, r.errorHere("a block scalar's header has one chomping indicator (+ or -) at most")
			}
			h.chomp = strip
			if c == '+' {
				h.chomp = keep
			}
		case c >= '1' && c <= '9':
			if h.indent != 0 {
				return h, r.errorHere("a block scalar's header has one indentation indicator at most")
			}
			h.indent = int(c - '0')
		case c == '0':
			return h, r.errorHere("found an indentation indicator equal to 0 in a block scalar's header: it is 1 to 9")
		default:
			return h, nil
		}
		r.at++
	}
	return h, nil
}

// blockText is the content of a block scalar: its lines without their indentation, empty lines
// as "", and the empty lines after the last line of content.
type blockText struct {
	lines    []string
	content  int  // lines up to the last line of content
	trailing int  // empty lines after it
	end      mark // just past the last line of content
	// unbroken records that the last line of content ends the text without a line break, which
	// a YAML 1.2 reader (kyaml) then does not add to the value; kubectl's reader, which cuts a
	// stream into lines, does (observed with apimachinery v0.37.2 and kyaml v0.21.2: "a: |" and
	// "  keep" without a final line break reads "keep\n" and "keep").
	unbroken bool
}

// blockLines reads the lines of a block scalar's content, the cursor at the end of its header's
// line.
func (r *reader) blockLines(parent int, h blockHeader) (blockText, error) {
	var t blockText
	indent := -1
	if h.indent > 0 {
		indent = max(parent, 0) + h.indent
	}
	leading := 0 // the most spaces of an empty line before the first line of content
	for !r.eof() {
		next := r.mark()
		r.breakLine()
		spaces := 0
		for r.peek() == ' ' && (indent < 0 || spaces < indent) {
			r.at++
			spaces++
		}
		if r.peek() == '\t' && (indent < 0 || spaces < indent) {
			// a tab where the content's indentation is, or may yet be, on any line the block
			// scalar reads (the line that ends it too): both references refuse it (observed
			// with apimachinery v0.37.2 and kyaml v0.21.3, scripts/conformance/yamldiff, class
			// tablines); past the indentation it is content
			return t, r.errorHere("a tab where a block scalar's lines are indented (found a tab character where an indentation space is expected)")
		}
		if r.eof() || r.peek() == '\n' {
			if indent < 0 {
				leading = max(leading, spaces)
			}
			if r.eof() && spaces == 0 && r.at == r.lineStart {
				r.reset(next)
				break // the text's last line break opens no line
			}
			t.lines = append(t.lines, "")
			t.trailing++
			continue
		}
		if indent < 0 {
			if spaces <= parent {
				r.reset(next)
				break
			}
			indent = spaces
			if leading > indent {
				return t, r.errorHere("a block scalar's leading empty line holds " + strconv.Itoa(leading) + " spaces, more than its first line of content's " + strconv.Itoa(indent))
			}
		} else if spaces < indent {
			r.reset(next)
			break
		}
		r.skipToLineEnd()
		t.lines = append(t.lines, r.text[r.lineStart+indent:r.at])
		t.content, t.trailing, t.end = len(t.lines), 0, r.mark()
		t.unbroken = r.eof() && r.opts.Rules == YAML12
	}
	if t.content > 0 {
		r.reset(t.end)
	}
	t.lines = t.lines[:t.content]
	return t, nil
}

// value is the scalar's value: its lines joined as its style says, chomped.
func (t blockText) value(h blockHeader) string {
	var b strings.Builder
	if h.style == Literal {
		for i, l := range t.lines {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(l)
		}
	} else {
		foldLines(&b, t.lines)
	}
	switch {
	case t.content == 0 && h.chomp == keep:
		return strings.Repeat("\n", t.trailing)
	case t.content == 0:
		return ""
	case t.unbroken || h.chomp == strip:
	case h.chomp == clip:
		b.WriteByte('\n')
	case h.chomp == keep:
		b.WriteString(strings.Repeat("\n", t.trailing+1))
	}
	return b.String()
}

// foldLines joins the lines of a folded block scalar: a line break between two lines of text is
// a space, one before or after a more indented line (starting with white space) stays, and each
// empty line is a line break.
func foldLines(b *strings.Builder, lines []string) {
	prevText := false // the last non-empty line was text (not more indented)
	empty := 0
	started := false
	for _, l := range lines {
		if l == "" {
			empty++
			continue
		}
		text := l[0] != ' ' && l[0] != '\t'
		switch {
		case !started:
			b.WriteString(strings.Repeat("\n", empty))
		case prevText && text && empty == 0:
			b.WriteByte(' ')
		case prevText && text:
			b.WriteString(strings.Repeat("\n", empty))
		default:
			b.WriteString(strings.Repeat("\n", empty+1))
		}
		b.WriteString(l)
		started, prevText, empty = true, text, 0
	}
}
