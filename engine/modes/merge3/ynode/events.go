package ynode

import (
	"strings"
	"unicode/utf8"
)

// This file and the emitter files port the parts of go.yaml.in/yaml/v3 (encode.go, emitterc.go;
// MIT and Apache-2.0, Copyright (c) 2006-2010 Kirill Simonov, 2011-2019 Canonical Ltd) that kyaml
// uses to write YAML: block and flow collections, scalars in every style, comments, and implicit
// documents. Anchors, aliases, directives and canonical output are left out. Names follow the
// original where that helps comparing the two.

type eventType uint8

const (
	streamStartEvent eventType = iota + 1
	streamEndEvent
	documentStartEvent
	documentEndEvent
	sequenceStartEvent
	sequenceEndEvent
	mappingStartEvent
	mappingEndEvent
	scalarEvent
)

type scalarStyle uint8

const (
	anyScalarStyle scalarStyle = iota
	plainScalarStyle
	singleQuotedScalarStyle
	doubleQuotedScalarStyle
	literalScalarStyle
	foldedScalarStyle
)

// event is one step of the serialization, as yaml.v3's encoder produces them.
type event struct {
	typ            eventType
	tag            string // long form, "" for none
	value          string
	implicit       bool
	quotedImplicit bool
	style          scalarStyle
	flow           bool // a flow sequence or mapping
	head, line     string
	foot, tail     string
	// node is the node the event starts; owner, on a map key's scalar, is the key's value.
	node, owner *Node
}

// events serializes documents (roots, each wrapped in an implicit document) as yaml.v3's encoder
// does with an Encode call per document.
func events(roots []*Node) []event {
	s := &serializer{evs: []event{{typ: streamStartEvent}}}
	for _, r := range roots {
		s.document(r)
	}
	s.evs = append(s.evs, event{typ: streamEndEvent})
	return s.evs
}

type serializer struct {
	evs []event
}

func (s *serializer) document(root *Node) {
	doc := root
	if root.Kind != DocumentNode {
		doc = &Node{Kind: DocumentNode, Content: []*Node{root}}
	}
	s.evs = append(s.evs, event{typ: documentStartEvent, implicit: true, head: doc.HeadComment})
	for _, c := range doc.Content {
		s.node(c, "", nil)
	}
	s.evs = append(s.evs, event{typ: documentEndEvent, implicit: true, foot: doc.FootComment})
}

// node serializes one node (encode.go's node). tail is the foot comment of the previous key,
// which yaml.v3 writes before the next one; owner is set for a key.
func (s *serializer) node(n *Node, tail string, owner *Node) {
	tag, forceQuoting := presentedTag(n)
	switch n.Kind {
	case SequenceNode:
		s.evs = append(s.evs, event{typ: sequenceStartEvent, implicit: tag == "", tag: longTag(tag), flow: n.Style&FlowStyle != 0, head: n.HeadComment, node: n})
		for _, c := range n.Content {
			s.node(c, "", nil)
		}
		s.evs = append(s.evs, event{typ: sequenceEndEvent, line: n.LineComment, foot: n.FootComment, node: n})
	case MappingNode:
		s.mapping(n, tag, tail)
	default:
		s.scalar(n, tag, forceQuoting, tail, owner)
	}
}

func (s *serializer) mapping(n *Node, tag, tail string) {
	s.evs = append(s.evs, event{typ: mappingStartEvent, implicit: tag == "", tag: longTag(tag), flow: n.Style&FlowStyle != 0, tail: tail, head: n.HeadComment, node: n})
	tail = ""
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		foot := k.FootComment
		if foot != "" {
			kopy := *k
			kopy.FootComment = ""
			k = &kopy
		}
		s.node(k, tail, n.Content[i+1])
		tail = foot
		s.node(n.Content[i+1], "", nil)
	}
	s.evs = append(s.evs, event{typ: mappingEndEvent, tail: tail, line: n.LineComment, foot: n.FootComment, node: n})
}

func (s *serializer) scalar(n *Node, tag string, forceQuoting bool, tail string, owner *Node) {
	value := n.Value
	style := plainScalarStyle
	switch {
	case n.Style&DoubleQuotedStyle != 0:
		style = doubleQuotedScalarStyle
	case n.Style&SingleQuotedStyle != 0:
		style = singleQuotedScalarStyle
	case n.Style&LiteralStyle != 0:
		style = literalScalarStyle
	case n.Style&FoldedStyle != 0:
		style = foldedScalarStyle
	case strings.Contains(value, "\n"):
		style = literalScalarStyle
	case forceQuoting:
		style = doubleQuotedScalarStyle
	}
	if !utf8.ValidString(value) {
		value = strings.ToValidUTF8(value, "\uFFFD") // yaml.v3 would write !!binary; inputs are valid UTF-8
	}
	implicit := tag == ""
	s.evs = append(s.evs, event{typ: scalarEvent, tag: longTag(tag), value: value, implicit: implicit, quotedImplicit: implicit,
		style: style, head: n.HeadComment, line: n.LineComment, foot: n.FootComment, tail: tail, node: n, owner: owner})
}

// presentedTag returns the tag yaml.v3 writes for n ("" when implicit) and whether a string must
// be quoted so as not to read back as another type.
func presentedTag(n *Node) (tag string, forceQuoting bool) {
	tag = n.Tag
	if tag == "" || n.Style&TaggedStyle != 0 {
		return tag, false
	}
	if n.Kind != ScalarNode {
		if (n.Kind == MappingNode && tag == MapTag) || (n.Kind == SequenceNode && tag == SeqTag) {
			return "", false
		}
		return tag, false
	}
	if tag == StrTag && n.Style&(SingleQuotedStyle|DoubleQuotedStyle|LiteralStyle|FoldedStyle) != 0 {
		return "", false
	}
	if resolved := resolveAny(n.Value); resolved == tag {
		return "", false
	} else if tag == StrTag {
		return "", true
	}
	return tag, false
}

// resolveAny resolves text as yaml.v3's resolve("", text) does for the encoder.
func resolveAny(text string) string {
	if text == "" {
		return NullTag
	}
	return Resolve(text)
}

const longTagPrefix = "tag:yaml.org,2002:"

func longTag(tag string) string {
	if rest, ok := strings.CutPrefix(tag, "!!"); ok {
		return longTagPrefix + rest
	}
	return tag
}
