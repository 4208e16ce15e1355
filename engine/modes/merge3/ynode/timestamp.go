package ynode

import "strings"

// A plain scalar kyaml reads as a timestamp is one that Go's time.Parse reads with one of the
// layouts "2006-1-2T15:4:5.999999999Z07:00", the same with a lowercase t, "2006-1-2
// 15:4:5.999999999" and "2006-1-2" (kyaml's resolver tries them in turn). What those layouts
// read, observed (go1.26, FuzzTimestamp against time.Parse), read here without time's general
// parser (about 40 KB of the page's wasm):
//
//	part           | written
//	---------------|----------------------------------------------------------------------------
//	date           | four digits, '-', a month of one or two digits (1 to 12), '-', a day of one
//	               | or two digits that exists in that month and year
//	then           | nothing; or 'T' or 't' and a time and zone; or one space or more and a time
//	time           | hour (0 to 23), ':', minute (0 to 59), ':', second (0 to 59), one or two
//	               | digits each, then maybe '.' or ',' and digits
//	zone           | Z; or '+' or '-', two digits (at most 24), ':', two digits (at most 60)

// isTimestamp reports whether text reads as a timestamp (see above).
func isTimestamp(text string) bool {
	if len(text) < 8 || text[4] != '-' {
		return false
	}
	s := timestampScan{rest: text}
	year, okYear := s.digits(4, 4)
	month, okMonth := s.after('-', 1, 2)
	day, okDay := s.after('-', 1, 2)
	if !okYear || !okMonth || !okDay || month < 1 || month > 12 || day < 1 || day > daysIn(month, year) {
		return false
	}
	switch {
	case s.rest == "":
		return true
	case s.rest[0] == 'T' || s.rest[0] == 't':
		s.rest = s.rest[1:]
		return s.timeOfDay() && s.zone() && s.rest == ""
	case s.rest[0] == ' ':
		s.rest = strings.TrimLeft(s.rest, " ")
		return s.timeOfDay() && s.rest == ""
	}
	return false
}

// timestampScan reads a timestamp's parts; rest is what is left of the text.
type timestampScan struct {
	rest string
}

// digits reads least to most digits and returns their value.
func (s *timestampScan) digits(least, most int) (int, bool) {
	n, v := 0, 0
	for n < len(s.rest) && n < most && s.rest[n] >= '0' && s.rest[n] <= '9' {
		v = v*10 + int(s.rest[n]-'0')
		n++
	}
	s.rest = s.rest[n:]
	return v, n >= least
}

// after reads the byte sep, then least to most digits.
func (s *timestampScan) after(sep byte, least, most int) (int, bool) {
	if s.rest == "" || s.rest[0] != sep {
		return 0, false
	}
	s.rest = s.rest[1:]
	return s.digits(least, most)
}

// timeOfDay reads hour:minute:second and a fraction of a second if one follows.
func (s *timestampScan) timeOfDay() bool {
	hour, okHour := s.digits(1, 2)
	minute, okMinute := s.after(':', 1, 2)
	second, okSecond := s.after(':', 1, 2)
	if !okHour || !okMinute || !okSecond || hour > 23 || minute > 59 || second > 59 {
		return false
	}
	if len(s.rest) >= 2 && (s.rest[0] == '.' || s.rest[0] == ',') && s.rest[1] >= '0' && s.rest[1] <= '9' {
		s.rest = s.rest[1:]
		s.digits(1, len(s.rest))
	}
	return true
}

// zone reads Z or an offset.
func (s *timestampScan) zone() bool {
	if strings.HasPrefix(s.rest, "Z") {
		s.rest = s.rest[1:]
		return true
	}
	if len(s.rest) < 6 || (s.rest[0] != '+' && s.rest[0] != '-') || s.rest[3] != ':' {
		return false
	}
	s.rest = s.rest[1:]
	hours, okHours := s.digits(2, 2)
	minutes, okMinutes := s.after(':', 2, 2)
	return okHours && okMinutes && hours <= 24 && minutes <= 60
}

// daysIn is the number of days of month in year, leap years counted.
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
