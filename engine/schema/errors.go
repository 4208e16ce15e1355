package schema

import (
	"strconv"
)

// quote writes s as a Go string literal, for messages.
func quote(s string) string {
	return strconv.Quote(s)
}
