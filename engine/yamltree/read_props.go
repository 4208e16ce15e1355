package yamltree

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"
)

// properties are the tag and anchor written before a node.
type properties struct {
	tag    string // as written ("!!int", "!<tag:yaml.org,2002:str>", "!foo"); "" when none
	anchor string // the anchor's name; "" when none
	at     mark   // where the first property starts
	tagAt  mark   // where the tag starts
	end    mark   // just past the last property
	budget int    // the stream's budget when the properties were read (an anchor's size)
}

func (p properties) empty() bool { return p.tag == "" && p.anchor == "" }

// readProperties reads the tag and anchor at the cursor, in either order, and the white space
// after them on their line.
func (r *reader) readProperties() (properties, error) {
	p := properties{at: r.mark(), budget: *r.budget}
	for range 2 {
		switch r.peek() {
		case '!':
			if p.tag != "" {
				return p, r.errorHere("a node has one tag at most")
			}
			p.tagAt = r.mark()
			p.tag = r.propertyText()
		case '&':
			if p.anchor != "" {
				return p, r.errorHere("a node has one anchor at most")
			}
			r.at++
			name, err := r.anchorName("anchor")
			if err != nil {
				return p, err
			}
			p.anchor = name
		default:
			return p, nil
		}
		p.end = r.mark()
		r.skipBlanks()
	}
	return p, nil
}

// propertyText reads a tag or an anchor's name: up to white space or a flow indicator.
func (r *reader) propertyText() string {
	start := r.at
	if strings.HasPrefix(r.text[r.at:], "!<") {
		if end := strings.IndexByte(r.text[r.at:], '>'); end > 0 && !strings.Contains(r.text[r.at:r.at+end], "\n") {
			r.at += end + 1
			return r.text[start:r.at]
		}
	}
	for r.at < len(r.text) && !isBlankAt(r.text, r.at) && !isFlowIndicator(r.text[r.at]) {
		r.at++
	}
	return r.text[start:r.at]
}

// anchorName reads the name of an anchor or an alias (what) at the cursor. Both references take
// only ASCII letters, digits, "-" and "_" in a name, and refuse a name followed by anything but
// white space, the end of the line or one of ":?,]}%@`" (which then reads as what follows the
// name): "&a-1.x", "&ä", "*a.b" and "&" alone are refused with "did not find expected alphabetic
// or numeric character" (observed with apimachinery v0.37.2 and kyaml v0.21.3,
// scripts/conformance/yamldiff, class anchornames).
func (r *reader) anchorName(what string) (string, error) {
	start := r.at
	for r.at < len(r.text) && isAnchorByte(r.text[r.at]) {
		r.at++
	}
	if r.at == start || !isBlankAt(r.text, r.at) && !strings.ContainsRune(":?,]}%@`", rune(r.text[r.at])) {
		return "", r.errorHere(what + " names hold A-Z, a-z, 0-9, - and _ (did not find expected alphabetic or numeric character)")
	}
	return r.text[start:r.at], nil
}

// isAnchorByte reports whether c may stand in an anchor's name.
func isAnchorByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// isFlowIndicator reports whether c opens, closes or separates flow collection entries.
func isFlowIndicator(c byte) bool {
	return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'
}

// applyProperties gives a node read at the cursor its tag and anchor; an untagged scalar read
// under YAML 1.1 as a value is settled to the spelling every reader reads alike (settle11).
func (r *reader) applyProperties(n *Node, p properties) (*Node, error) {
	if p.tag != "" {
		if err := r.applyTag(n, p); err != nil {
			return nil, err
		}
	} else if r.opts.Rules == YAML11 && !r.inKey && n.Kind == ScalarNode && n.Alias() == "" {
		if err := settle11(n); err != nil {
			return nil, err
		}
	}
	if p.anchor != "" {
		n.SetAnchor(p.anchor)
		if r.anchors == nil {
			r.anchors = map[string]anchored{}
		}
		r.anchors[p.anchor] = anchored{node: n, size: p.budget - *r.budget}
	}
	return n, nil
}

// alias reads "*name": a copy of the anchor's node, which the copy names (Node.Alias), placed
// where the alias is written; the budget pays for every node of the copy first.
func (r *reader) alias() (*Node, error) {
	start := r.mark()
	r.at++
	name, err := r.anchorName("alias")
	if err != nil {
		return nil, err
	}
	target, ok := r.anchors[name]
	if !ok {
		return nil, r.errorAt(start, "alias *"+name+" refers to no anchor defined before it")
	}
	pos := r.posOf(start)
	if err := r.spend(pos, target.size); err != nil {
		return nil, err
	}
	n := target.node.Clone()
	w := n.own()
	w.Anchor, w.Alias, w.Comments = "", name, Comments{}
	n.settle(w)
	n.Pos, n.End = pos, r.pos()
	return n, nil
}

// applyTag resolves a scalar under its explicit tag, as each rule set does.
func (r *reader) applyTag(n *Node, p properties) error {
	written := p.tag
	if undefinedHandle(written) {
		return r.errorAt(p.tagAt, "found undefined tag handle in "+written+": only ! and !! are defined (kubectl and kyaml refuse it)")
	}
	n.SetExplicitTag(written)
	name := coreTagName(written)
	want, core := coreTags[name]
	switch {
	case n.Kind != ScalarNode:
		return nil // a collection's tag says nothing of its data
	case !core && r.opts.Rules == YAML12:
		return nil // kyaml keeps the tag and resolves the text as if untagged
	case !core:
		// kubectl reads a scalar under a local or unknown tag ("!foo 12", "! true") as the string
		// of its text (observed with apimachinery v0.37.2: "12", "true"; empty, "")
		n.Tag = StrTag
		return nil
	}
	if r.opts.Rules == YAML12 {
		// kyaml keeps the tag as written, even one it cannot decode (!!int abc)
		if want == StrTag || want == r.opts.Rules.resolveTagged(want, n.Value) {
			n.Tag = want
		}
		return nil
	}
	if name == "binary" {
		return r.binary(n, p)
	}
	if want != StrTag && want != r.opts.Rules.resolveTagged(want, n.Value) {
		return r.errorAt(p.tagAt, "cannot read "+strconv.Quote(n.Value)+" as !!"+name)
	}
	n.Tag = want
	if want == StrTag || r.inKey {
		return nil
	}
	return settle11(n)
}

// binary decodes a !!binary scalar as kubectl does: its base64 text (line breaks ignored)
// becomes the string of the bytes, each byte that is not part of valid UTF-8 written as U+FFFD,
// as JSON writes it.
func (r *reader) binary(n *Node, p properties) error {
	// kubectl's reader accepts a block scalar of base64 lines but refuses a space inside them
	data, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(n.Value, "\n", ""))
	if err != nil {
		return r.errorAt(p.tagAt, "!!binary value contains invalid base64 data")
	}
	var text strings.Builder
	for len(data) > 0 {
		c, size := utf8.DecodeRune(data)
		if c == utf8.RuneError && size <= 1 {
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
	return nil
}

// coreTagName returns the name of a core tag ("str" for !!str, !<tag:yaml.org,2002:str> and
// tag:yaml.org,2002:str), or "" for any other tag.
func coreTagName(written string) string {
	tag := strings.TrimSuffix(strings.TrimPrefix(written, "!<"), ">")
	switch {
	case strings.HasPrefix(tag, "tag:yaml.org,2002:"):
		return strings.TrimPrefix(tag, "tag:yaml.org,2002:")
	case strings.HasPrefix(tag, "!!"):
		return strings.TrimPrefix(tag, "!!")
	}
	return ""
}

// undefinedHandle reports whether a tag uses a named handle ("!e!foo"): without a %TAG directive,
// which neither reference's reading of manifests defines, only "!" and "!!" exist.
func undefinedHandle(written string) bool {
	if !strings.HasPrefix(written, "!") || strings.HasPrefix(written, "!!") || strings.HasPrefix(written, "!<") {
		return false
	}
	return strings.Contains(written[1:], "!")
}

// coreTags are the types of the core tags' names.
var coreTags = map[string]Tag{
	"str": StrTag, "binary": StrTag, "timestamp": StrTag,
	"int": IntTag, "float": FloatTag, "bool": BoolTag, "null": NullTag,
}

// resolveTagged checks that text can be read as the tag want; it returns want when it can.
func (r Rules) resolveTagged(want Tag, text string) Tag {
	got := r.Resolve(text)
	if want == FloatTag && got == IntTag {
		return FloatTag
	}
	if want == NullTag && text == "" {
		return NullTag
	}
	return got
}
