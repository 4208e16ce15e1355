package yamltree

// blockList reads a block list whose "-" indicators stand at column indent (0-based), the cursor
// at the first one.
func (r *reader) blockList(indent int) (*Node, error) {
	n := r.newNode(ListNode)
	n.Pos = r.pos()
	if err := r.enter(n.Pos); err != nil {
		return nil, err
	}
	defer func() { r.depth-- }()
	if err := r.spend(n.Pos, 1); err != nil {
		return nil, err
	}
	base := len(r.items)
	for {
		head := r.takeComments()
		r.at++ // the "-"
		item, err := r.blockNode(indent, afterDash)
		if err != nil {
			return nil, err
		}
		item.SetComment(HeadComment, joinComments(head, item.Comments().Head))
		r.items = append(r.items, item)
		if err := r.skipSpace(); err != nil {
			return nil, err
		}
		if r.eof() || r.at-r.lineStart != indent || r.peek() != '-' || !isBlankAt(r.text, r.at+1) {
			break
		}
	}
	n.Items = r.endItems(base)
	n.End = n.Items[len(n.Items)-1].End
	n.SetComment(FootComment, r.takeFoot(indent))
	return n, nil
}

// endItems returns the items collected on the reader's stack from base on, in a slice of their
// own, and takes them off the stack.
func (r *reader) endItems(base int) []*Node {
	items := r.items[base:]
	out := r.itemBlock(len(items))
	copy(out, items)
	clear(items)
	r.items = r.items[:base]
	return out
}
