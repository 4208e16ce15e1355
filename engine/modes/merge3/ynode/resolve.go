package ynode

import (
	"strconv"
	"strings"
)

// How kyaml's reader types a plain scalar: the YAML 1.2 core schema, with the extensions below.
// Every row was observed with kyaml v0.21.2 (go.yaml.in/yaml/v3 v3.0.5) reading "k: <text>"
// through kio's ByteReader (scripts/conformance/merge3diff/probe -read), and is checked against
// it by merge3diff's TestReaderMatchesKyaml.
//
//	null       "", ~, null, Null, NULL (not nulL)
//	bool       true, True, TRUE, false, False, FALSE (not yes, on, y: YAML 1.1's words are strings)
//	float      .inf .Inf .INF with an optional sign, .nan .NaN .NAN
//	merge      <<
//	timestamp  2001-12-14, 2001-1-2, 2001-12-14T21:59:43Z (T or t, a zone required),
//	           2001-12-14 21:59:43.10 (a space, no zone allowed); anything else is a string
//	int        from the first character on a digit, sign or dot: underscores are dropped, then Go's
//	           integer syntax with its prefixes (0x1F, 0o17, 0b101) and a leading 0 as octal
//	           (0755 is 493); too large for int64 but within uint64 still an int
//	float      digits with an optional dot and exponent (underscores dropped: 1_000.5), within
//	           float64's range (1e400 is a string); so 08 and 09 are floats
//	str        everything else (_1, 0x, 1e, 1:2, 0.0.1)
var (
	nullWords  = map[string]bool{"": true, "~": true, "null": true, "Null": true, "NULL": true}
	boolWords  = map[string]bool{"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true}
	floatWords = map[string]bool{
		".inf": true, ".Inf": true, ".INF": true, "+.inf": true, "+.Inf": true, "+.INF": true,
		"-.inf": true, "-.Inf": true, "-.INF": true, ".nan": true, ".NaN": true, ".NAN": true,
	}
)

// plainTag returns the tag kyaml's reader gives a plain scalar with this text.
func plainTag(text string) string {
	switch {
	case nullWords[text]:
		return NullTag
	case boolWords[text]:
		return BoolTag
	case floatWords[text]:
		return FloatTag
	case text == "<<":
		return MergeTag
	case !numberLike(text[0]):
		return StrTag
	case isTimestamp(text):
		return TimestampTag
	}
	return numberTag(strings.ReplaceAll(text, "_", ""))
}

// numberLike reports whether a scalar starting with c may be a number or a timestamp.
func numberLike(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}

// numberTag types digits whose underscores are gone.
func numberTag(digits string) string {
	if _, err := strconv.ParseInt(digits, 0, 64); err == nil {
		return IntTag
	}
	if _, err := strconv.ParseUint(digits, 0, 64); err == nil {
		return IntTag
	}
	if floatSpelling(digits) {
		if _, err := strconv.ParseFloat(digits, 64); err == nil {
			return FloatTag
		}
	}
	return StrTag
}

// floatSpelling reports whether s is spelt as a YAML 1.2 float: the pattern
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ (a sign, digits with a point before,
// among or after them, an exponent), written out rather than with package regexp (see
// merge3's kioSeparators).
func floatSpelling(s string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
