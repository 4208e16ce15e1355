package ynode

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Source is the text a tree was read from, split in lines (NewSource); nil when unknown.
type Source []string

// NewSource splits text in lines.
func NewSource(text string) Source {
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// FromTree returns n, read by yamltree under YAML 1.2 rules, as yaml.v3 would have read it: tags
// resolved as yaml.v3 resolves them and comments on the nodes yaml.v3 puts them on. source is the
// text n was read from, when known: it tells "- # comment" (a comment yaml.v3 gives the item's
// first key) from a comment above the "-", which yamltree reads alike. Every node remembers its
// source in Src. FromTree(nil, ...) is nil.
func FromTree(n *yamltree.Node, source Source) *Node {
	if n == nil {
		return nil
	}
	c := converter{lines: source}
	out := c.convert(n)
	if foot := takeFoot(out); foot != "" {
		// comments after a document's content: yaml.v3 gives them to the last entry
		last := out.Content[len(out.Content)-1]
		if out.Kind == MapNode {
			last = out.Content[len(out.Content)-2]
		}
		last.FootComment = join(last.FootComment, foot)
	}
	if out.Kind == MapNode && out.HeadComment != "" && len(out.Content) > 0 {
		// a comment above a document's first key belongs to that key
		k := out.Content[0]
		k.HeadComment = join(out.HeadComment, k.HeadComment)
		out.HeadComment = ""
	}
	return out
}

// converter converts one tree; lines are its source's lines, nil when unknown.
type converter struct {
	lines Source
}

func (c converter) convert(n *yamltree.Node) *Node {
	switch n.Kind {
	case yamltree.MapNode:
		return c.convertMap(n)
	case yamltree.ListNode:
		return c.convertSeq(n)
	}
	return convertScalar(n)
}

// convertKey converts a map key: yamltree types every key as a string, so its tag says nothing.
func convertKey(n *yamltree.Node) *Node {
	k := convertScalar(n)
	if k.Tagged {
		k.Tagged = false
		k.Tag = plainTag(k.Value)
	}
	return k
}

func convertScalar(n *yamltree.Node) *Node {
	out := &Node{Kind: ScalarNode, Value: n.Value, Src: n,
		HeadComment: n.Comments.Head, LineComment: n.Comments.Line, FootComment: n.Comments.Foot}
	implicit := StrTag
	switch n.Style {
	case yamltree.SingleQuoted:
		out.Style = SingleQuoted
	case yamltree.DoubleQuoted:
		out.Style = DoubleQuoted
	case yamltree.Literal:
		out.Style = Literal
	case yamltree.Folded:
		out.Style = Folded
	default:
		implicit = plainTag(n.Value)
	}
	out.Tag = implicit
	if explicit := treeTag(n.Tag); explicitlyTagged(explicit, implicit) {
		out.Tag = explicit
		out.Tagged = true
	}
	return out
}

// explicitlyTagged reports whether a scalar yamltree read as tag, where its text alone reads
// as implicit, must have carried an explicit tag (!!str 3, !!int "3").
func explicitlyTagged(tag, implicit string) bool {
	switch {
	case tag == implicit:
		return false
	case tag == StrTag:
		return implicit != TimestampTag // yamltree keeps timestamps as strings
	case tag == FloatTag && implicit == IntTag:
		return true
	}
	return implicit == StrTag
}

func treeTag(t yamltree.Tag) string {
	switch t {
	case yamltree.IntTag:
		return IntTag
	case yamltree.FloatTag:
		return FloatTag
	case yamltree.BoolTag:
		return BoolTag
	case yamltree.NullTag:
		return NullTag
	}
	return StrTag
}

func (c converter) convertMap(n *yamltree.Node) *Node {
	out := &Node{Kind: MapNode, Tag: MapTag, Src: n, HeadComment: n.Comments.Head}
	if n.Style == yamltree.Flow {
		out.Style = Flow
	}
	out.Content = make([]*Node, 0, 2*len(n.Fields))
	var trailing string // comments yamltree read after the previous entry
	for i, f := range n.Fields {
		k := convertKey(f.Key)
		v := c.convert(f.Value)
		k.HeadComment = join(trailing, k.HeadComment)
		// (after "key:" with nothing, yaml.v3 keeps even such comments above the next key)
		if above, col := c.splitAtBlank(k, f.Key.Pos.Line); above != "" && i > 0 && !isImplicitNull(out.Content[len(out.Content)-1]) {
			// comments followed by a blank line are yaml.v3's foot comment of the entry before,
			// at the comment's depth
			owner := level(out.Content[len(out.Content)-2], out.Content[len(out.Content)-1], col)
			owner.FootComment = join(owner.FootComment, above)
		} else if above != "" {
			k.HeadComment = join(above, k.HeadComment)
		}
		if (isBlockCollection(v) || isImplicitNull(v)) && v.LineComment != "" {
			// yaml.v3 keeps the comment of "key: # comment" on the key
			k.LineComment = join(k.LineComment, v.LineComment)
			v.LineComment = ""
		}
		// a comment after an entry, not followed by a blank line, is yaml.v3's head comment of
		// the next entry; yamltree, which does not see blank lines, reads it as the entry's foot
		trailing = join(k.FootComment, takeFoot(v))
		k.FootComment = ""
		out.Content = append(out.Content, k, v)
	}
	if trailing != "" && len(out.Content) > 0 {
		last := c.footHolder(out.Content[len(out.Content)-2], out.Content[len(out.Content)-1], trailing)
		last.FootComment = join(last.FootComment, trailing)
	}
	c.placeCollectionComments(out, n)
	return out
}

func (c converter) convertSeq(n *yamltree.Node) *Node {
	out := &Node{Kind: ListNode, Tag: SeqTag, Src: n, HeadComment: n.Comments.Head}
	if n.Style == yamltree.Flow {
		out.Style = Flow
	}
	out.Content = make([]*Node, 0, len(n.Items))
	var trailing string
	for i, it := range n.Items {
		item := c.convert(it)
		item.HeadComment = join(trailing, item.HeadComment)
		if above, col := c.splitAtBlank(item, it.Pos.Line); above != "" && i > 0 {
			owner := level(out.Content[len(out.Content)-1], out.Content[len(out.Content)-1], col)
			owner.FootComment = join(owner.FootComment, above)
		} else if above != "" {
			item.HeadComment = join(above, item.HeadComment)
		}
		if item.Kind == MapNode && isBlockCollection(item) {
			c.inlineItemComment(item)
		}
		trailing = takeFoot(item)
		out.Content = append(out.Content, item)
	}
	if trailing != "" && len(out.Content) > 0 {
		last := out.Content[len(out.Content)-1]
		last = c.footHolder(last, last, trailing)
		last.FootComment = join(last.FootComment, trailing)
	}
	c.placeCollectionComments(out, n)
	return out
}

// footHolder returns the node yaml.v3 gives comment, which follows the last entry of a
// collection (holder, with value value): when more content follows the comment (an entry of an
// enclosing collection), the innermost last node of value; after a blank line or at the end of
// the document, holder (see level). yaml.v3's rules for such comments have more corners
// than these; a comment after a nested block may land elsewhere than kyaml puts it.
func (c converter) footHolder(holder, value *Node, comment string) *Node {
	if value.Src == nil || c.lines == nil || !isBlockCollection(value) {
		return holder
	}
	at := lastLine(value.Src) // 0-based index of the line after the value
	col := -1
	for left := strings.Count(comment, "\n") + 1; at < len(c.lines) && left > 0; at++ {
		text := strings.TrimSpace(c.lines[at])
		if !strings.HasPrefix(text, "#") {
			return holder
		}
		if col < 0 {
			col = len(c.lines[at]) - len(strings.TrimLeft(c.lines[at], " ")) + 1
		}
		left--
	}
	next := ""
	if at < len(c.lines) {
		next = strings.TrimSpace(c.lines[at])
	}
	if next == "" || strings.HasPrefix(next, "---") || strings.HasPrefix(next, "...") {
		return level(holder, value, col) // kio reads each document alone: "---" ends it
	}
	return innermost(value)

}

// level returns the node yaml.v3 gives a comment at column col, found after holder (a key, or an
// item) when a blank line or the end of the document follows: holder, or the last item of a
// sequence of scalars when the comment stands at its "-" column.
func level(holder, value *Node, col int) *Node {
	if value.Kind != ListNode || !isBlockCollection(value) || value.Src == nil {
		return holder
	}
	if last := value.Content[len(value.Content)-1]; last.Kind == ScalarNode && col >= value.Src.Pos.Column {
		return last
	}
	return holder
}

// innermost returns the last node of a block collection that can hold a foot comment: the last
// key of a map, the last item of a sequence, descending into block collections.
func innermost(n *Node) *Node {
	for isBlockCollection(n) {
		if n.Kind == MapNode {
			if v := n.Content[len(n.Content)-1]; isBlockCollection(v) {
				n = v
				continue
			}
			return n.Content[len(n.Content)-2]
		}
		if item := n.Content[len(n.Content)-1]; isBlockCollection(item) {
			n = item
			continue
		}
		return n.Content[len(n.Content)-1]
	}
	return n
}

// lastLine is the last line (1-based) a node takes in its source.
func lastLine(n *yamltree.Node) int {
	last := n.Pos.Line
	for _, f := range n.Fields {
		last = max(last, lastLine(f.Value))
	}
	for _, it := range n.Items {
		last = max(last, lastLine(it))
	}
	if n.Style == yamltree.Literal || n.Style == yamltree.Folded {
		last = n.Pos.Line + strings.Count(strings.TrimRight(n.Value, "\n"), "\n") + 1
	}
	return last
}

// splitAtBlank keeps in n's head comment the comment lines right above line (n's first line in
// the source) and returns those above the nearest blank line, with the column they start at:
// yaml.v3 ends a head comment at a blank line, which yamltree does not see.
func (c converter) splitAtBlank(n *Node, line int) (string, int) {
	if c.lines == nil || n.HeadComment == "" {
		return "", 0
	}
	comments := strings.Split(n.HeadComment, "\n")
	below := 0
	for at := line - 2; at >= 0 && at < len(c.lines); at-- {
		text := strings.TrimSpace(c.lines[at])
		switch {
		case text == "":
			n.HeadComment = strings.Join(comments[len(comments)-below:], "\n")
			return strings.Join(comments[:len(comments)-below], "\n"), c.commentColumn(at)
		case strings.HasPrefix(text, "#"):
			if below++; below >= len(comments) {
				return "", 0
			}
		default:
			return "", 0
		}
	}
	return "", 0
}

// commentColumn returns the column of the comment line nearest above line index at.
func (c converter) commentColumn(at int) int {
	for ; at >= 0; at-- {
		if text := strings.TrimSpace(c.lines[at]); strings.HasPrefix(text, "#") {
			return len(c.lines[at]) - len(strings.TrimLeft(c.lines[at], " ")) + 1
		}
	}
	return 0
}

// DocumentHead returns the comment yaml.v3 gives a document itself: the comment lines at its
// start followed by a blank line, which yamltree reads as the head comment of the first key (and
// which DocumentHead takes from it). The writer puts a blank line after it.
func DocumentHead(root *Node, source Source) string {
	if root == nil || root.Kind != MapNode || len(root.Content) == 0 || root.Content[0].Src == nil {
		return ""
	}
	k := root.Content[0]
	head, _ := converter{lines: source}.splitAtBlank(k, k.Src.Pos.Line)
	return head
}

// takeFoot removes and returns the foot comment yamltree gave a collection.
func takeFoot(n *Node) string {
	if n.Kind != MapNode && n.Kind != ListNode {
		return ""
	}
	foot := n.FootComment
	n.FootComment = ""
	return foot
}

// inlineItemComment moves the comment of "- # comment", which opens a map item, to the item's
// first key, where yaml.v3 reads it (yamltree reads it as the item's, or loses it); comments
// above the "-" stay the item's.
func (c converter) inlineItemComment(item *Node) {
	first := item.Content[0]
	if item.LineComment != "" {
		first.HeadComment = join(item.LineComment, first.HeadComment)
		item.LineComment = ""
	}
	comment := c.dashComment(first)
	if comment == "" {
		return
	}
	// yamltree may have read it as the item's comment, unless the same text stands above the "-"
	if lines := strings.Split(item.HeadComment, "\n"); lines[len(lines)-1] == comment && !c.commentAt(first.Src.Pos.Line-3, comment) {
		item.HeadComment = strings.Join(lines[:len(lines)-1], "\n")
	}
	first.HeadComment = join(comment, first.HeadComment)
}

// commentAt reports whether source line index at holds comment.
func (c converter) commentAt(at int, comment string) bool {
	return at >= 0 && at < len(c.lines) && strings.TrimSpace(c.lines[at]) == comment
}

// dashComment returns the comment on the line above key when that line is "- # comment".
func (c converter) dashComment(key *Node) string {
	if key.Src == nil || c.lines == nil {
		return ""
	}
	at := key.Src.Pos.Line - 2 // the line above the key, 0-based
	if at < 0 || at >= len(c.lines) {
		return ""
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(c.lines[at]), "-")
	rest = strings.TrimSpace(rest)
	if !ok || !strings.HasPrefix(rest, "#") {
		return ""
	}
	return rest
}

// placeCollectionComments moves a collection's line and foot comments where yaml.v3 keeps them.
func (c converter) placeCollectionComments(out *Node, n *yamltree.Node) {
	line, foot := n.Comments.Line, n.Comments.Foot
	if out.Style == Flow {
		// yamltree reads "key: [a, b] # c" as a head comment of the first item, and
		// "key: [] # c" as a foot comment
		if first := firstChild(out); first != nil && first.Src != nil && first.Src.Pos.Line == n.Pos.Line {
			line = join(line, first.HeadComment)
			first.HeadComment = ""
		}
		if foot != "" && line == "" && c.commentAfter(n) {
			lines := strings.SplitN(foot, "\n", 2)
			line, foot = lines[0], ""
			if len(lines) == 2 {
				foot = lines[1]
			}
		}
	}
	out.LineComment, out.FootComment = line, foot
}

// commentAfter reports whether a comment follows flow collection n on the line it starts on.
func (c converter) commentAfter(n *yamltree.Node) bool {
	at := n.Pos.Line - 1
	if c.lines == nil || at < 0 || at >= len(c.lines) || n.Pos.Column < 1 || n.Pos.Column > len(c.lines[at]) {
		return false
	}
	text := c.lines[at][n.Pos.Column-1:]
	depth, quote := 0, byte(0)
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '[' || ch == '{':
			depth++
		case ch == ']' || ch == '}':
			if depth--; depth == 0 {
				return strings.HasPrefix(strings.TrimSpace(text[i+1:]), "#")
			}
		}
	}
	return false
}

func firstChild(n *Node) *Node {
	switch {
	case n.Kind == MapNode && len(n.Content) >= 2:
		return n.Content[0]
	case n.Kind == ListNode && len(n.Content) > 0:
		return n.Content[0]
	}
	return nil
}

// isImplicitNull reports a null written as nothing ("key:").
func isImplicitNull(n *Node) bool {
	return n.Kind == ScalarNode && n.Tag == NullTag && n.Value == "" && n.Style == 0
}

// isBlockCollection reports whether n is a map or a sequence written in block style.
func isBlockCollection(n *Node) bool {
	return (n.Kind == MapNode || n.Kind == ListNode) && n.Style != Flow && len(n.Content) > 0
}

func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}
