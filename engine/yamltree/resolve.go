package yamltree

import (
	"math"
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

// A plainRule is one row of a rule set: a shape of plain scalar text and the type text of that
// shape has. A rule set is read in order; text no row matches is a string.
type plainRule struct {
	shape  string // the shape, as the specification writes it, and where it deviates
	starts string // the characters text of the shape may start with (a quick test before match)
	tag    Tag
	match  func(text string) bool
}

// The rule sets, written from yaml.org/type/{null,bool,int,float} (YAML 1.1) and the YAML 1.2
// core schema (section 10.3.2), and corrected where the references read otherwise (observed with
// go.yaml.in/yaml/v2 under sigs.k8s.io/yaml v1.6.0 for kubectl, and go.yaml.in/yaml/v3 v3.0.5
// under kyaml v0.21.2; scripts/conformance/yamldiff's TestResolveMatchesReferences checks every
// row against them):
//   - the integers and floats of both sets are read alike: YAML 1.1's binary, leading-zero octal
//     and underscores are numbers to kyaml's reader too, and YAML 1.2's 0o octal and exponents
//     without a dot are numbers to kubectl's; the prefixes may be upper case (0B, 0O, 0X);
//   - an integer must fit 64 bits: signed, or unsigned without a sign; past that a decimal one
//     is a float, any other a string; a float must be finite (1e400 is a string);
//   - YAML 1.1's sexagesimal numbers (190:20:30) are strings to both;
//   - timestamps are kept as strings by both when data is untyped; no number has their shape,
//     so they need no row.
var (
	rules11 = [...]plainRule{
		{"null: ~ | null | Null | NULL | (empty)", "~nN", NullTag, isNullWord},
		{"bool: y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF", "yYnNtTfFoO", BoolTag, isBool11},
		{"float: [-+]?\\.(inf|Inf|INF) | \\.(nan|NaN|NAN)", ".+-", FloatTag, isFloatWord},
		{"int: [-+]?(0b[0-1_]+ | 0[0-7_]+ | (0|[1-9][0-9_]*) | 0x[0-9a-fA-F_]+), also 0o[0-7_]+", digitsSigns, IntTag, isInt},
		{"float: [-+]?([0-9][0-9_]*)?\\.[0-9_]*([eE][-+][0-9]+)?, the dot optional before an exponent", digitsSigns + ".", FloatTag, isFloat},
	}
	rules12 = [...]plainRule{
		{"null: null | Null | NULL | ~ | (empty)", "~nN", NullTag, isNullWord},
		{"bool: true | True | TRUE | false | False | FALSE", "tTfF", BoolTag, isBool12},
		{"float: [-+]?(\\.inf | \\.Inf | \\.INF) | \\.nan | \\.NaN | \\.NAN", ".+-", FloatTag, isFloatWord},
		{"int: [-+]?[0-9]+ | 0o[0-7]+ | 0x[0-9a-fA-F]+, also YAML 1.1's forms", digitsSigns, IntTag, isInt},
		{"float: [-+]?(\\.[0-9]+ | [0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?, also with underscores", digitsSigns + ".", FloatTag, isFloat},
	}
)

// digitsSigns are the characters a number may start with.
const digitsSigns = "0123456789+-"

// rules returns the rows of a rule set.
func (r Rules) rules() []plainRule {
	if r == YAML12 {
		return rules12[:]
	}
	return rules11[:]
}

// Resolve returns the type a plain scalar with this text has under r.
func (r Rules) Resolve(text string) Tag {
	if text == "" {
		return NullTag
	}
	for _, rule := range r.rules() {
		if strings.IndexByte(rule.starts, text[0]) >= 0 && rule.match(text) {
			return rule.tag
		}
	}
	return StrTag
}

// The words of the null, boolean and special float rows.
const (
	nullWords  = " ~ null Null NULL "
	true12     = " true True TRUE "
	false12    = " false False FALSE "
	true11     = " y Y yes Yes YES on On ON "
	false11    = " n N no No NO off Off OFF "
	infWords   = " .inf .Inf .INF +.inf +.Inf +.INF "
	minusInfs  = " -.inf -.Inf -.INF "
	nanWords   = " .nan .NaN .NAN "
	longestWrd = len("+.INF")
)

// inWords reports whether text is one of the space-separated words of list.
func inWords(list, text string) bool {
	if text == "" || len(text) > longestWrd || strings.IndexByte(text, ' ') >= 0 {
		return false
	}
	for from := 0; from < len(list); {
		at := strings.Index(list[from:], text)
		if at < 0 {
			return false
		}
		at += from
		if list[at-1] == ' ' && list[at+len(text)] == ' ' {
			return true
		}
		from = at + 1
	}
	return false
}

func isNullWord(text string) bool { return text == "" || inWords(nullWords, text) }
func isBool12(text string) bool   { return inWords(true12, text) || inWords(false12, text) }
func isBool11(text string) bool {
	return isBool12(text) || inWords(true11, text) || inWords(false11, text)
}
func isFloatWord(text string) bool { return floatWordValue(text) != 0 || inWords(nanWords, text) }

// floatWordValue is the infinity a word spells (+1 or -1), or 0.
func floatWordValue(text string) int {
	switch {
	case inWords(infWords, text):
		return 1
	case inWords(minusInfs, text):
		return -1
	}
	return 0
}

// isInt reports whether text is an integer that fits 64 bits (see intValue).
func isInt(text string) bool {
	_, _, ok := intValue(text)
	return ok
}

// isFloat reports whether text has a float's shape (the int rows read first) and a finite value.
func isFloat(text string) bool {
	_, ok := floatValue(text)
	return ok
}

// intValue reads an integer: an optional sign, then binary (0b), octal (0o, or a leading 0),
// hexadecimal (0x) or decimal digits, underscores anywhere after the first character ignored.
// It returns the magnitude and the sign; ok is false for other text and for a value past 64 bits
// (signed, or unsigned without a sign).
func intValue(text string) (magnitude uint64, negative, ok bool) {
	if text == "" || text[0] == '_' {
		return 0, false, false
	}
	body := text
	if body[0] == '+' || body[0] == '-' {
		negative, body = body[0] == '-', body[1:]
	}
	base, digits := intBase(body)
	if digits == "" {
		return 0, false, false
	}
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c == '_' {
			continue
		}
		d := digitValue(c)
		if d >= base || magnitude > (math.MaxUint64-d)/base {
			return 0, false, false
		}
		magnitude = magnitude*base + d
	}
	if strings.Trim(digits, "_") == "" {
		return 0, false, false
	}
	switch {
	case negative && magnitude > 1<<63:
		return 0, false, false
	case text[0] == '+' && magnitude > math.MaxInt64:
		return 0, false, false
	}
	return magnitude, negative, true
}

// intBase splits an unsigned integer's text into its base and its digits. A prefix's letter
// may be either case; a leading 0 means octal, and the 0 itself is a digit of it.
func intBase(body string) (base uint64, digits string) {
	clean := strings.TrimLeft(body, "_")
	if len(clean) > 1 && clean[0] == '0' {
		after := strings.TrimLeft(clean[1:], "_")
		switch {
		case after == "":
		case after[0] == 'b' || after[0] == 'B':
			return 2, after[1:]
		case after[0] == 'o' || after[0] == 'O':
			return 8, after[1:]
		case after[0] == 'x' || after[0] == 'X':
			return 16, after[1:]
		default:
			return 8, body
		}
	}
	return 10, body
}

// digitValue is the value of a hexadecimal digit, or 16 for any other character.
func digitValue(c byte) uint64 {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0')
	case c >= 'a' && c <= 'f':
		return uint64(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 16
}

// floatValue reads a float: an optional sign, digits with a dot somewhere among them (or none
// before an exponent), an optional exponent; underscores after the first character ignored (a
// leading dot keeps them). ok is false for other text and for a value past float64's range.
func floatValue(text string) (float64, bool) {
	if text == "" || text[0] == '_' {
		return 0, false
	}
	plain := text
	if text[0] != '.' {
		plain = strings.ReplaceAll(text, "_", "")
	}
	if !floatShape(plain) {
		return 0, false
	}
	f, err := strconv.ParseFloat(plain, 64)
	return f, err == nil
}

// floatShape reports whether text is [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?, with
// underscores between digits where text starts with a dot.
func floatShape(text string) bool {
	i := 0
	if i < len(text) && (text[i] == '+' || text[i] == '-') {
		i++
	}
	whole := digitRun(text, i)
	i += whole
	fraction := 0
	if i < len(text) && text[i] == '.' {
		fraction = digitRun(text, i+1)
		i += 1 + fraction
	}
	if whole == 0 && fraction == 0 {
		return false
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		exponent := digitRun(text, i)
		if exponent == 0 {
			return false
		}
		i += exponent
	}
	return i == len(text)
}

// digitRun is the length of the run of decimal digits (and underscores after the first) at i.
func digitRun(text string, i int) int {
	n := 0
	for i+n < len(text) && (text[i+n] >= '0' && text[i+n] <= '9' || (n > 0 && text[i+n] == '_')) {
		n++
	}
	return n
}

// Float returns the numeric value of an int or float scalar, as the references hold numbers once
// read into untyped data (float64). ok is false for other scalars.
func (n *Node) Float() (value float64, ok bool) {
	if n == nil || n.Kind != ScalarNode {
		return 0, false
	}
	switch n.Tag {
	case IntTag:
		if magnitude, negative, ok := intValue(n.Value); ok {
			if negative {
				return -float64(magnitude), true
			}
			return float64(magnitude), true
		}
		return floatValue(n.Value)
	case FloatTag:
		if sign := floatWordValue(n.Value); sign != 0 {
			return math.Inf(sign), true
		}
		if inWords(nanWords, n.Value) {
			return math.NaN(), true
		}
		return floatValue(n.Value)
	}
	return 0, false
}

// Bool returns the value of a boolean scalar under either rule set.
func (n *Node) Bool() (value, ok bool) {
	if n == nil || n.Kind != ScalarNode || n.Tag != BoolTag {
		return false, false
	}
	switch {
	case inWords(true12, n.Value) || inWords(true11, n.Value):
		return true, true
	case inWords(false12, n.Value) || inWords(false11, n.Value):
		return false, true
	}
	return false, false
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
	magnitude, negative, ok := intValue(text)
	switch {
	case !ok || (!negative && magnitude > math.MaxInt64):
		return "", false
	case negative && magnitude != 0:
		return "-" + strconv.FormatUint(magnitude, 10), true
	}
	return strconv.FormatUint(magnitude, 10), true
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
		if isFloatWord(n.Value) {
			return ErrorAt(n.Pos, n.Value+" is not a number JSON can hold (kubectl refuses it: json: unsupported value): quote it to make it a string")
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
