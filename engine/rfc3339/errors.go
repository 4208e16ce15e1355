package rfc3339

// parseError words a refusal as time.Parse words it.
type parseError struct {
	text string
	// element and rest: the layout's part expected and the text left where it was not found;
	// message replaces both when set (": month out of range").
	element, rest, message string
}

func (e *parseError) Error() string {
	if e.message != "" {
		return "parsing time " + quote(e.text) + e.message
	}
	return "parsing time " + quote(e.text) + " as " + quote(Layout) + ": cannot parse " + quote(e.rest) + " as " + quote(e.element)
}

// cannot is the error of not finding element where the text is left.
func (p *parser) cannot(element string) error {
	return &parseError{text: p.text, element: element, rest: p.rest}
}

// message is an error worded by message alone.
func (p *parser) message(message string) error {
	return &parseError{text: p.text, message: message}
}

// quote writes s in double quotes as time's messages do: printable ASCII as itself ('"' and
// '\' after a backslash), every other byte as \x and two lowercase hex digits.
func quote(s string) string {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < ' ' || c >= 0x80:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&0xf])
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
