package yamltree

import (
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

func (b *builder) mapping(x *ast.MappingNode, depth int) (*Node, error) {
	n := &Node{Kind: MapNode, Pos: b.pos(x.GetToken())}
	if x.IsFlowStyle {
		n.Style = Flow
	}
	var merges []*Node
	mergeAt := -1
	seen := map[string]Pos{}
	for i, mv := range x.Values {
		if _, isMerge := mv.Key.(*ast.MergeKeyNode); isMerge {
			sources, err := b.mergeSources(mv, depth)
			if err != nil {
				return nil, err
			}
			merges = append(merges, sources...)
			if mergeAt < 0 {
				mergeAt = len(n.Fields)
			}
			continue
		}
		key, err := b.key(mv.Key)
		if err != nil {
			return nil, err
		}
		if i == 0 && !x.IsFlowStyle {
			n.Pos = key.Pos
		}
		if prev, dup := seen[key.Value]; dup {
			return nil, Errorf(key.Pos, "duplicate key %q: first defined at line %d, column %d", key.Value, prev.Line, prev.Column)
		}
		seen[key.Value] = key.Pos
		value, err := b.value(mv.Value, depth)
		if err != nil {
			return nil, err
		}
		if value.Kind == ListNode && value.Style != Flow {
			value.IndentedItems = value.Pos.Column > key.Pos.Column
		}
		b.entryComments(key, value, mv)
		n.Fields = append(n.Fields, Field{Key: key, Value: value})
	}
	applyMerges(n, mergeAt, merges)
	b.lineComment(n, x.GetComment(), b.flowEndLine(x.IsFlowStyle, x.End))
	if x.FootComment != nil {
		n.Comments.Foot = joinComments(n.Comments.Foot, commentText(x.FootComment))
	}
	return n, nil
}

// value converts the value of a map entry; an absent value is an implicit null.
func (b *builder) value(v ast.Node, depth int) (*Node, error) {
	if v == nil {
		return &Node{Kind: ScalarNode, Tag: NullTag, Pos: Pos{Input: b.input}}, nil
	}
	return b.node(v, depth+1)
}

// entryComments places the comments goccy attaches to a map entry: above the key they are the
// key's head comment; on the key's line they are the value's line comment (written after "key:"
// for a nested map or list). A comment after the entry's content is kept as the key's foot
// comment and written after the value, at the key's indentation.
func (b *builder) entryComments(key, value *Node, mv *ast.MappingValueNode) {
	if key.Comments.Line != "" {
		value.Comments.Line = joinComments(key.Comments.Line, value.Comments.Line)
		key.Comments.Line = ""
	}
	if cg := mv.GetComment(); cg != nil && len(cg.Comments) > 0 {
		first := cg.Comments[0].GetToken()
		if first != nil && b.pos(first).Line == key.Pos.Line {
			value.Comments.Line = joinComments(value.Comments.Line, commentText(cg))
		} else {
			key.Comments.Head = joinComments(key.Comments.Head, commentText(cg))
		}
	}
	if value.Kind != ScalarNode && value.Comments.Head != "" {
		// a comment between "key:" and the first nested entry or item stays above that entry
		moveHeadInside(value)
	}
	if mv.FootComment != nil {
		key.Comments.Foot = joinComments(key.Comments.Foot, commentText(mv.FootComment))
	}
}

// moveHeadInside hands a collection's head comment to its first entry or item.
func moveHeadInside(n *Node) {
	head := n.Comments.Head
	n.Comments.Head = ""
	switch {
	case len(n.Fields) > 0:
		k := n.Fields[0].Key
		k.Comments.Head = joinComments(head, k.Comments.Head)
	case len(n.Items) > 0:
		it := n.Items[0]
		it.Comments.Head = joinComments(head, it.Comments.Head)
	default:
		n.Comments.Foot = joinComments(head, n.Comments.Foot)
	}
}

// key converts a map key, which must be a scalar (possibly tagged or anchored).
func (b *builder) key(k ast.MapKeyNode) (*Node, error) {
	var kn ast.Node = k
	if mk, ok := k.(*ast.MappingKeyNode); ok {
		kn = mk.Value
	}
	switch kn.(type) {
	case ast.ScalarNode, *ast.TagNode, *ast.AnchorNode, *ast.AliasNode:
	default:
		return nil, b.unsupportedKey(k.GetToken())
	}
	b.inKey = true
	n, err := b.node(kn, 0)
	b.inKey = false
	if err != nil {
		return nil, err
	}
	if n.Kind != ScalarNode {
		return nil, b.unsupportedKey(k.GetToken())
	}
	text, problem := b.opts.Rules.keyText(n)
	if problem != "" {
		return nil, Errorf(n.Pos, "unsupported map key %s: %s", n.Value, problem)
	}
	n.Value = text
	n.Tag = StrTag
	return n, nil
}

// keyText is the string a map key becomes once data is untyped. Under YAML 1.1, as kubectl
// converts YAML to JSON (observed with apimachinery v0.37.2), a plain key like "on" becomes
// "true", 0x10 becomes "16", 1e3 "1000", .inf ".inf" and -.Inf "-.inf"; a null key (~, null)
// and an integer past 2^63 but within 2^64 are refused, as kubectl refuses them ("unsupported map
// key"); past 2^64 the key is a float, written with float32 precision. Under YAML 1.2 keys stay
// as written. problem says why a key is refused.
func (r Rules) keyText(k *Node) (text, problem string) {
	if r == YAML12 || (k.Style != Plain && k.ExplicitTag == "") {
		return k.Value, ""
	}
	switch k.Tag {
	case BoolTag:
		return k.Canonical(), ""
	case IntTag:
		plain := strings.ReplaceAll(k.Value, "_", "")
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return strconv.FormatInt(i, 10), ""
		}
		if _, err := strconv.ParseUint(strings.TrimPrefix(plain, "+"), 0, 64); err == nil {
			return "", "kubectl refuses an integer key past 2^63 (unsupported map key of type uint64): quote it"
		}
		return floatKey(k), ""
	case FloatTag:
		return floatKey(k), ""
	case NullTag:
		return "", "kubectl refuses a null key (unsupported map key of type nil): quote it"
	}
	return k.Value, ""
}

// floatKey writes a float key as kubectl does: infinities and NaN as .inf, -.inf and .nan, other
// values with float32 precision.
func floatKey(k *Node) string {
	f, ok := k.Float()
	switch {
	case !ok:
		return k.Value
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	case math.IsNaN(f):
		return ".nan"
	}
	return strconv.FormatFloat(f, 'g', -1, 32)
}

// mergeSources reads the value of a "<<" merge key: one map or a list of maps.
func (b *builder) mergeSources(mv *ast.MappingValueNode, depth int) ([]*Node, error) {
	v, err := b.value(mv.Value, depth)
	if err != nil {
		return nil, err
	}
	sources := []*Node{v}
	if v.Kind == ListNode {
		sources = v.Items
	}
	for _, s := range sources {
		if s.Kind != MapNode {
			return nil, b.errorAt(mv.GetToken(), "a merge key (<<) must refer to a map or a list of maps")
		}
	}
	return sources, nil
}

func (b *builder) sequence(x *ast.SequenceNode, depth int) (*Node, error) {
	n := &Node{Kind: ListNode, Pos: b.pos(x.GetToken()), Items: make([]*Node, 0, len(x.Values))}
	if x.IsFlowStyle {
		n.Style = Flow
	}
	for i, v := range x.Values {
		var item *Node
		var err error
		if v == nil {
			item = &Node{Kind: ScalarNode, Tag: NullTag, Pos: n.Pos}
		} else if item, err = b.node(v, depth+1); err != nil {
			return nil, err
		}
		if i < len(x.ValueHeadComments) && x.ValueHeadComments[i] != nil {
			item.Comments.Head = joinComments(commentText(x.ValueHeadComments[i]), item.Comments.Head)
		}
		n.Items = append(n.Items, item)
	}
	b.lineComment(n, x.GetComment(), b.flowEndLine(x.IsFlowStyle, x.End))
	if x.FootComment != nil {
		n.Comments.Foot = joinComments(n.Comments.Foot, commentText(x.FootComment))
	}
	return n, nil
}

// flowEndLine is the line a flow collection ends on, where a comment after it is its line
// comment ("k: [a, b] # c"); -1 for a block collection, whose comments all go above it.
func (b *builder) flowEndLine(flow bool, end *token.Token) int {
	if !flow || end == nil {
		return -1
	}
	return b.pos(end).Line
}
