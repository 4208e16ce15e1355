package ynode

import "github.com/mergeplay/mergeplay/engine/yamltree"

// FromTree returns n, read by yamltree under YAML 1.2 rules, as yaml.v3 would have read it: tags
// resolved as yaml.v3 resolves them and comments on the nodes yaml.v3 puts them on. Every node
// remembers its source in Src. FromTree(nil) is nil.
func FromTree(n *yamltree.Node) *Node {
	if n == nil {
		return nil
	}
	out := convert(n)
	if out.Kind == MappingNode && out.HeadComment != "" && len(out.Content) > 0 {
		// a comment above a document's first key belongs to that key
		k := out.Content[0]
		k.HeadComment = join(out.HeadComment, k.HeadComment)
		out.HeadComment = ""
	}
	return out
}

func convert(n *yamltree.Node) *Node {
	switch n.Kind {
	case yamltree.MapNode:
		return convertMap(n)
	case yamltree.ListNode:
		return convertSeq(n)
	}
	return convertScalar(n)
}

func convertScalar(n *yamltree.Node) *Node {
	out := &Node{Kind: ScalarNode, Value: n.Value, Src: n,
		HeadComment: n.Comments.Head, LineComment: n.Comments.Line, FootComment: n.Comments.Foot}
	implicit := StrTag
	switch n.Style {
	case yamltree.SingleQuoted:
		out.Style = SingleQuotedStyle
	case yamltree.DoubleQuoted:
		out.Style = DoubleQuotedStyle
	case yamltree.Literal:
		out.Style = LiteralStyle
	case yamltree.Folded:
		out.Style = FoldedStyle
	default:
		implicit = Resolve(n.Value)
	}
	out.Tag = implicit
	if explicit := treeTag(n.Tag); explicitlyTagged(explicit, implicit) {
		out.Tag = explicit
		out.Style |= TaggedStyle
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

func convertMap(n *yamltree.Node) *Node {
	out := &Node{Kind: MappingNode, Tag: MapTag, Src: n, HeadComment: n.Comments.Head}
	if n.Style == yamltree.Flow {
		out.Style = FlowStyle
	}
	out.Content = make([]*Node, 0, 2*len(n.Fields))
	for _, f := range n.Fields {
		k := convertScalar(f.Key)
		v := convert(f.Value)
		if isBlockCollection(v) && v.LineComment != "" {
			// yaml.v3 keeps the comment of "key: # comment" on the key
			k.LineComment = join(k.LineComment, v.LineComment)
			v.LineComment = ""
		}
		out.Content = append(out.Content, k, v)
	}
	placeCollectionComments(out, n)
	return out
}

func convertSeq(n *yamltree.Node) *Node {
	out := &Node{Kind: SequenceNode, Tag: SeqTag, Src: n, HeadComment: n.Comments.Head}
	if n.Style == yamltree.Flow {
		out.Style = FlowStyle
	}
	out.Content = make([]*Node, 0, len(n.Items))
	for _, it := range n.Items {
		item := convert(it)
		if item.Kind == MappingNode && isBlockCollection(item) && item.LineComment != "" {
			// "- # comment" opening a map item: yaml.v3 reads it above the first key
			item.Content[0].HeadComment = join(item.LineComment, item.Content[0].HeadComment)
			item.LineComment = ""
		}
		out.Content = append(out.Content, item)
	}
	placeCollectionComments(out, n)
	return out
}

// placeCollectionComments moves a collection's line and foot comments where yaml.v3 keeps them.
func placeCollectionComments(out *Node, n *yamltree.Node) {
	line, foot := n.Comments.Line, n.Comments.Foot
	if out.Style == FlowStyle {
		// yamltree reads "key: [a, b] # c" as a head comment of the first item
		if first := firstChild(out); first != nil && first.Src != nil && first.Src.Pos.Line == n.Pos.Line {
			line = join(line, first.HeadComment)
			first.HeadComment = ""
		}
		out.LineComment = line
		out.FootComment = foot
		return
	}
	if len(out.Content) == 0 {
		out.LineComment, out.FootComment = line, foot
		return
	}
	out.LineComment = line
	if foot != "" {
		last := out.Content[len(out.Content)-1]
		if out.Kind == MappingNode {
			last = out.Content[len(out.Content)-2]
		}
		last.FootComment = join(last.FootComment, foot)
	}
}

func firstChild(n *Node) *Node {
	switch {
	case n.Kind == MappingNode && len(n.Content) >= 2:
		return n.Content[0]
	case n.Kind == SequenceNode && len(n.Content) > 0:
		return n.Content[0]
	}
	return nil
}

// isBlockCollection reports whether n is a map or a sequence written in block style.
func isBlockCollection(n *Node) bool {
	return (n.Kind == MappingNode || n.Kind == SequenceNode) && n.Style&FlowStyle == 0 && len(n.Content) > 0
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
