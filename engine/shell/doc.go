// Package shell writes words for a POSIX shell (sh, dash, bash in POSIX mode): a word that needs
// no quoting stays as it is, any other goes in single quotes, where nothing is special but the
// single quote itself, written as a closing quote, a backslash-escaped quote and an opening quote. Newlines, $(...),
// backticks, double quotes and backslashes inside single quotes are plain text, so a quoted word
// can never end early or run anything. Package reproduce writes whole scripts with it; package
// command writes the command lines a response shows.
package shell
