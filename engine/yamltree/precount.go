package yamltree

import "github.com/goccy/go-yaml/ast"

// precount counts, before anything is built, the nodes a document will expand to, keys and
// aliases included (an alias counts as many nodes as its anchor's value), and refuses the
// document where the stream's budget runs out. Building an expansion bomb up to the budget takes
// seconds in WebAssembly; counting its AST takes microseconds. left is the budget that remains;
// sizes holds each anchor's count. Nesting past MaxDepth is not followed: the build reports it.
func (b *builder) precount(n ast.Node, depth int, left *int, sizes map[string]int) error {
	if n == nil || depth > b.opts.MaxDepth {
		return nil
	}
	take := func(count int) error {
		*left -= count
		if *left < 0 {
			return b.errorAt(n.GetToken(), "the input expands to more than %d nodes (through aliases or sheer size); it is refused", b.opts.MaxNodes)
		}
		return nil
	}
	if err := take(1); err != nil {
		return err
	}
	switch x := n.(type) {
	case *ast.MappingNode:
		for _, mv := range x.Values {
			if err := b.precountEntry(mv, depth, left, sizes); err != nil {
				return err
			}
		}
	case *ast.MappingValueNode:
		return b.precountEntry(x, depth, left, sizes)
	case *ast.SequenceNode:
		for _, v := range x.Values {
			if err := b.precount(v, depth+1, left, sizes); err != nil {
				return err
			}
		}
	case *ast.AnchorNode:
		before := *left
		if err := b.precount(x.Value, depth, left, sizes); err != nil {
			return err
		}
		sizes[x.Name.GetToken().Value] = before - *left + 1
	case *ast.AliasNode:
		return take(sizes[x.Value.GetToken().Value])
	case *ast.TagNode:
		return b.precount(x.Value, depth, left, sizes)
	}
	return nil
}

// precountEntry counts a map entry: its key and its value.
func (b *builder) precountEntry(mv *ast.MappingValueNode, depth int, left *int, sizes map[string]int) error {
	if mv == nil {
		return nil
	}
	if err := b.precount(mv.Key, depth, left, sizes); err != nil {
		return err
	}
	return b.precount(mv.Value, depth+1, left, sizes)
}
