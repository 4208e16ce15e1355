package yamltree

import (
	"strconv"
	"strings"
)

// plainContext says where a plain scalar is written, which decides where it ends.
type plainContext uint8

const (
	plainBlock plainContext = iota // in block context: it ends at ": " and " #"
	plainFlow                      // inside a flow collection: also at , [ ] { } and ":" before them
)

// plainStop says why the text of a plain scalar's line ended.
type plainStop uint8

const (
	stopLineEnd plainStop = iota // the line (or the text) ended
	stopColon                    // ": " (or ":" at the end of the line)
	stopComment                  // " #"
	stopFlow                     // a flow indicator
)

// plain reads a plain scalar at the cursor. In block context its text goes on over the lines
// below indented deeper than parent (folded: a line break is a space, n empty lines n line
// breaks), until a line holding ": " or a comment ends it. The cursor stops just past its text.
func (r *reader) plain(parent int, context plainContext) (*Node, error) {
	start := r.mark()
	if err := r.checkPlainStart(context); err != nil {
		return nil, err
	}
	end, stop := r.plainLine(context)
	value := r.text[start.at:end]
	r.at = end
	last := r.mark()
	if stop == stopLineEnd {
		var folded strings.Builder
		for stop == stopLineEnd {
			more, why, ok, err := r.plainContinuation(parent, context, &folded, value)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			value, stop, last = more, why, r.mark()
		}
		r.tabsPassed = r.at
		r.reset(last)
	}
	n := r.newNode(ScalarNode)
	n.Value, n.Tag = value, r.opts.Rules.Resolve(value)
	n.Pos, n.End = r.posOf(start), r.posOf(last)
	return n, r.spend(n.Pos, 1)
}

// checkPlainStart refuses a plain scalar starting with an indicator: a reserved one (%, @, `),
// as both references refuse it, or one that means something else there.
func (r *reader) checkPlainStart(context plainContext) error {
	c := r.peek()
	switch c {
	case '%', '@', '`':
		return r.errorHere("a plain scalar cannot start with " + strconv.Quote(string(c)) + " (kubectl and kyaml refuse it: found character that cannot start any token): quote the value")
	case '-', '?', ':':
		next := r.peekAt(1)
		if !isBlankAt(r.text, r.at+1) && !(context == plainFlow && isFlowIndicator(next)) {
			return nil
		}
	case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"':
	default:
		return nil
	}
	if r.eof() {
		return r.errorHere("unexpected end of the document: a value was expected")
	}
	return r.errorHere("found character that cannot start any token: " + strconv.Quote(string(c)) + " cannot start a value here (quote the value)")
}

// plainLine scans the text of a plain scalar on the cursor's line from the cursor: it returns
// where the text ends (trailing white space left out) and why.
func (r *reader) plainLine(context plainContext) (int, plainStop) {
	text := r.text
	i, end := r.at, r.at
	stop := stopLineEnd
scan:
	for ; i < len(text); i++ {
		switch c := text[i]; c {
		case '\n':
			break scan
		case ' ', '\t':
			continue
		case ':':
			if isBlankAt(text, i+1) || (context == plainFlow && isFlowIndicator(text[i+1])) {
				stop = stopColon
				break scan
			}
		case '#':
			if i > r.at && (text[i-1] == ' ' || text[i-1] == '\t') {
				stop = stopComment
				break scan
			}
		case ',', '[', ']', '{', '}':
			if context == plainFlow {
				stop = stopFlow
				break scan
			}
		}
		end = i + 1
	}
	return end, stop
}

// plainContinuation reads the next line of a plain scalar when it continues it: the lines
// between are empty, and it is indented deeper than parent (in block context) and holds text
// before any comment, ": " or flow indicator. It returns the scalar's text so far; folded
// collects it once it spans lines. stop tells why the continued line ended.
func (r *reader) plainContinuation(parent int, context plainContext, folded *strings.Builder, value string) (_ string, stop plainStop, ok bool, err error) {
	r.skipBlanks()
	breaks := 0
	for !r.eof() && r.peek() == '\n' {
		r.breakLine()
		breaks++
		for r.peek() == ' ' {
			r.at++
		}
		if err := r.plainTab(parent, context); err != nil {
			return "", 0, false, err
		}
		if context == plainBlock && r.at-r.lineStart <= parent && r.peek() != '\n' && !isBlankLine(r.text, r.at) {
			return "", 0, false, nil // less indented: the scalar ended
		}
		r.skipBlanks()
	}
	if breaks == 0 || r.eof() || r.peek() == '#' {
		return "", 0, false, nil
	}
	lineAt := r.at
	end, stop := r.plainLine(context)
	if end == lineAt {
		return "", 0, false, nil
	}
	if folded.Len() == 0 {
		folded.WriteString(value)
	}
	if breaks == 1 {
		folded.WriteByte(' ')
	} else {
		for range breaks - 1 {
			folded.WriteByte('\n')
		}
	}
	folded.WriteString(r.text[lineAt:end])
	r.at = end
	return folded.String(), stop, true, nil
}

// plainTab refuses a tab after the leading spaces of a line a plain scalar in block context
// reads past, looking for a line to continue it, when the tab stands where the line would have
// to be indented to continue it (at most parent columns in): both references refuse it ("found a
// tab character that violates indentation"), on an empty line too, where after any other node
// they refuse a tab wherever it stands (checkTabLine). A tab further in is white space there
// (observed with apimachinery v0.37.2 and kyaml v0.21.3: "a: b" then "  \t" refused under a map
// indented 2, "   \t" read; scripts/conformance/yamldiff, class tablines).
func (r *reader) plainTab(parent int, context plainContext) error {
	if context != plainBlock || r.peek() != '\t' || r.at-r.lineStart > parent {
		return nil
	}
	return r.errorHere("a tab where a plain scalar's next line is indented (found a tab character that violates indentation)")
}

// isBlankLine reports whether only spaces and tabs follow offset i on its line.
func isBlankLine(text string, i int) bool {
	for ; i < len(text) && text[i] != '\n'; i++ {
		if text[i] != ' ' && text[i] != '\t' {
			return false
		}
	}
	return true
}
