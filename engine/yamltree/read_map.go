package yamltree

// blockMap reads a block map whose keys stand at column indent (0-based). first is its first
// key when the caller read it already (the cursor then at its ":"), with its properties; nil
// when the map starts at the cursor.
func (r *reader) blockMap(indent int, first *Node, firstProps properties) (*Node, error) {
	at := r.pos()
	if first != nil {
		at = first.Pos
	}
	if err := r.enter(at); err != nil {
		return nil, err
	}
	defer func() { r.depth-- }()
	if err := r.spend(at, 1); err != nil {
		return nil, err
	}
	n := r.newNode(MapNode)
	n.Pos = at
	m := r.startMap(n)
	for {
		key, value, err := r.mapEntry(indent, first, firstProps)
		if err != nil {
			return nil, err
		}
		first = nil
		if err := r.addEntry(&m, key, value); err != nil {
			return nil, err
		}
		if err := r.skipSpace(); err != nil {
			return nil, err
		}
		if !r.nextEntry(indent, '?') {
			break
		}
	}
	return r.finishMap(&m, indent)
}

// nextEntry reports whether the content at the cursor is the next entry of a block collection
// indented indent; more indented content there is refused (by the caller's caller, which finds
// it unexpected).
func (r *reader) nextEntry(indent int, _ byte) bool {
	if r.eof() || r.at-r.lineStart != indent {
		return false
	}
	return !(r.peek() == '-' && isBlankAt(r.text, r.at+1))
}

// mapEntry reads one entry of a block map: its key (or the first one, read already) and its
// value.
func (r *reader) mapEntry(indent int, first *Node, firstProps properties) (key, value *Node, err error) {
	head := r.takeComments()
	if first == nil && r.peek() == '?' && isBlankAt(r.text, r.at+1) {
		key, value, err = r.explicitEntry(indent)
		if err == nil {
			key.SetComment(HeadComment, joinComments(head, key.Comments().Head))
		}
		return key, value, err
	}
	if first == nil {
		if first, firstProps, err = r.implicitKey(indent); err != nil {
			return nil, nil, err
		}
	}
	if key, err = r.finishKey(first, firstProps); err != nil {
		return nil, nil, err
	}
	key.SetComment(HeadComment, joinComments(head, key.Comments().Head))
	r.at++ // the ":"
	if value, err = r.blockNode(indent, afterColon); err != nil {
		return nil, nil, err
	}
	if value.Kind == ListNode && value.Style != Flow {
		value.IndentedItems = value.Pos.Column > key.Pos.Column
	}
	return key, value, nil
}

// implicitKey reads a key written without "?", up to its ":".
func (r *reader) implicitKey(indent int) (*Node, properties, error) {
	start := r.mark()
	props, err := r.readProperties()
	if err != nil {
		return nil, props, err
	}
	if !props.empty() && (r.eof() || r.peek() == '\n' || r.peek() == '#') {
		return nil, props, r.errorAt(props.at, "a tag or anchor alone on a line before a key: write it before the key, on its line")
	}
	switch c := r.peek(); {
	case c == '-' && isBlankAt(r.text, r.at+1):
		return nil, props, r.errorHere("a list item where a key was expected: a map and a list cannot share an indentation (did not find expected key)")
	case c == '|' || c == '>':
		return nil, props, r.errorHere("a block scalar where a key was expected (did not find expected key)")
	}
	key, isKey, err := r.keyOrScalar(indent, start)
	if err != nil {
		return nil, props, err
	}
	if !isKey {
		return nil, props, ErrorAt(key.Pos, "could not find expected ':' after this key: a map entry is written \"key: value\"")
	}
	return key, props, nil
}

// explicitEntry reads an entry written "? key" and, on a line of its own at the key's column,
// ": value".
func (r *reader) explicitEntry(indent int) (key, value *Node, err error) {
	r.at++ // the "?"
	r.inKey = true
	key, err = r.blockNode(indent, afterDash)
	r.inKey = false
	if err != nil {
		return nil, nil, err
	}
	if key.Kind != ScalarNode {
		return nil, nil, ErrorAt(key.Pos, "only scalar map keys are supported")
	}
	if key, err = r.keyOnly(key); err != nil {
		return nil, nil, err
	}
	if err = r.skipSpace(); err != nil {
		return nil, nil, err
	}
	if r.eof() || r.at-r.lineStart != indent || r.peek() != ':' || !isBlankAt(r.text, r.at+1) {
		return key, r.emptyNode(r.mark(), ""), nil
	}
	r.at++
	value, err = r.blockNode(indent, afterDash)
	return key, value, err
}

// finishKey gives a key its properties and the text it has once data is untyped (keyText).
func (r *reader) finishKey(key *Node, props properties) (*Node, error) {
	r.inKey = true
	key, err := r.applyProperties(key, props)
	r.inKey = false
	if err != nil {
		return nil, err
	}
	if err := r.spend(key.Pos, 1); err != nil {
		return nil, err
	}
	return r.keyOnly(key)
}

// keyOnly settles a key's text as the rules read it.
func (r *reader) keyOnly(key *Node) (*Node, error) {
	text, problem := r.opts.Rules.keyText(key)
	if problem != "" {
		return nil, ErrorAt(key.Pos, "unsupported map key "+key.Value+": "+problem)
	}
	key.Value = text
	key.Tag = StrTag
	return key, nil
}
