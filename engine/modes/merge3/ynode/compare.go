package ynode

import "strings"

// CompareText writes n as kyaml writes a value to compare it with another: the node itself in
// flow style or single quotes, its children as they are, comments included. Two values with
// the same text are the same value to kyaml (a changed comment is a change).
func CompareText(n *Node) string {
	text, _ := comparePrefix(n, 0)
	return text
}

// comparePrefix writes n's comparison text, or, when limit is not 0, at least its first limit
// bytes: the writer stops starting new entries once the text reaches limit, so what it wrote
// is the start of the whole text. whole reports that the text is all of it.
func comparePrefix(n *Node, limit int) (text string, whole bool) {
	c := *n
	switch c.Kind {
	case MapNode, ListNode:
		c.Style = Flow
	case ScalarNode:
		c.Style = SingleQuoted
	}
	w := &writer{line: 1, blankAt: -1, limit: limit}
	w.document(&c)
	return string(w.out), !w.full()
}

// firstCompareLimit is the length of comparison text SameText writes of each side first; it
// writes four times more while the starts are alike and neither text has ended.
const firstCompareLimit = 4 << 10

// SameText reports whether a and b have the same comparison text (CompareText(a) ==
// CompareText(b)), without writing it when they are alike node by node, and writing no further
// than a little past the first difference when they are not: so comparing two long lists that
// differ early, or that were read from the same text, costs little.
func SameText(a, b *Node) bool {
	if identical(a, b) {
		return true
	}
	for limit := firstCompareLimit; ; limit *= 4 {
		at, aWhole := comparePrefix(a, limit)
		bt, bWhole := comparePrefix(b, limit)
		switch {
		case aWhole && bWhole:
			return at == bt
		case aWhole != bWhole:
			// one text ended before limit, the other goes on past it
			return false
		case at[:limit] != bt[:limit]:
			return false
		}
	}
}

// ShortText returns the start of n's comparison text, spaces around it trimmed, abbreviated by
// cut when longer than max bytes (cut may look at the first max bytes only): the same as
// cut(strings.TrimSpace(CompareText(n))), without writing more of a long value than it needs.
func ShortText(n *Node, max int, cut func(string) string) string {
	for limit := 4 * max; ; limit *= 4 {
		text, whole := comparePrefix(n, limit)
		if whole {
			return cut(strings.TrimSpace(text))
		}
		// the whole text starts with text[:limit] (the writer may have closed brackets after
		// it); trimmed, the whole text starts with this and is as long at least
		if start := strings.TrimSpace(text[:limit]); len(start) > max {
			return cut(start)
		}
	}
}

// identical reports whether a and b are alike in everything the writer reads, their children
// too: then their texts are the same.
func identical(a, b *Node) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Tagged != b.Tagged || a.Anchor != b.Anchor ||
		a.Value != b.Value || a.HeadComment != b.HeadComment || a.LineComment != b.LineComment || a.FootComment != b.FootComment {
		return false
	}
	for i := range a.Content {
		if !identical(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}
