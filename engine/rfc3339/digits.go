package rfc3339

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// leadingDigits counts the digits at the start of s, at most limit.
func leadingDigits(s string, limit int) int {
	n := 0
	for n < len(s) && n < limit && isDigit(s[n]) {
		n++
	}
	return n
}

func allDigits(s string) bool { return leadingDigits(s, len(s)) == len(s) }

// digitsValue is the value of a run of digits (at most 9 of them).
func digitsValue(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
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
