package quantity

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// The ways a quantity's suffix writes its unit.
type format uint8

const (
	decimalSI format = iota // m, none, k, M, G, T, P, E (and n, u)
	binarySI                // Ki, Mi, Gi, Ti, Pi, Ei
	exponent                // e or E and a power of ten
)

// decimalSuffixes are the decimal suffixes by power of ten.
var decimalSuffixes = map[string]int{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}

// writtenSuffixes are the decimal suffixes the canonical form writes, by power of a thousand
// from -1 (milli) up.
var writtenSuffixes = []string{"m", "", "k", "M", "G", "T", "P", "E"}

// binarySuffixes are the binary suffixes, by power of 1024.
var binarySuffixes = []string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}

// maxDigits bounds the exponents the package reads and the digits it writes: a quantity past it
// is left as written.
const maxDigits = 1000

// parsed is a quantity as written: its value is sign × digits × 10^scale × 1024^binary.
type parsed struct {
	negative bool
	// digits are the mantissa's digits without the point; fraction, how many follow it.
	digits   string
	fraction int
	format   format
	// power is the decimal suffix's or the exponent's power of ten, binary the binary suffix's
	// power of 1024.
	power, binary int
}

// Canonical returns the text the API server stores for the quantity s, and false when s is not
// a quantity the package reads (the server refuses it, or it is too large: it is left as
// written).
func Canonical(s string) (string, bool) {
	q, ok := parse(s)
	if !ok {
		return s, false
	}
	if isZero(q.digits) {
		return "0", true
	}
	if q.keptAsWritten() {
		return s, true
	}
	if stored, ok := q.rewritten(); ok {
		return stored, true
	}
	return s, false
}

// parse reads a quantity: a sign, digits with at most one point, and a suffix.
func parse(s string) (parsed, bool) {
	var q parsed
	if s != "" && (s[0] == '+' || s[0] == '-') {
		q.negative = s[0] == '-'
		s = s[1:]
	}
	end := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if end < 0 {
		end = len(s)
	}
	number, suffix := s[:end], s[end:]
	whole, frac, dotted := strings.Cut(number, ".")
	if whole == "" && frac == "" || strings.Contains(frac, ".") {
		return q, false
	}
	if dotted {
		q.fraction = len(frac)
	}
	q.digits = strings.TrimLeft(whole+frac, "0")
	if q.digits == "" {
		q.digits = "0"
	}
	return q, q.readSuffix(suffix)
}

// readSuffix reads a quantity's suffix: decimal, binary or an exponent.
func (q *parsed) readSuffix(suffix string) bool {
	if p, ok := decimalSuffixes[suffix]; ok {
		q.format, q.power = decimalSI, p
		return true
	}
	for i, b := range binarySuffixes[1:] {
		if suffix == b {
			q.format, q.binary = binarySI, i+1
			return true
		}
	}
	if len(suffix) < 2 || (suffix[0] != 'e' && suffix[0] != 'E') {
		return false
	}
	p, err := strconv.Atoi(suffix[1:])
	if err != nil || p > maxDigits || p < -maxDigits {
		return false
	}
	q.format, q.power = exponent, p
	return true
}

// keptAsWritten reports whether the server stores the quantity as written: an integer mantissa
// already canonical for its suffix, within a signed 64-bit value.
func (q parsed) keptAsWritten() bool {
	if q.fraction > 0 || len(q.digits) > 19 {
		return false
	}
	m, err := strconv.ParseUint(q.digits, 10, 64)
	if err != nil || m > math.MaxInt64 {
		return false
	}
	if q.format == binarySI {
		return m%1024 != 0 && m <= math.MaxInt64>>(10*q.binary)
	}
	if q.power%3 != 0 || q.power < -3 || m%1000 == 0 {
		return false
	}
	for range max(q.power, 0) {
		if m > math.MaxInt64/10 {
			return false
		}
		m *= 10
	}
	return true
}

// rewritten writes the quantity in its canonical form.
func (q parsed) rewritten() (string, bool) {
	sign := ""
	if q.negative {
		sign = "-"
	}
	if q.format != binarySI {
		d, ok := decimal(q.digits, q.power-q.fraction, q.format)
		return sign + d, ok
	}
	num, ok := timesPow1024(q.digits, q.binary)
	if !ok {
		return "", false
	}
	if bytes, whole := dividePow10(num, q.fraction); whole {
		n := 0
		for n < len(binarySuffixes)-1 && bytes%1024 == 0 {
			bytes /= 1024
			n++
		}
		return sign + strconv.FormatUint(bytes, 10) + binarySuffixes[n], true
	}
	d, ok := decimal(strconv.FormatUint(num, 10), -q.fraction, decimalSI)
	return sign + d, ok
}

// decimal writes the value digits × 10^power, rounded up to thousandths, with the largest
// power of a thousand (a suffix or an exponent, as f says) that keeps the mantissa whole; false
// past maxDigits.
func decimal(digits string, power int, f format) (string, bool) {
	if power < -3 { // round up to a whole number of thousandths
		cut := min(-3-power, len(digits)+1)
		keep, dropped := "", digits
		if cut <= len(digits) {
			keep, dropped = digits[:len(digits)-cut], digits[len(digits)-cut:]
		}
		digits, power = keep, -3
		if !isZero(dropped) {
			digits = increment(digits)
		}
	}
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits, power = digits[:len(digits)-1], power+1
	}
	if isZero(digits) {
		return "0", true
	}
	thousands := floorDiv(power, 3)
	if 3*thousands > maxDigits || len(digits) > maxDigits {
		return "", false
	}
	digits += strings.Repeat("0", power-3*thousands)
	if f == exponent {
		if thousands == 0 {
			return digits, true
		}
		return digits + "e" + strconv.Itoa(3*thousands), true
	}
	if thousands+1 < len(writtenSuffixes) {
		return digits + writtenSuffixes[thousands+1], true
	}
	return digits + strings.Repeat("0", 3*thousands-18) + "E", true // past E: more zeros
}

// floorDiv is a/b rounded down.
func floorDiv(a, b int) int {
	d := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		d--
	}
	return d
}

// timesPow1024 returns the decimal digits times 1024^n, false past 64 bits.
func timesPow1024(digits string, n int) (uint64, bool) {
	m, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0, false
	}
	hi, lo := bits.Mul64(m, uint64(1)<<(10*n))
	return lo, hi == 0
}

// dividePow10 returns num / 10^k and whether the division is exact.
func dividePow10(num uint64, k int) (uint64, bool) {
	for range k {
		if num%10 != 0 {
			return 0, false
		}
		num /= 10
	}
	return num, true
}

// increment adds one to a string of decimal digits ("" counts as 0).
func increment(digits string) string {
	b := []byte(digits)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// isZero reports whether a string of decimal digits is zero (or empty).
func isZero(digits string) bool {
	return strings.Trim(digits, "0") == ""
}
