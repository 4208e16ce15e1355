package verb

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestVerbsWriteWhatFmtWrites(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{Quotes(nil), fmt.Sprintf("%q", []string(nil))},
		{Quotes([]string{"a", "b c", "é\x00"}), fmt.Sprintf("%q", []string{"a", "b c", "é\x00"})},
		{Hex(0x7f, 2), fmt.Sprintf("%02x", 0x7f)},
		{Hex(0x5, 4), fmt.Sprintf("%04x", 0x5)},
		{Hex(0x12345, 4), fmt.Sprintf("%04x", 0x12345)},
		{HEX(0xab, 2), fmt.Sprintf("%02X", 0xab)},
		{HEX(0x2028, 4), fmt.Sprintf("%04X", 0x2028)},
		{HEX(0x1f600, 8), fmt.Sprintf("%08X", 0x1f600)},
		{Unicode(0x85), fmt.Sprintf("%U", rune(0x85))},
		{Unicode(0x1f600), fmt.Sprintf("%U", rune(0x1f600))},
		{Unicode(-1), fmt.Sprintf("%U", rune(-1))},
		{Int(42, 20), fmt.Sprintf("%020d", int64(42))},
		{Int(-42, 20), fmt.Sprintf("%020d", int64(-42))},
		{Int(1<<62+7, 20), fmt.Sprintf("%020d", int64(1<<62+7))},
		{Value(nil), fmt.Sprintf("%v", nil)},
		{Value(errors.New("boom")), fmt.Sprintf("%v", errors.New("boom"))},
		{Value("a string"), fmt.Sprintf("%v", "a string")},
		{Value(7), fmt.Sprintf("%v", 7)},
		{Wrap("reading: ", io.EOF).Error(), fmt.Errorf("reading: %w", io.EOF).Error()},
	}
	for i, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("case %d: got %q, want %q", i, tc.got, tc.want)
		}
	}
}

func TestWrapUnwraps(t *testing.T) {
	if err := Wrap("reading: ", io.EOF); !errors.Is(err, io.EOF) {
		t.Errorf("Wrap(%q, io.EOF) does not unwrap to io.EOF", "reading: ")
	}
}
