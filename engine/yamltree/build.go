package yamltree

import (
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// builder turns one document's goccy AST into Nodes.
type builder struct {
	input      Input
	lineOffset int
	opts       Options
	budget     *int
	anchors    map[string]anchored
	lines      []string // the document's source lines, for the block-scalar guard and quoted scalars
	repaired   repairs  // values of block scalars whose header parseRepaired rewrote
	inKey      bool     // a map key is being read: its text is settled by keyText
}

func (b *builder) pos(tk *token.Token) Pos {
	if tk == nil {
		return Pos{Input: b.input}
	}
	return Pos{Input: b.input, Line: tk.Position.Line + b.lineOffset, Column: tk.Position.Column}
}

func (b *builder) errorAt(tk *token.Token, format string, args ...any) *Error {
	return Errorf(b.pos(tk), format, args...)
}

// spend takes n nodes from the stream's budget.
func (b *builder) spend(tk *token.Token, n int) error {
	*b.budget -= n
	if *b.budget < 0 {
		return b.errorAt(tk, "the input expands to more than %d nodes (through aliases or sheer size); it is refused", b.opts.MaxNodes)
	}
	return nil
}

// node converts any value node.
func (b *builder) node(n ast.Node, depth int) (*Node, error) {
	if depth > b.opts.MaxDepth {
		return nil, b.errorAt(n.GetToken(), "nesting deeper than %d levels is refused", b.opts.MaxDepth)
	}
	if err := b.spend(n.GetToken(), 1); err != nil {
		return nil, err
	}
	switch x := n.(type) {
	case *ast.MappingNode:
		return b.mapping(x, depth)
	case *ast.MappingValueNode:
		// a single "key: value" written where a map is expected
		return b.mapping(&ast.MappingNode{BaseNode: x.BaseNode, Start: x.Start, Values: []*ast.MappingValueNode{x}}, depth)
	case *ast.SequenceNode:
		return b.sequence(x, depth)
	case *ast.AnchorNode:
		return b.anchor(x, depth)
	case *ast.AliasNode:
		return b.alias(x)
	case *ast.TagNode:
		return b.tagged(x, depth)
	case *ast.LiteralNode:
		return b.literal(x), nil
	case ast.ScalarNode:
		return b.scalar(x)
	}
	return nil, b.errorAt(n.GetToken(), "unsupported YAML construct %s", n.Type())
}

func (b *builder) anchor(x *ast.AnchorNode, depth int) (*Node, error) {
	if x.Value == nil {
		n := &Node{Kind: ScalarNode, Tag: NullTag, Pos: b.pos(x.GetToken())}
		b.anchors[x.Name.GetToken().Value] = anchored{node: n, size: 1}
		return n, nil
	}
	n, err := b.node(x.Value, depth)
	if err != nil {
		return nil, err
	}
	b.anchors[x.Name.GetToken().Value] = anchored{node: n, size: n.Size()}
	return n, nil
}

func (b *builder) alias(x *ast.AliasNode) (*Node, error) {
	name := x.Value.GetToken().Value
	target, ok := b.anchors[name]
	if !ok {
		return nil, b.errorAt(x.GetToken(), "alias *%s refers to no anchor defined before it", name)
	}
	if err := b.spend(x.GetToken(), target.size); err != nil {
		return nil, err
	}
	return target.node.Clone(), nil
}

func (b *builder) tagged(x *ast.TagNode, depth int) (*Node, error) {
	written := x.Start.Value
	if undefinedHandle(written) {
		return nil, b.errorAt(x.GetToken(), "found undefined tag handle in %s: only ! and !! are defined (kubectl and kyaml refuse it)", written)
	}
	var n *Node
	if x.Value == nil {
		n = &Node{Kind: ScalarNode, Tag: NullTag, Pos: b.pos(x.GetToken())}
	} else {
		var err error
		inKey := b.inKey
		b.inKey = true // the tag, not the plain text, decides the value: settled below
		n, err = b.node(x.Value, depth)
		b.inKey = inKey
		if err != nil {
			return nil, err
		}
	}
	n.ExplicitTag = written
	name := coreTagName(written)
	want, core := coreTags[name]
	if !core || n.Kind != ScalarNode {
		return n, nil // custom tags and collection tags are read as untagged
	}
	if b.opts.Rules == YAML12 {
		// kyaml keeps the tag as written, even one it cannot decode (!!int abc)
		if want == StrTag || want == b.opts.Rules.resolveTagged(want, n.Value) {
			n.Tag = want
		}
		return n, nil
	}
	if name == "binary" {
		return b.binary(x, n)
	}
	if want != StrTag && want != b.opts.Rules.resolveTagged(want, n.Value) {
		return nil, b.errorAt(x.GetToken(), "cannot read %q as !!%s", n.Value, name)
	}
	n.Tag = want
	if want == StrTag {
		return n, nil
	}
	if !b.inKey {
		if err := settle11(n); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// binary decodes a !!binary scalar as kubectl does: its base64 text (white space ignored) becomes
// the string of the bytes, each byte that is not part of valid UTF-8 written as U+FFFD, as JSON
// writes it.
func (b *builder) binary(x *ast.TagNode, n *Node) (*Node, error) {
	// kubectl's reader accepts a block scalar of base64 lines but refuses a space inside them
	data, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(n.Value, "\n", ""))
	if err != nil {
		return nil, b.errorAt(x.GetToken(), "!!binary value contains invalid base64 data")
	}
	var text strings.Builder
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size <= 1 {
			text.WriteRune(utf8.RuneError)
		} else {
			text.Write(data[:size])
		}
		data = data[size:]
	}
	n.Tag, n.Value = StrTag, text.String()
	if n.Style == Plain || n.Style == Literal || n.Style == Folded {
		n.Style = Plain
	}
	return n, nil
}

func (b *builder) scalar(x ast.ScalarNode) (*Node, error) {
	tk := x.GetToken()
	n := &Node{Kind: ScalarNode, Pos: b.pos(tk)}
	if v, ok := b.repaired[[2]int{tk.Position.Line, tk.Position.Column}]; ok {
		n.Tag, n.Style, n.Value = StrTag, Literal, v
		b.lineComment(n, x.GetComment(), n.Pos.Line)
		return n, nil
	}
	switch tk.Type {
	case token.DoubleQuoteType:
		n.Style, n.Tag = DoubleQuoted, StrTag
		if v, ok := simpleQuoted(b.lines, tk); ok {
			n.Value = v
			break
		}
		v, qerr := decodeDoubleQuoted(b.lines, tk.Position.Line, tk.Position.Column)
		if qerr != nil {
			return nil, &Error{Input: b.input, Line: qerr.line + 1 + b.lineOffset, Column: columnOf(b.lines[qerr.line], qerr.at), Message: qerr.message}
		}
		n.Value = v
	case token.SingleQuoteType:
		n.Style, n.Tag = SingleQuoted, StrTag
		n.Value = x.(*ast.StringNode).Value
	default:
		if err := b.checkPlainStart(tk); err != nil {
			return nil, err
		}
		n.Value = b.plainText(x, tk)
		n.Tag = b.opts.Rules.Resolve(n.Value)
		if b.opts.Rules == YAML11 && !b.inKey {
			if err := settle11(n); err != nil {
				return nil, err
			}
		}
	}
	b.lineComment(n, x.GetComment(), n.Pos.Line)
	return n, nil
}

// checkPlainStart refuses a plain scalar that starts with a reserved indicator (%, @, `), as both
// references do ("found character that cannot start any token"); the parser reads it as text.
func (b *builder) checkPlainStart(tk *token.Token) error {
	line := tk.Position.Line - 1
	if tk.Type == token.ImplicitNullType || line < 0 || line >= len(b.lines) {
		return nil
	}
	text := b.lines[line]
	at := byteOffset(text, tk.Position.Column-1)
	if at < len(text) && strings.IndexByte("%@`", text[at]) >= 0 && strings.HasPrefix(text[at:], tk.Value[:min(1, len(tk.Value))]) {
		return b.errorAt(tk, "a plain scalar cannot start with %q (kubectl and kyaml refuse it: found character that cannot start any token): quote the value", text[at:at+1])
	}
	return nil
}

// plainText is a plain scalar's text. The parser drops tabs inside a plain scalar ("a<TAB>b"
// reads "ab"); when the scalar's line in the source holds them, they are put back.
func (b *builder) plainText(x ast.ScalarNode, tk *token.Token) string {
	value := ""
	switch s := x.(type) {
	case *ast.StringNode:
		value = s.Value
	case *ast.NullNode:
		if tk.Type != token.ImplicitNullType {
			value = tk.Value
		}
	default:
		value = tk.Value
	}
	line := tk.Position.Line - 1
	if value == "" || line < 0 || line >= len(b.lines) || !strings.Contains(b.lines[line], "\t") {
		return value
	}
	return restoreTabs(b.lines[line][byteOffset(b.lines[line], tk.Position.Column-1):], value)
}

// restoreTabs returns the prefix of source that spells value with tabs the parser dropped put
// back, or value when source does not spell it so.
func restoreTabs(source, value string) string {
	var out strings.Builder
	v := 0
	for i := 0; i < len(source) && v < len(value); i++ {
		switch {
		case source[i] == value[v]:
			out.WriteByte(source[i])
			v++
		case source[i] == '\t':
			out.WriteByte('\t')
		default:
			return value
		}
	}
	if v < len(value) {
		return value
	}
	return out.String()
}

func (b *builder) literal(x *ast.LiteralNode) *Node {
	n := &Node{Kind: ScalarNode, Tag: StrTag, Style: Literal, Pos: b.pos(x.Start)}
	if x.Start.Type == token.FoldedType {
		n.Style = Folded
	}
	if x.Value != nil {
		n.Value = x.Value.Value
	}
	if strings.Contains(x.Start.Value, "+") {
		n.Value = b.keepTrailingLines(x.Start.Position.Line, n.Value)
	}
	b.lineComment(n, x.GetComment(), n.Pos.Line)
	return n
}

// lineComment stores a comment group found on node n: on n's line it is n's line comment,
// above it n's head comment.
func (b *builder) lineComment(n *Node, cg *ast.CommentGroupNode, line int) {
	if cg == nil || len(cg.Comments) == 0 {
		return
	}
	first := cg.Comments[0].GetToken()
	if first != nil && b.pos(first).Line == line {
		n.Comments.Line = joinComments(n.Comments.Line, commentText(cg))
		return
	}
	n.Comments.Head = joinComments(n.Comments.Head, commentText(cg))
}

// commentText renders a comment group as "# text" lines.
func commentText(cg *ast.CommentGroupNode) string {
	if cg == nil {
		return ""
	}
	parts := make([]string, 0, len(cg.Comments))
	for _, c := range cg.Comments {
		if c == nil || c.Token == nil {
			continue
		}
		parts = append(parts, "#"+c.Token.Value)
	}
	return strings.Join(parts, "\n")
}

func (b *builder) unsupportedKey(tk *token.Token) error {
	return b.errorAt(tk, "only scalar map keys are supported")
}

// describe is a short rendering of a node for messages.
func describe(n *Node) string {
	return fmt.Sprintf("%q", Abbreviate(n.String(), 40))
}
