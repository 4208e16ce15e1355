package ynode

import "strings"

func (e *emitter) put(c byte) {
	e.out.WriteByte(c)
	e.column++
}

func (e *emitter) putBreak() {
	e.out.WriteByte('\n')
	e.column = 0
	e.line++
	e.indention = true
}

// write copies one character of s at *i.
func (e *emitter) write(s string, i *int) {
	w := width(s[*i])
	e.out.WriteString(s[*i : *i+w])
	e.column++
	*i += w
}

func (e *emitter) writeAll(s string) {
	for i := 0; i < len(s); {
		e.write(s, &i)
	}
}

// writeBreak copies the line break at *i.
func (e *emitter) writeBreak(s string, i *int) {
	if s[*i] == '\n' {
		e.putBreak()
		*i++
		return
	}
	e.write(s, i)
	e.column = 0
	e.line++
	e.indention = true
}

func (e *emitter) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.putBreak()
	}
	if e.footIndent == indent {
		e.putBreak()
	}
	for e.column < indent {
		e.put(' ')
	}
	e.whitespace = true
	e.footIndent = -1
}

func (e *emitter) writeIndicator(indicator string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.put(' ')
	}
	e.writeAll(indicator)
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
	e.openEnded = false
}

func (e *emitter) writeTagHandle(value string) {
	if !e.whitespace {
		e.put(' ')
	}
	e.writeAll(value)
	e.whitespace = false
	e.indention = false
}

func (e *emitter) writeTagContent(value string) {
	for i := 0; i < len(value); {
		if strings.IndexByte(";/?:@&=+$,_.~*'()[]", value[i]) >= 0 || isAlpha(value[i]) {
			e.write(value, &i)
			continue
		}
		w := width(value[i])
		for k := 0; k < w; k++ {
			octet := value[i]
			i++
			e.put('%')
			e.put(hexDigit(octet >> 4))
			e.put(hexDigit(octet & 0x0f))
		}
	}
	e.whitespace = false
	e.indention = false
}

func (e *emitter) processTag() {
	if e.tagHandle == "" && e.tagSuffix == "" {
		return
	}
	if e.tagHandle != "" {
		e.writeTagHandle(e.tagHandle)
		if e.tagSuffix != "" {
			e.writeTagContent(e.tagSuffix)
		}
		return
	}
	e.writeIndicator("!<", true, false, false)
	e.writeTagContent(e.tagSuffix)
	e.writeIndicator(">", false, false, false)
}

func (e *emitter) processHeadComment() {
	if e.tailComment != "" {
		e.writeIndent()
		e.writeComment(e.tailComment)
		e.tailComment = ""
		e.footIndent = max(e.indent, 0)
	}
	if e.headComment == "" {
		return
	}
	e.writeIndent()
	e.writeComment(e.headComment)
	e.headComment = ""
}

func (e *emitter) processLineComment(linebreak bool) {
	if e.lineComment == "" {
		if linebreak {
			e.putBreak()
		}
		return
	}
	if !e.whitespace {
		e.put(' ')
	}
	e.writeComment(e.lineComment)
	e.lineComment = ""
}

func (e *emitter) processFootComment() {
	if e.footComment == "" {
		return
	}
	e.writeIndent()
	e.writeComment(e.footComment)
	e.footComment = ""
	e.footIndent = max(e.indent, 0)
}

func (e *emitter) writeComment(comment string) {
	breaks, pound := false, false
	for i := 0; i < len(comment); {
		if isBreak(comment, i) {
			e.writeBreak(comment, &i)
			breaks, pound = true, false
			continue
		}
		if breaks {
			e.writeIndent()
		}
		if !pound {
			if comment[i] != '#' {
				e.put('#')
				e.put(' ')
			}
			pound = true
		}
		e.write(comment, &i)
		e.indention = false
		breaks = false
	}
	if !breaks {
		e.putBreak()
	}
	e.whitespace = true
}

func (e *emitter) processScalar() {
	v := e.scalarData.value
	switch e.scalarData.style {
	case plainScalarStyle:
		e.writePlain(v)
	case singleQuotedScalarStyle:
		e.writeSingleQuoted(v)
	case doubleQuotedScalarStyle:
		e.writeDoubleQuoted(v)
	case literalScalarStyle:
		e.writeLiteral(v)
	case foldedScalarStyle:
		e.writeFolded(v)
	}
}

// writePlain writes a plain scalar. Lines are never folded (kyaml's encoder has no width).
func (e *emitter) writePlain(value string) {
	if len(value) > 0 && !e.whitespace {
		e.put(' ')
	}
	e.writeLines(value, false)
	if len(value) > 0 {
		e.whitespace = false
	}
	e.indention = false
	if e.rootContext {
		e.openEnded = true
	}
}

func (e *emitter) writeSingleQuoted(value string) {
	e.writeIndicator("'", true, false, false)
	e.writeLines(value, true)
	e.writeIndicator("'", false, false, false)
	e.whitespace = false
	e.indention = false
}

// writeLines writes the body of a plain or single-quoted scalar: a line break is written twice
// (a single one would fold into a space), continuation lines are indented, and in single quotes
// a quote is doubled.
func (e *emitter) writeLines(value string, quoted bool) {
	breaks := false
	for i := 0; i < len(value); {
		switch {
		case isSpace(value, i):
			e.write(value, &i)
		case isBreak(value, i):
			if !breaks && value[i] == '\n' {
				e.putBreak()
			}
			e.writeBreak(value, &i)
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if quoted && value[i] == '\'' {
				e.put('\'')
			}
			e.write(value, &i)
			e.indention = false
			breaks = false
		}
	}
}
