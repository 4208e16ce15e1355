package ynode

import "testing"

// TestPlainTag pins the rows of resolve.go's table (observed with kyaml, checked against it by
// merge3diff's TestReaderMatchesKyaml).
func TestPlainTag(t *testing.T) {
	tests := map[string][]string{
		NullTag:      {"", "~", "null", "Null", "NULL"},
		BoolTag:      {"true", "True", "TRUE", "false", "False", "FALSE"},
		IntTag:       {"0", "-0", "+0", "0755", "0o17", "0O17", "0b101", "0x1f", "+0x1f", "1_000", "1_", "1__0", "0x_1f", "9223372036854775808"},
		FloatTag:     {"08", "1_000.5", "1.", "+.5", "5e-3", ".inf", "-.Inf", "+.INF", ".NaN", "-9223372036854775809", "18446744073709551616"},
		TimestampTag: {"2001-12-14", "2001-1-1", "2001-12-14T21:59:43Z", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10"},
		MergeTag:     {"<<"},
		StrTag: {"nulL", "tRue", "yes", "on", "y", "_1", "0x", "1e", "e3", "inf", "nan", "1e400", "0.0.1", "1:2", "0o8", "0b2",
			"2001-12-14T21:59:43", "2001-12-14 21:59:43.10Z", "2001-13-14", "12001-12-14", "=", "-", "é"},
	}
	for want, texts := range tests {
		for _, text := range texts {
			if got := plainTag(text); got != want {
				t.Errorf("plainTag(%q) = %s, want %s", text, got, want)
			}
		}
	}
}
