// Package rfc3339 reads times written as RFC 3339 ("2026-01-01T00:00:00Z") the way Go's
// time.Parse(time.RFC3339, text) reads them, errors worded as it words them (kubectl's and the
// API server's messages quote them: "parsing time \"yesterday\" as
// \"2006-01-02T15:04:05Z07:00\": cannot parse \"yesterday\" as \"2006\""). Its own reader keeps
// time's general parser, about 40 KB of code, out of the page's wasm. FuzzParse checks it
// against time.Parse: the same texts read, the same instants, the same messages.
//
// What time.Parse reads with that layout, observed (go1.26, FuzzParse), and so what Parse reads:
//
//	part      | written                                  | refused with
//	----------|------------------------------------------|--------------------------------------
//	year      | four digits                              | cannot parse "…" as "2006"
//	month     | two digits, 01 to 12                     | cannot parse … as "01"; month out of range
//	day       | two digits, checked last against the     | cannot parse … as "02"; day out of range
//	          | month and year (leap years)              |
//	hour      | one or two digits, 0 to 23               | cannot parse … as "15"; hour out of range
//	minute    | two digits, 00 to 59                     | cannot parse … as "04"; minute out of range
//	second    | two digits, 00 to 59, then a fraction    | cannot parse … as "05"; second out of range
//	          | ('.' or ',' and digits; past nine digits |
//	          | the rest is read and dropped)            |
//	zone      | Z, or + or - and hh:mm, hh at most 24    | cannot parse … as "Z07:00";
//	          | and mm at most 60                        | time zone offset hour (minute) out of range
//	separators| '-', '-', 'T', ':', ':' as written       | cannot parse … as "T" (the separator)
//	after     | nothing                                  | extra text: "…"
//
// The time returned is the instant written, in UTC (time.Parse keeps the offset written as the
// time's zone; every caller here reads the instant only).
package rfc3339

import (
	"strings"
	"time"
)

// Layout is the layout time's messages name.
const Layout = time.RFC3339

// part is one part of the text: a separator, or a number (its element in Layout, for the
// messages; the digits it takes; its range, and what a value out of it is called, "" when the
// range is not checked there).
type part struct {
	separator   string
	element     string
	least, most int
	low, high   int
	what        string
}

// parts are the text's parts up to the seconds, in order.
var parts = []part{
	{element: "2006", least: 4, most: 4},
	{separator: "-"},
	{element: "01", least: 2, most: 2, low: 1, high: 12, what: "month"},
	{separator: "-"},
	{element: "02", least: 2, most: 2, high: 99}, // the day: checked against the month at the end
	{separator: "T"},
	{element: "15", least: 1, most: 2, high: 23, what: "hour"},
	{separator: ":"},
	{element: "04", least: 2, most: 2, high: 59, what: "minute"},
	{separator: ":"},
	{element: "05", least: 2, most: 2, high: 59, what: "second"},
}

// Parse reads text as an RFC 3339 time (see the package doc).
func Parse(text string) (time.Time, error) {
	p := parser{text: text, rest: text}
	var n [6]int // year, month, day, hour, minute, second
	numbers := n[:0]
	for _, pt := range parts {
		if pt.separator != "" {
			if !strings.HasPrefix(p.rest, pt.separator) {
				return time.Time{}, p.cannot(pt.separator)
			}
			p.rest = p.rest[len(pt.separator):]
			continue
		}
		v, err := p.number(pt)
		if err != nil {
			return time.Time{}, err
		}
		numbers = append(numbers, v)
	}
	nanos := p.fraction()
	offset, err := p.zone()
	switch {
	case err != nil:
		return time.Time{}, err
	case p.rest != "":
		return time.Time{}, p.message(": extra text: " + quote(p.rest))
	case n[2] < 1 || n[2] > daysIn(n[1], n[0]):
		return time.Time{}, p.message(": day out of range")
	}
	t := time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], nanos, time.UTC)
	return t.Add(-time.Duration(offset) * time.Second), nil
}

// parser reads one text; rest is what is left of it.
type parser struct {
	text, rest string
}

// number reads the digits of a number part and checks its range.
func (p *parser) number(pt part) (int, error) {
	n := leadingDigits(p.rest, pt.most)
	if n < pt.least {
		return 0, p.cannot(pt.element)
	}
	v := digitsValue(p.rest[:n])
	p.rest = p.rest[n:]
	if pt.what != "" && (v < pt.low || v > pt.high) {
		return 0, p.message(": " + pt.what + " out of range")
	}
	return v, nil
}

// fraction reads a fraction of a second when one follows ('.' or ',' and a digit): its
// nanoseconds, the digits past the ninth read and dropped.
func (p *parser) fraction() int {
	if len(p.rest) < 2 || (p.rest[0] != '.' && p.rest[0] != ',') || !isDigit(p.rest[1]) {
		return 0
	}
	n := 1 + leadingDigits(p.rest[1:], len(p.rest))
	digits := p.rest[1:min(n, 10)]
	p.rest = p.rest[n:]
	nanos := digitsValue(digits)
	for range 9 - len(digits) {
		nanos *= 10
	}
	return nanos
}

// zone reads Z or an offset (a sign, two digits, ':', two digits) and returns the offset in
// seconds east of UTC.
func (p *parser) zone() (int, error) {
	if strings.HasPrefix(p.rest, "Z") {
		p.rest = p.rest[1:]
		return 0, nil
	}
	if len(p.rest) < 6 || p.rest[3] != ':' {
		return 0, p.cannot("Z07:00")
	}
	hours, minutes := p.rest[1:3], p.rest[4:6]
	h, m := 0, 0
	if allDigits(hours) {
		h = digitsValue(hours)
		if allDigits(minutes) {
			m = digitsValue(minutes)
		}
	}
	switch {
	case m > 60:
		return 0, p.message(": time zone offset minute out of range")
	case h > 24:
		return 0, p.message(": time zone offset hour out of range")
	case !allDigits(hours) || !allDigits(minutes) || (p.rest[0] != '+' && p.rest[0] != '-'):
		return 0, p.cannot("Z07:00")
	}
	offset := (h*60 + m) * 60
	if p.rest[0] == '-' {
		offset = -offset
	}
	p.rest = p.rest[6:]
	return offset, nil
}
