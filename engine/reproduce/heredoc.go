package reproduce

import (
	"strconv"
	"strings"
)

// heredoc writes a command that writes text to file through a quoted here-document: the shell
// reads its lines as they are (no expansion of $, `, \). The delimiter is one no line of text
// is, so the text cannot end it early. text must end with a newline (the here-document adds
// none and the file gets text byte for byte).
func heredoc(file, text string) string {
	delim := "MERGEPLAY_EOF"
	for n := 1; holdsLine(text, delim); n++ {
		delim = "MERGEPLAY_EOF_" + strconv.Itoa(n)
	}
	return "cat > " + file + " <<'" + delim + "'\n" + text + delim + "\n"
}

// holdsLine reports whether a line of text is line.
func holdsLine(text, line string) bool {
	for _, l := range strings.Split(text, "\n") {
		if l == line {
			return true
		}
	}
	return false
}

// withNewline ends text with a newline when it does not end with one.
func withNewline(text string) string {
	if strings.HasSuffix(text, "\n") {
		return text
	}
	return text + "\n"
}
