package yamltree

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Rules chooses how plain scalars are resolved to types.
type Rules uint8

// The two rule sets the references use.
const (
	// YAML11 resolves as kubectl does (sigs.k8s.io/yaml over a YAML 1.1 reader): y, yes, on, off,
	// no, n are booleans in every capitalisation the spec lists, and a leading 0 means octal.
	YAML11 Rules = iota
	// YAML12 resolves as kyaml does (a YAML 1.2 core-schema reader): only true and false are
	// booleans; "on" and "yes" are strings.
	YAML12
)

// String names the rules.
func (r Rules) String() string {
	if r == YAML12 {
		return "YAML 1.2"
	}
	return "YAML 1.1"
}

var (
	nullWords   = map[string]bool{"": true, "~": true, "null": true, "Null": true, "NULL": true}
	boolWords12 = map[string]string{
		"true": "true", "True": "true", "TRUE": "true",
		"false": "false", "False": "false", "FALSE": "false",
	}
	boolWords11 = map[string]string{
		"y": "true", "Y": "true", "yes": "true", "Yes": "true", "YES": "true",
		"on": "true", "On": "true", "ON": "true",
		"n": "false", "N": "false", "no": "false", "No": "false", "NO": "false",
		"off": "false", "Off": "false", "OFF": "false",
	}
	floatSpecials = map[string]float64{
		".inf": math.Inf(1), ".Inf": math.Inf(1), ".INF": math.Inf(1),
		"+.inf": math.Inf(1), "+.Inf": math.Inf(1), "+.INF": math.Inf(1),
		"-.inf": math.Inf(-1), "-.Inf": math.Inf(-1), "-.INF": math.Inf(-1),
		".nan": math.NaN(), ".NaN": math.NaN(), ".NAN": math.NaN(),
	}
	floatPattern = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
)

// Resolve returns the type a plain scalar with this text has under r.
func (r Rules) Resolve(text string) Tag {
	if nullWords[text] {
		return NullTag
	}
	if _, ok := boolWords12[text]; ok {
		return BoolTag
	}
	if _, ok := boolWords11[text]; ok && r == YAML11 {
		return BoolTag
	}
	if _, ok := floatSpecials[text]; ok {
		return FloatTag
	}
	switch c := text[0]; {
	case c == '.':
		if _, err := strconv.ParseFloat(text, 64); err == nil {
			return FloatTag
		}
	case c == '+' || c == '-' || (c >= '0' && c <= '9'):
		if looksLikeTimestamp(text) {
			return StrTag
		}
		return resolveNumber(text)
	}
	return StrTag
}

// resolveNumber applies the integer and float rules shared by both references' readers.
func resolveNumber(text string) Tag {
	plain := strings.ReplaceAll(text, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return IntTag
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return IntTag
	}
	if floatPattern.MatchString(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return FloatTag
		}
	}
	if strings.HasPrefix(plain, "0b") || strings.HasPrefix(plain, "-0b") {
		digits := strings.TrimPrefix(strings.TrimPrefix(plain, "-"), "0b")
		if _, err := strconv.ParseUint(digits, 2, 64); err == nil {
			return IntTag
		}
	}
	return StrTag
}

// looksLikeTimestamp reports whether text is a YAML timestamp (2001-12-14, 2001-12-14T21:59:43Z,
// ...). Both references read those as strings when the target is untyped.
func looksLikeTimestamp(text string) bool {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i != 4 || i == len(text) || text[i] != '-' {
		return false
	}
	return timestampPattern.MatchString(text)
}

var timestampPattern = regexp.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}` +
	`(([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?$`)

// Float returns the numeric value of an int or float scalar, as the references hold numbers once
// read into untyped data (float64). ok is false for other scalars.
func (n *Node) Float() (value float64, ok bool) {
	if n == nil || n.Kind != ScalarNode {
		return 0, false
	}
	switch n.Tag {
	case IntTag:
		return parseIntText(n.Value)
	case FloatTag:
		if f, ok := floatSpecials[n.Value]; ok {
			return f, true
		}
		f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		return f, err == nil
	}
	return 0, false
}

func parseIntText(text string) (float64, bool) {
	plain := strings.ReplaceAll(text, "_", "")
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return float64(i), true
	}
	if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return float64(u), true
	}
	if floatPattern.MatchString(plain) {
		f, err := strconv.ParseFloat(plain, 64)
		return f, err == nil
	}
	negative := strings.HasPrefix(plain, "-")
	digits := strings.TrimPrefix(strings.TrimPrefix(plain, "-"), "0b")
	u, err := strconv.ParseUint(digits, 2, 64)
	if err != nil {
		return 0, false
	}
	if negative {
		return -float64(u), true
	}
	return float64(u), true
}

// Bool returns the value of a boolean scalar under either rule set.
func (n *Node) Bool() (value, ok bool) {
	if n == nil || n.Kind != ScalarNode || n.Tag != BoolTag {
		return false, false
	}
	if v, in12 := boolWords12[n.Value]; in12 {
		return v == "true", true
	}
	v, ok := boolWords11[n.Value]
	return v == "true", ok
}

// Canonical returns a normalized text of a scalar for comparing values as the references do once
// data is untyped: numbers as JSON writes a float64 (so 1, 1.0 and 0x1 are equal), booleans as
// true or false, null as null, strings as themselves. Two scalars are equal data when their tags
// are equal (ints and floats count as one type, numbers) and their canonical texts are equal.
func (n *Node) Canonical() string {
	switch n.Tag {
	case NullTag:
		return "null"
	case BoolTag:
		if v, _ := n.Bool(); v {
			return "true"
		}
		return "false"
	case IntTag:
		if exact, ok := exactInt(n.Value); ok {
			return exact
		}
		if f, ok := n.Float(); ok {
			return FormatNumber(f)
		}
	case FloatTag:
		if f, ok := n.Float(); ok {
			return FormatNumber(f)
		}
	}
	return n.Value
}

// exactInt writes an integer that fits 64 signed bits in decimal, exactly: past 2^53 a float64
// would round it, and kubectl keeps it exact (observed with apimachinery v0.37.2:
// 9007199254740993 stays so in a patch and in last-applied). Past 2^63 kubectl holds a float64
// (9223372036854775808 becomes 9223372036854776000): ok is false there, and for other text.
func exactInt(text string) (string, bool) {
	plain := strings.ReplaceAll(text, "_", "")
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return strconv.FormatInt(i, 10), true
	}
	return "", false
}

// plainInt reports whether text is a decimal integer as JSON writes it, short enough to fit 64
// bits: the common case, which needs no parsing.
func plainInt(text string) bool {
	digits := strings.TrimPrefix(text, "-")
	if digits == "" || len(digits) > 18 || (digits[0] == '0' && len(digits) > 1) {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// settle11 rewrites a scalar read under YAML 1.1 to the spelling that means the same value to
// every reader, as the cluster holds it: a boolean spelt on, yes, y, off, no or n (or True)
// becomes true or false, and a number is written as kubectl's JSON holds it: an integer within
// 64 signed bits exactly in decimal (0755, 0x1F, 1_000, +12 become 493, 31, 1000, 12), any other
// number as the float64 it becomes (.5, 1.0, 1e3 and 18446744073709551615 become 0.5, 1, 1000
// and 18446744073709552000; -0.0 stays -0.0, equal to 0). A result written from such a node then
// reads back as the same value under YAML 1.2, where "on" is a string and 0755 is 755. An
// infinity or NaN is refused, as kubectl refuses it (observed: "json: unsupported value: +Inf"),
// since no JSON object can hold it.
func settle11(n *Node) error {
	switch n.Tag {
	case BoolTag:
		n.Value = n.Canonical()
	case IntTag, FloatTag:
		if _, ok := floatSpecials[n.Value]; ok {
			return Errorf(n.Pos, "%s is not a number JSON can hold (kubectl refuses it: json: unsupported value): quote it to make it a string", n.Value)
		}
		if n.Tag == IntTag && plainInt(n.Value) {
			return nil // already as JSON writes it, and exact
		}
		if c := n.Canonical(); c != n.Value && c != "-0" {
			n.Value = c
		}
	}
	return nil
}

// FormatNumber writes f as encoding/json writes a float64.
func FormatNumber(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	case math.IsNaN(f):
		return ".nan"
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	s := strconv.FormatFloat(f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		n := len(s)
		if n >= 4 && s[n-4] == 'e' && s[n-3] == '-' && s[n-2] == '0' {
			s = s[:n-2] + s[n-1:]
		}
	}
	return s
}
