package shell

import "strings"

// plain reports whether a word reads the same unquoted: letters, digits and @ % _ + = : , . / -
// only, and not empty. Anything else (spaces, quotes, $, `, \, globs, newlines, non-ASCII) is
// quoted.
func plain(word string) bool {
	if word == "" {
		return false
	}
	for _, r := range word {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case strings.ContainsRune("@%_+=:,./-", r):
		default:
			return false
		}
	}
	return true
}

// Quote writes word as one shell word: as it is when it is plain, else in single quotes.
func Quote(word string) string {
	if plain(word) {
		return word
	}
	return "'" + strings.ReplaceAll(word, "'", `'\''`) + "'"
}

// Join writes words as one command line, each quoted as it needs.
func Join(words ...string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = Quote(w)
	}
	return strings.Join(quoted, " ")
}
