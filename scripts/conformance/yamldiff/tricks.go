package yamldiff

import "fmt"

// A trick is how a class writes its slot: the slot, the text, and a plain spelling of another
// value for the inputs that do not carry the trick.
type trick struct {
	slot        slot
	text, plain string
}

// The spellings of each class. Every value is one the API server accepts in its slot.
var (
	bool11Spellings = []string{"on", "off", "yes", "no", "y", "n", "Y", "N", "On", "OFF", "Yes", "NO",
		"True", "FALSE", "true", "false", "!!bool yes", "!!bool \"off\"", "!!bool n", "!<tag:yaml.org,2002:bool> on"}
	number11Spellings = []string{"010", "0755", "0x1F", "0X1a", "0o17", "0b101", "1_000", "+12", "00",
		"!!int \"12\"", "!!int 0x10", "!<tag:yaml.org,2002:int> '7'", "3", "0"}
	bigNumbers = []string{"9007199254740993", "9007199254740992", "-9007199254740993", "9223372036854775807",
		"9223372036854775808", "18446744073709551615", "18446744073709551616", "-9223372036854775808",
		"-9223372036854775809", "-0.0", "0.0", "-0", "1.5e300", "1e3", ".5", "+.5", "1.", "1_000.5",
		"123456789012345678901234567890", "0.1", "-1.25e-7"}
	tagSpellings = []string{"!!binary aGVsbG8=", "!!binary |\n  aGVs\n  bG8=", "!!binary /w==", "!!binary ''",
		"!<tag:yaml.org,2002:str> 12", "!!str 0755", "!!str yes", "!!str ~", "!!str", "!foo bar", "!<!foo> bar",
		"!!str 1e3", "!<tag:yaml.org,2002:str> true", "!!binary \"aGk=\""}
	keySpellings = []string{"on", "yes", "y", "N", "0x10", "010", "1e3", "1.5", ".inf", "-.Inf", ".NaN", "+.inf",
		"9223372036854775807", "18446744073709551616", "-9223372036854775809", "12", "true", "'on'", "\"~\"",
		"!!str 12", "key_with_underscore", "2001-12-14"}
	stringSpellings = []string{
		"a\tb", "\"x\ty\"", "\"\\tx\"", "\"x\\ty\"", "'it''s'", "\"a\\\"b\"", "\"\\x41\\u00e9\\U0001F600\"",
		"\"\\0\\a\\b\\v\\f\\e\\N\\_\\L\\P\"", "\"line\\nbreak\"", "\"x\\'y\"",
		"\"fold\n  ed\"", "\"para\n\n  graph\"", "\"esc\\\n  aped\"", "'single\n  folded'",
		"|\n  literal\n  text", "|-\n  stripped", "|+\n  kept\n", "|+", "|+\n", "|-", "|2\n    indented\n  less",
		">\n  folded\n  text", ">\n  trailing  \n  spaces  ", ">-\n  x\n\n  y", "plain\n  continued",
		"\"é😀\"", "\"<html> & stuff\"", "\"#not-a-comment\"", "x #comment", "\"0755\"", "\"on\"", "'yes'",
		"\"1e3\"", "\"\"", "''", "\" \"", "\"trailing \"", "2001-12-14", "\"2001-12-14T21:59:43Z\"",
		"http://example.com/a?b=c", "- not a list", "\"a: b\"", "\"[x]\"", "'{y}'", "\"x\\u00a0y\"",
	}
)

// Refused texts: legal-looking YAML both references refuse, each with a note of the rule.
var refusedSpellings = []string{
	"\"\\/\"", "\"\\uZZZZ\"", "\"\\xZZ\"", "\"\\uDFFF\"", "\"\\U00110000\"", "\"\\c\"", "\"x\x01y\"", "x\x7fy",
	"x\u0080y", "x\ufffey", "%x", "!e!foo x", ".inf", "-.Inf", ".NaN", "!!float .nan", "!!int abc",
	"!!binary abc", "!!binary 'aGVs bG8='", "@x", "`x`",
}

// boolTrick writes a boolean field with a YAML 1.1 spelling.
func boolTrick(d *dice) trick {
	s := pick(d, boolSlot, anySlot)
	return trick{slot: s, text: pick(d, bool11Spellings...), plain: pick(d, "true", "false")}
}

// numberTrick writes an integer field with a YAML 1.1 spelling.
func numberTrick(d *dice) trick {
	s := pick(d, intSlot, anySlot)
	return trick{slot: s, text: pick(d, number11Spellings...), plain: fmt.Sprint(1 + d.intn(5))}
}

// bigTrick writes a number past float64's exact range, a negative zero or an odd float in a
// custom resource's field.
func bigTrick(d *dice) trick {
	return trick{slot: anySlot, text: pick(d, bigNumbers...), plain: fmt.Sprint(d.intn(100))}
}

// tagTrick writes a string through a tag.
func tagTrick(d *dice) trick {
	return trick{slot: pick(d, stringSlot, anySlot), text: pick(d, tagSpellings...), plain: "plain"}
}

// keyTrick writes a key that kubectl converts.
func keyTrick(d *dice) trick {
	return trick{slot: pick(d, keySlot, anyKeySlot), text: pick(d, keySpellings...), plain: "key"}
}

// stringTrick writes a string with tabs, escapes, folding, block scalars.
func stringTrick(d *dice) trick {
	return trick{slot: pick(d, stringSlot, anySlot), text: pick(d, stringSpellings...), plain: "\"plain\""}
}

// refusedTrick writes text both references refuse.
func refusedTrick(d *dice) trick {
	return trick{slot: pick(d, stringSlot, anySlot), text: pick(d, refusedSpellings...), plain: "plain"}
}
