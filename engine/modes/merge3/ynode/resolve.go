package ynode

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// resolveWords are the plain scalars yaml.v3 resolves by table.
var resolveWords = map[string]string{
	"true": BoolTag, "True": BoolTag, "TRUE": BoolTag,
	"false": BoolTag, "False": BoolTag, "FALSE": BoolTag,
	"": NullTag, "~": NullTag, "null": NullTag, "Null": NullTag, "NULL": NullTag,
	".nan": FloatTag, ".NaN": FloatTag, ".NAN": FloatTag,
	".inf": FloatTag, ".Inf": FloatTag, ".INF": FloatTag,
	"+.inf": FloatTag, "+.Inf": FloatTag, "+.INF": FloatTag,
	"-.inf": FloatTag, "-.Inf": FloatTag, "-.INF": FloatTag,
}

var yamlStyleFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// Resolve returns the tag yaml.v3 gives a plain scalar with this text: the YAML 1.2 core schema
// (only true and false are booleans), plus timestamps, integers in every base strconv reads
// ("0755" is octal, as in YAML 1.1), binary and 0o octal, and "<<".
func Resolve(text string) string {
	if tag, ok := resolveWords[text]; ok {
		return tag
	}
	switch c := text[0]; {
	case c == '.':
		if _, err := strconv.ParseFloat(text, 64); err == nil {
			return FloatTag
		}
	case c == '+' || c == '-' || (c >= '0' && c <= '9'):
		return resolveNumber(text)
	}
	return StrTag
}

// resolveNumber resolves text starting with a sign or a digit.
func resolveNumber(text string) string {
	if isTimestamp(text) {
		return TimestampTag
	}
	plain := strings.ReplaceAll(text, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return IntTag
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return IntTag
	}
	if yamlStyleFloat.MatchString(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return FloatTag
		}
	}
	for _, p := range []struct {
		prefix string
		base   int
	}{{"0b", 2}, {"-0b", 2}, {"0o", 8}, {"-0o", 8}} {
		if digits, ok := strings.CutPrefix(plain, p.prefix); ok {
			if strings.HasPrefix(p.prefix, "-") {
				digits = "-" + digits
			}
			if _, err := strconv.ParseInt(digits, p.base, 64); err == nil {
				return IntTag
			}
			if _, err := strconv.ParseUint(digits, p.base, 64); err == nil {
				return IntTag
			}
		}
	}
	return StrTag
}

var timestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// isTimestamp reports whether yaml.v3 reads text as a timestamp.
func isTimestamp(text string) bool {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	if i != 4 || i == len(text) || text[i] != '-' {
		return false
	}
	for _, f := range timestampFormats {
		if _, err := time.Parse(f, text); err == nil {
			return true
		}
	}
	return false
}
