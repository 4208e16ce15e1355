package ynode

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Where kyaml's reader attaches comments, observed with kyaml v0.21.2 (go.yaml.in/yaml/v3
// v3.0.5) reading through kio's ByteReader (scripts/conformance/merge3diff/probe -cases), and
// checked by merge3diff's TestReaderMatchesKyaml on thousands of texts:
//
//	"key: value # c", "- item # c"     the scalar's line comment (a flow collection's, after it)
//	"key: # c" over a block value      the key's line comment (also over nothing: "key: # c")
//	"- # c" over a block item          the first line of a comment group inside the item
//	"- # c" over an item on a later    the item's head comment, with the comment lines below it
//	line (a scalar, a flow one)        (a blank line after them is not kept)
//
// Comment lines form groups: consecutive lines, cut at a blank line and where a line starts left
// of the line before it. Each group attaches to one node. Between two keys or items, where P is
// the last key or item before the group and T the first after it:
//
//	blank line after, none before      a foot comment: of the deepest key or item closed before
//	                                   T, or of T's previous sibling, whose column is at most the
//	                                   group's; when none is, of T's previous sibling key (T a
//	                                   key) or of T itself (T a scalar item; T's first key or
//	                                   item, T a block one; nothing, T a flow one); with no
//	                                   previous sibling, T's head comment
//	otherwise                          the foot comment of the deepest key or item closed before
//	                                   T, right of T's column, whose column is at most the
//	                                   group's (the items of a list written with "- " at its
//	                                   key's column are not right of the next key); when none
//	                                   is, T's head comment
//
// A group followed by a blank line ends with an empty line ("# c\n") except as a foot comment
// chosen for that blank line. Only keys, scalar items and flow items take foot comments; a list
// item that is a map or list takes head comments. At the start of a document, the groups up to
// the last one a blank line follows are the document's head comment (unless the first document
// opens with "---"), the others the first key's or item's (after a comment on that "---" line);
// at the end of a document, a group
// after a blank line is the document's foot comment (not kept: kyaml does not write it in a
// merge3 result), one without is the foot comment of the deepest key or item still open whose
// column is at most its.

// group is a run of comment lines attached together.
type group struct {
	_                       incomparable.Field
	text                    string
	first, last, col        int
	blankBefore, blankAfter bool
}

// placeComments finds the comments of the document, attaches them, and returns the document's
// head comment.
func (r *reader) placeComments() string {
	start, end := r.start, r.end
	groups := r.groups(start, end)
	var docGroups []group
	next := 0 // the first anchor after the group at hand; groups and anchors are in line order
	for _, g := range groups {
		for next < len(r.anchors) && r.anchors[next].line <= g.first {
			next++
		}
		if item := r.dashHeads[g.first]; item != nil {
			addHead(item, g.text) // observed: "- # c" over "x" is written "# c" above "- x"
			continue
		}
		p, t := r.around(next, g)
		switch {
		case p == nil && t != nil:
			docGroups = append(docGroups, g)
		case p == nil:
		case t == nil:
			r.atEnd(p, g)
		default:
			r.between(p, t, g)
		}
	}
	head := r.docHead(docGroups, start)
	r.separatorComment()
	return head
}

// separatorComment attaches a comment on the stream's first line, "--- # c", as kyaml's reader
// does (observed with kyaml v0.21.2): first in the first key's or item's head comment, whatever
// follows it. kio drops such a comment on a later document's "---".
func (r *reader) separatorComment() {
	if r.start != 0 || len(r.anchors) == 0 || !strings.HasPrefix(r.src.text[0], "---") {
		return
	}
	if text, col := r.comment(0); col >= 0 {
		first := r.anchors[0].node
		if first.HeadComment != "" {
			text += "\n" + first.HeadComment
		}
		first.HeadComment = text
	}
}

// groups finds the comment lines between start and end, attaches the line comments, and returns
// the groups of the others.
func (r *reader) groups(start, end int) []group {
	var out []group
	var cur *group
	for l := start; l <= end; l++ {
		if r.line(l).opaque || (l == 0 && strings.HasPrefix(r.src.text[0], "---")) {
			cur = nil
			continue
		}
		text, col := r.comment(l)
		if col < 0 {
			if cur != nil && blankLine(r.src.text[l]) {
				cur.blankAfter = true
			}
			cur = nil
			continue
		}
		afterDash := !blankLine(string(r.src.runes(l)[:col])) // text before the comment
		if owner := r.line(l).owner; owner != nil && afterDash {
			owner.LineComment = text
			cur = nil
			continue
		}
		if cur != nil && col >= cur.col && cur.last == l-1 && !afterDash {
			cur.text += "\n" + text
			cur.last = l
			continue
		}
		blank := l > start && blankLine(r.src.text[l-1]) && !r.line(l-1).opaque
		out = append(out, group{text: text, first: l, last: l, col: col, blankBefore: blank})
		cur = &out[len(out)-1]
	}
	return out
}

// around returns the last key or item before a group (or the item whose "-" line the group
// starts on) and the first after it; next indexes the first anchor past the group's first line.
func (r *reader) around(next int, g group) (p, t *anchor) {
	if next > 0 {
		p = r.anchors[next-1]
	}
	for i := next; i < len(r.anchors); i++ {
		if r.anchors[i].line > g.last {
			return p, r.anchors[i]
		}
	}
	return p, nil
}

// between attaches a group that stands between p and t.
func (r *reader) between(p, t *anchor, g group) {
	closing, sibling := closed(p, t)
	if g.blankAfter && !g.blankBefore {
		candidates := closing
		if sibling != nil && sibling.target() {
			candidates = append(candidates, sibling)
		}
		if a := deepestAt(candidates, 0, g.col); a != nil {
			addFoot(a.node, g.text)
			return
		}
		switch {
		case sibling != nil && !t.item:
			addFoot(sibling.node, g.text)
		case sibling != nil:
			r.itemFoot(t, g.text)
		default:
			addHead(t.node, g.text+"\n")
		}
		return
	}
	text := g.text
	if g.blankAfter {
		text += "\n"
	}
	if a := deepestAt(closing, t.col+1, g.col); a != nil {
		addFoot(a.node, text)
		return
	}
	addHead(t.node, text)
}

// itemFoot gives a foot comment to an item: to a scalar item itself, to the first key or item
// inside a block map or list item; a flow item loses it (observed).
func (r *reader) itemFoot(t *anchor, text string) {
	switch {
	case t.node.Kind == ScalarNode:
		addFoot(t.node, text)
	case isBlock(t.node):
		for i, a := range r.anchors {
			if a == t && i+1 < len(r.anchors) && r.anchors[i+1].parent == t {
				addFoot(r.anchors[i+1].node, text)
			}
		}
	}
}

// closed returns the keys and items that take foot comments and close between p and t, deepest
// first, and t's previous sibling when p is it or inside it.
func closed(p, t *anchor) (closing []*anchor, sibling *anchor) {
	for a := p; a != nil; a = a.parent {
		if a == t.prev {
			return closing, a
		}
		if a.within(t) {
			return closing, nil
		}
		if a.target() {
			closing = append(closing, a)
		}
	}
	return closing, nil
}

// deepestAt returns the first anchor whose column is at least from and at most to.
func deepestAt(as []*anchor, from, to int) *anchor {
	for _, a := range as {
		if a.col >= from && a.col <= to {
			return a
		}
	}
	return nil
}

// atEnd attaches a group after the document's last key or item.
func (r *reader) atEnd(p *anchor, g group) {
	if g.blankBefore {
		return // the document's foot comment
	}
	var open []*anchor
	for a := p; a != nil; a = a.parent {
		if a.target() {
			open = append(open, a)
		}
	}
	if a := deepestAt(open, 0, g.col); a != nil {
		addFoot(a.node, g.text)
	} else if len(open) > 0 {
		addFoot(open[len(open)-1].node, g.text)
	}
}

// docHead splits the groups before the first key or item between the document's head comment
// and the first key's or item's.
func (r *reader) docHead(groups []group, start int) string {
	if len(groups) == 0 || len(r.anchors) == 0 {
		return ""
	}
	first := r.anchors[0]
	split := 0
	explicit := start == 0 && strings.HasPrefix(r.src.text[0], "---")
	for i, g := range groups {
		if g.blankAfter && !explicit {
			split = i + 1
		}
	}
	var head []string
	for _, g := range groups[:split] {
		head = append(head, g.text)
	}
	for _, g := range groups[split:] {
		text := g.text
		if g.blankAfter {
			text += "\n"
		}
		addHead(first.node, text)
	}
	return strings.Join(head, "\n\n")
}

func addHead(n *Node, text string) { n.HeadComment = join(n.HeadComment, text) }

func addFoot(n *Node, text string) { n.FootComment = join(n.FootComment, text) }

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}
