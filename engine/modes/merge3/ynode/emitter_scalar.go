package ynode

import "strings"

// scalarAnalysis is what the emitter learns about a scalar's text before choosing its style.
type scalarAnalysis struct {
	value                               string
	multiline                           bool
	flowPlainAllowed, blockPlainAllowed bool
	singleQuotedAllowed, blockAllowed   bool
	style                               scalarStyle
}

var tagDirectives = []struct{ handle, prefix string }{{"!", "!"}, {"!!", longTagPrefix}}

func (e *emitter) analyzeEvent(ev *event) {
	e.tagHandle, e.tagSuffix = "", ""
	e.scalarData.value = ""
	if ev.head != "" {
		e.headComment = ev.head
	}
	if ev.line != "" {
		e.lineComment = ev.line
	}
	if ev.foot != "" {
		e.footComment = ev.foot
	}
	if ev.tail != "" {
		e.tailComment = ev.tail
	}
	switch ev.typ {
	case scalarEvent:
		if ev.tag != "" && !ev.implicit && !ev.quotedImplicit {
			e.analyzeTag(ev.tag)
		}
		e.scalarData = analyzeScalar(ev.value)
	case sequenceStartEvent, mappingStartEvent:
		if ev.tag != "" && !ev.implicit {
			e.analyzeTag(ev.tag)
		}
	}
}

func (e *emitter) analyzeTag(tag string) {
	for _, d := range tagDirectives {
		if strings.HasPrefix(tag, d.prefix) && len(d.prefix) < len(tag) {
			e.tagHandle, e.tagSuffix = d.handle, tag[len(d.prefix):]
			return
		}
	}
	e.tagSuffix = tag
}

// scalarFacts is what analyzeScalar finds in a scalar's text.
type scalarFacts struct {
	blockIndicators, flowIndicators, lineBreaks, specialCharacters, tabCharacters    bool
	leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
}

// analyzeScalar is yaml_emitter_analyze_scalar: which styles can write value.
func analyzeScalar(value string) scalarAnalysis {
	a := scalarAnalysis{value: value}
	if value == "" {
		a.blockPlainAllowed, a.singleQuotedAllowed = true, true
		return a
	}
	f := scanScalar(value)
	a.multiline = f.lineBreaks
	a.flowPlainAllowed, a.blockPlainAllowed, a.singleQuotedAllowed, a.blockAllowed = true, true, true, true
	if f.leadingSpace || f.leadingBreak || f.trailingSpace || f.trailingBreak {
		a.flowPlainAllowed, a.blockPlainAllowed = false, false
	}
	if f.trailingSpace {
		a.blockAllowed = false
	}
	if f.breakSpace || f.spaceBreak || f.tabCharacters || f.specialCharacters {
		a.flowPlainAllowed, a.blockPlainAllowed, a.singleQuotedAllowed = false, false, false
	}
	if f.spaceBreak || f.specialCharacters {
		a.blockAllowed = false
	}
	if f.lineBreaks {
		a.flowPlainAllowed, a.blockPlainAllowed = false, false
	}
	if f.flowIndicators {
		a.flowPlainAllowed = false
	}
	if f.blockIndicators {
		a.blockPlainAllowed = false
	}
	return a
}

// scanScalar reads value character by character for indicators, breaks and spaces.
func scanScalar(value string) scalarFacts {
	var f scalarFacts
	if strings.HasPrefix(value, "---") || strings.HasPrefix(value, "...") {
		f.blockIndicators, f.flowIndicators = true, true
	}
	var previousSpace, previousBreak bool
	precededByWhitespace := true
	for i, w := 0, 0; i < len(value); i += w {
		w = width(value[i])
		followedByWhitespace := i+w >= len(value) || isBlank(value, i+w)
		f.indicators(value[i], i == 0, precededByWhitespace, followedByWhitespace)
		if value[i] == '\t' {
			f.tabCharacters = true
		} else if !isPrintable(value, i) {
			f.specialCharacters = true
		}
		switch {
		case isSpace(value, i):
			f.leadingSpace = f.leadingSpace || i == 0
			f.trailingSpace = f.trailingSpace || i+w == len(value)
			f.breakSpace = f.breakSpace || previousBreak
			previousSpace, previousBreak = true, false
		case isBreak(value, i):
			f.lineBreaks = true
			f.leadingBreak = f.leadingBreak || i == 0
			f.trailingBreak = f.trailingBreak || i+w == len(value)
			f.spaceBreak = f.spaceBreak || previousSpace
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = isBlankz(value, i)
	}
	return f
}

// indicators notes the YAML indicators character c brings, at the start of the text or inside it.
func (f *scalarFacts) indicators(c byte, first, precededByWhitespace, followedByWhitespace bool) {
	if first {
		switch c {
		case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
			f.flowIndicators, f.blockIndicators = true, true
		case '?', ':':
			f.flowIndicators = true
			f.blockIndicators = f.blockIndicators || followedByWhitespace
		case '-':
			if followedByWhitespace {
				f.flowIndicators, f.blockIndicators = true, true
			}
		}
		return
	}
	switch c {
	case ',', '?', '[', ']', '{', '}':
		f.flowIndicators = true
	case ':':
		f.flowIndicators = true
		f.blockIndicators = f.blockIndicators || followedByWhitespace
	case '#':
		if precededByWhitespace {
			f.flowIndicators, f.blockIndicators = true, true
		}
	}
}

// selectScalarStyle is yaml_emitter_select_scalar_style.
func (e *emitter) selectScalarStyle(ev *event) {
	noTag := e.tagHandle == "" && e.tagSuffix == ""
	a := &e.scalarData
	style := ev.style
	if style == anyScalarStyle {
		style = plainScalarStyle
	}
	if e.simpleKeyContext && a.multiline {
		style = doubleQuotedScalarStyle
	}
	if style == plainScalarStyle {
		if e.flowLevel > 0 && !a.flowPlainAllowed || e.flowLevel == 0 && !a.blockPlainAllowed {
			style = singleQuotedScalarStyle
		}
		if a.value == "" && (e.flowLevel > 0 || e.simpleKeyContext) {
			style = singleQuotedScalarStyle
		}
		if noTag && !ev.implicit {
			style = singleQuotedScalarStyle
		}
	}
	if style == singleQuotedScalarStyle && !a.singleQuotedAllowed {
		style = doubleQuotedScalarStyle
	}
	if (style == literalScalarStyle || style == foldedScalarStyle) && (!a.blockAllowed || e.flowLevel > 0 || e.simpleKeyContext) {
		style = doubleQuotedScalarStyle
	}
	if noTag && !ev.quotedImplicit && style != plainScalarStyle {
		e.tagHandle = "!"
	}
	a.style = style
}

func (e *emitter) writeDoubleQuoted(value string) {
	e.writeIndicator("\"", true, false, false)
	bom := strings.HasPrefix(value, "\xEF\xBB\xBF") // yaml.v3 tests for a BOM at the start for every character
	for i := 0; i < len(value); {
		if !isPrintable(value, i) || bom || isBreak(value, i) || value[i] == '"' || value[i] == '\\' {
			r, w := decodeRune(value, i)
			i += w
			e.put('\\')
			e.writeEscape(r)
			continue
		}
		e.write(value, &i)
	}
	e.writeIndicator("\"", false, false, false)
	e.whitespace = false
	e.indention = false
}

var escapes = map[rune]byte{0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0A: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r',
	0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xA0: '_', 0x2028: 'L', 0x2029: 'P'}

func (e *emitter) writeEscape(v rune) {
	if c, ok := escapes[v]; ok {
		e.put(c)
		return
	}
	w := 8
	switch {
	case v <= 0xFF:
		e.put('x')
		w = 2
	case v <= 0xFFFF:
		e.put('u')
		w = 4
	default:
		e.put('U')
	}
	for k := (w - 1) * 4; k >= 0; k -= 4 {
		e.put(hexDigit(byte((v >> uint(k)) & 0x0F)))
	}
}

// decodeRune decodes the character at i as yaml.v3 does, by its lead byte.
func decodeRune(s string, i int) (rune, int) {
	octet := s[i]
	var w int
	var v rune
	switch {
	case octet&0x80 == 0x00:
		w, v = 1, rune(octet&0x7F)
	case octet&0xE0 == 0xC0:
		w, v = 2, rune(octet&0x1F)
	case octet&0xF0 == 0xE0:
		w, v = 3, rune(octet&0x0F)
	default:
		w, v = 4, rune(octet&0x07)
	}
	for k := 1; k < w && i+k < len(s); k++ {
		v = (v << 6) + (rune(s[i+k]) & 0x3F)
	}
	return v, w
}

func (e *emitter) writeBlockHints(value string) {
	if isSpace(value, 0) || isBreak(value, 0) {
		e.writeIndicator(string(rune('0'+e.bestIndent)), false, false, false)
	}
	e.openEnded = false
	chomp := ""
	i := len(value) - 1
	for i > 0 && value[i]&0xC0 == 0x80 {
		i--
	}
	switch {
	case !isBreak(value, i):
		chomp = "-"
	case i == 0:
		chomp = "+"
		e.openEnded = true
	default:
		i--
		for i > 0 && value[i]&0xC0 == 0x80 {
			i--
		}
		if isBreak(value, i) {
			chomp = "+"
			e.openEnded = true
		}
	}
	if chomp != "" {
		e.writeIndicator(chomp, false, false, false)
	}
}

func (e *emitter) writeLiteral(value string) {
	e.writeIndicator("|", true, false, false)
	e.writeBlockHints(value)
	e.processLineComment(true)
	e.whitespace = true
	breaks := true
	for i := 0; i < len(value); {
		if isBreak(value, i) {
			e.writeBreak(value, &i)
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		e.write(value, &i)
		e.indention = false
		breaks = false
	}
}

func (e *emitter) writeFolded(value string) {
	e.writeIndicator(">", true, false, false)
	e.writeBlockHints(value)
	e.processLineComment(true)
	e.whitespace = true
	breaks, leadingSpaces := true, true
	for i := 0; i < len(value); {
		if isBreak(value, i) {
			if !breaks && !leadingSpaces && value[i] == '\n' {
				k := 0 // yaml.v3 scans from the start of the value here
				for k < len(value) && isBreak(value, k) {
					k += width(value[k])
				}
				if !isBlankz(value, k) {
					e.putBreak()
				}
			}
			e.writeBreak(value, &i)
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
			leadingSpaces = isBlank(value, i)
		}
		e.write(value, &i)
		e.indention = false
		breaks = false
	}
}

func width(b byte) int {
	switch {
	case b&0x80 == 0x00:
		return 1
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 1
}

func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func isSpace(s string, i int) bool { return at(s, i) == ' ' }

func isBlank(s string, i int) bool { c := at(s, i); return c == ' ' || c == '\t' }

func isBreak(s string, i int) bool {
	c := at(s, i)
	return c == '\r' || c == '\n' ||
		c == 0xC2 && at(s, i+1) == 0x85 ||
		c == 0xE2 && at(s, i+1) == 0x80 && (at(s, i+2) == 0xA8 || at(s, i+2) == 0xA9)
}

// isBlankz reports a blank, a break or the end of s.
func isBlankz(s string, i int) bool {
	return i >= len(s) || at(s, i) == 0 || isBlank(s, i) || isBreak(s, i)
}

func isPrintable(s string, i int) bool {
	c, c1, c2 := at(s, i), at(s, i+1), at(s, i+2)
	return c == 0x0A || (c >= 0x20 && c <= 0x7E) ||
		(c == 0xC2 && c1 >= 0xA0) || (c > 0xC2 && c < 0xED) ||
		(c == 0xED && c1 < 0xA0) || c == 0xEE ||
		(c == 0xEF && !(c1 == 0xBB && c2 == 0xBF) && !(c1 == 0xBF && (c2 == 0xBE || c2 == 0xBF)))
}

func isAlpha(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '-'
}

func hexDigit(d byte) byte {
	if d < 10 {
		return d + '0'
	}
	return d + 'A' - 10
}
