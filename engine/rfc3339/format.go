package rfc3339

import (
	"strconv"
	"time"
)

// Format writes t's instant in UTC, to the second, as t.UTC().Format(time.RFC3339) does
// ("2026-01-01T00:00:00Z"; the year at least four digits, a '-' before a year before 1):
// managedFields times are written so. Its own writer keeps time's general formatter out of the
// page's wasm; TestFormatAsTime checks it against time.
func Format(t time.Time) string {
	t = t.UTC()
	year, month, day := t.Date()
	hour, minute, second := t.Clock()
	b := make([]byte, 0, 20)
	if year < 0 {
		b = append(b, '-')
		year = -year
	}
	b = padded(b, year, 4)
	b = append(b, '-')
	b = padded(b, int(month), 2)
	b = append(b, '-')
	b = padded(b, day, 2)
	b = append(b, 'T')
	b = padded(b, hour, 2)
	b = append(b, ':')
	b = padded(b, minute, 2)
	b = append(b, ':')
	b = padded(b, second, 2)
	return string(append(b, 'Z'))
}

// padded appends n in decimal, with leading zeros to width digits.
func padded(b []byte, n, width int) []byte {
	digits := strconv.Itoa(n)
	for i := len(digits); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, digits...)
}
