package schema

import (
	"fmt"
	"strconv"
)

// errorf returns an error without a position; callers place it with yamltree.Errorf.
func errorf(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// quote writes s as a Go string literal, for messages.
func quote(s string) string {
	return strconv.Quote(s)
}
