package quantity

import (
	"math"
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
// from -3 (nano) up.
var writtenSuffixes = []string{"n", "u", "m", "", "k", "M", "G", "T", "P", "E"}

// binarySuffixes are the binary suffixes, by power of 1024.
var binarySuffixes = []string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}

// maxDigits bounds the exponents the package reads and the digits it writes: a quantity past it
// is left as written.
const maxDigits = 1000

// parsed is a quantity as written: its value is
// sign × digits × 10^power × 1024^binary / 10^fraction.
type parsed struct {
	negative bool
	// digits are the mantissa's digits without the point and its leading zeros; fraction, how
	// many followed the point; zeroWhole, that the digits before the point are all zeros (or
	// none).
	digits    string
	fraction  int
	zeroWhole bool
	format    format
	// power is the decimal suffix's or the exponent's power of ten, binary the binary suffix's
	// power of 1024.
	power, binary int
}

// Canonical returns the text the API server answers (and kubectl get shows) for the quantity s
// in a resource list (a container's requests and limits, a claim's storage, a quota's hard
// limits: a map of quantities, which the server rounds up to thousandths), and false when s is
// not a quantity the server reads (it refuses it: s is returned as written).
func Canonical(s string) (string, bool) {
	return stored(s, milli)
}

// CanonicalField returns the text the API server answers for the quantity s in a field of its own
// (an emptyDir's sizeLimit, a resourceFieldRef's divisor), which the server keeps to
// billionths; false when s is not a quantity the server reads.
func CanonicalField(s string) (string, bool) {
	return stored(s, nano)
}

// Decoded returns the text of the quantity s in a resource list as the server holds it while it
// validates a request, which its messages quote ("Invalid value: "-64000": must be greater than
// or equal to 0" for -62.5Ki): written once in its canonical form, where Canonical writes it
// twice. False when s is not a quantity the server reads.
func Decoded(s string) (string, bool) {
	return rewrite(s, milli)
}

// The powers of ten the server keeps a quantity to.
const (
	milli = -3
	nano  = -9
)

// stored returns the text the server answers for s, kept to 10^floor: s written in its canonical
// form, and that text written again. The server reads what it stored back before it answers (a
// create's answer, a get), and the canonical form is not always canonical again: 62.5Ki is
// written 64000, which is written 64k (observed.tsv).
func stored(s string, floor int) (string, bool) {
	once, ok := rewrite(s, floor)
	if !ok || once == s {
		return once, ok
	}
	return rewrite(once, floor)
}

// rewrite returns s written once in its canonical form, kept to 10^floor.
func rewrite(s string, floor int) (string, bool) {
	q, ok := parse(s)
	if !ok {
		return s, false
	}
	if isZero(q.digits) {
		return "0", true
	}
	if q.keptAsWritten(floor) {
		return s, true
	}
	if text, ok := q.rewritten(floor); ok {
		return text, true
	}
	return s, false
}

// parse reads a quantity: a sign, digits with at most one point, and a suffix.
func parse(s string) (parsed, bool) {
	var q parsed
	if s == "" {
		return q, false
	}
	if s[0] == '+' || s[0] == '-' {
		q.negative = s[0] == '-'
		s = s[1:]
	}
	end := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if end < 0 {
		end = len(s)
	}
	number, suffix := s[:end], s[end:]
	whole, frac, dotted := strings.Cut(number, ".")
	if strings.Contains(frac, ".") || len(number) > maxDigits {
		return q, false
	}
	if whole == "" && frac == "" && (suffix == "Pi" || suffix == "Ei") {
		return q, false // "+", ".", "k" and "-e3" read as zero, "Pi" and "Ei" do not
	}
	if dotted {
		q.fraction = len(frac)
	}
	q.zeroWhole = isZero(whole)
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

// keptBinaryDigits is, by binary suffix (Ki, Mi, ... Ei), how many digits (leading zeros
// aside) a binary quantity's mantissa may have for the server to keep its text.
var keptBinaryDigits = []int{11, 8, 5, 2, 0, 0}

// keptDecimalDigits is how many digits (leading zeros aside) a decimal quantity's mantissa may
// have for the server to keep its text.
const keptDecimalDigits = 18

// keptAsWritten reports whether the server stores the quantity as written (the rules are the
// package doc's).
func (q parsed) keptAsWritten(floor int) bool {
	if q.format == binarySI {
		if q.fraction > 0 || len(q.digits) > keptBinaryDigits[q.binary-1] {
			return false
		}
		m, err := strconv.ParseUint(q.digits, 10, 64)
		return err == nil && m%8 != 0
	}
	scale := q.power - q.fraction
	return scale%3 == 0 && scale >= floor && len(q.digits) <= keptDecimalDigits &&
		!strings.HasSuffix(q.digits, "000") && !(q.fraction > 0 && q.zeroWhole)
}

// rewritten writes the quantity in its canonical form, kept to 10^floor.
func (q parsed) rewritten(floor int) (string, bool) {
	sign := ""
	if q.negative {
		sign = "-"
	}
	if q.format != binarySI {
		d, ok := decimal(q.digits, q.power-q.fraction, q.format, floor)
		return sign + d, ok
	}
	// The value in bytes: the digits times 1024^binary, of which the last fraction digits
	// follow the point.
	product := q.digits
	for range q.binary {
		product = timesSmall(product, 1024)
	}
	whole, frac := product, ""
	if q.fraction > 0 {
		cut := max(len(product)-q.fraction, 0)
		whole, frac = product[:cut], product[cut:]
	}
	if atLeastTwoTo63(whole) {
		return sign + strconv.FormatInt(math.MaxInt64, 10), true
	}
	bytes, _ := strconv.ParseUint("0"+whole, 10, 64)
	if !isZero(frac) || bytes < 1024 {
		d, ok := decimal(product, -q.fraction, decimalSI, floor)
		return sign + d, ok
	}
	n := 0
	for n < len(binarySuffixes)-1 && bytes%1024 == 0 {
		bytes /= 1024
		n++
	}
	return sign + strconv.FormatUint(bytes, 10) + binarySuffixes[n], true
}

// atLeastTwoTo63 reports whether a string of decimal digits is 2^63 or more: a binary quantity
// that large is stored as the largest signed 64-bit integer.
func atLeastTwoTo63(digits string) bool {
	const twoTo63 = "9223372036854775808"
	digits = strings.TrimLeft(digits, "0")
	return len(digits) > len(twoTo63) || len(digits) == len(twoTo63) && digits >= twoTo63
}

// timesSmall returns a string of decimal digits times k.
func timesSmall(digits string, k uint64) string {
	out := make([]byte, len(digits)+20)
	carry := uint64(0)
	i := len(out)
	for j := len(digits) - 1; j >= 0; j-- {
		v := uint64(digits[j]-'0')*k + carry
		i--
		out[i] = byte('0' + v%10)
		carry = v / 10
	}
	for carry > 0 {
		i--
		out[i] = byte('0' + carry%10)
		carry /= 10
	}
	return string(out[i:])
}

// decimal writes the value digits × 10^power, rounded up to a whole number of 10^floor, with
// the largest power of a thousand (a suffix or an exponent, as f says) that keeps the mantissa
// whole; false past maxDigits.
func decimal(digits string, power int, f format, floor int) (string, bool) {
	if power < floor { // round up to a whole number of 10^floor
		cut := min(floor-power, len(digits)+1)
		keep, dropped := "", digits
		if cut <= len(digits) {
			keep, dropped = digits[:len(digits)-cut], digits[len(digits)-cut:]
		}
		digits, power = keep, floor
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
	if i := thousands + 3; i < len(writtenSuffixes) {
		return digits + writtenSuffixes[i], true
	}
	return digits, true // past E the server writes no suffix: 10000E is stored as 10
}

// floorDiv is a/b rounded down.
func floorDiv(a, b int) int {
	d := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		d--
	}
	return d
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
