package linediff

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Named is one resource's text, by the resource's name.
type Named struct {
	_          incomparable.Field
	Name, Text string
}

// Resources compares live's resources with the documents of a result stream, resource by
// resource, which keeps a long stream fast: names[i] is the resource of the result's document i
// (the documents are cut at the "---" lines between them), each compared with live's resource of
// that name (none: all inserted), with an equal "---" between documents; then live's resources
// the result lacks, deleted, each after a "---". When names does not name every document, the
// texts are compared whole. Both sides must be written by the same writer: a line that did not
// change then reads the same on both.
func Resources(live []Named, result string, names []string) []Hunk {
	return resources(live, result, names, func(_, before, after string) []Hunk { return Diff(before, after) })
}

// resources is Resources, each document compared by diff.
func resources(live []Named, result string, names []string, diff func(name, before, after string) []Hunk) []Hunk {
	if result == "" {
		return []Hunk{}
	}
	results := documents(result)
	if len(names) != len(results) {
		texts := make([]string, len(live))
		for i, l := range live {
			texts[i] = l.Text
		}
		return Diff(strings.Join(texts, "---\n"), result)
	}
	byName := make(map[string]string, len(live))
	for _, l := range live {
		byName[l.Name] = l.Text
	}
	hunks := []Hunk{}
	seen := make(map[string]bool, len(names))
	for i, name := range names {
		if i > 0 {
			hunks = append(hunks, Hunk{Op: Equal, Lines: []string{"---"}})
		}
		hunks = append(hunks, diff(name, byName[name], results[i])...)
		seen[name] = true
	}
	for _, l := range live {
		if !seen[l.Name] {
			hunks = append(hunks, Diff("---\n"+l.Text, "")...)
		}
	}
	return hunks
}

// documents cuts a written stream into its documents at the "---" lines between them (parts of
// text, not copies).
func documents(text string) []string {
	var docs []string
	start := 0
	for i := 0; i < len(text); {
		end := strings.IndexByte(text[i:], '\n')
		if end < 0 {
			break
		}
		next := i + end + 1
		if text[i:next] == "---\n" {
			docs = append(docs, text[start:i])
			start = next
		}
		i = next
	}
	return append(docs, text[start:])
}
