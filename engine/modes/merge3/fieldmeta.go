package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// Comments as schemas. kyaml reads the line comment of a node, or when it has none its head
// comment, as an OpenAPI schema of the node's value (observed with kyaml v0.21.2:
// examples/merge3-comment-schema, merge3diff's comment mutations), and real kpt packages use it:
//
//	replicas: 3 # {"$openapi":"replicas"}
//	containers: # {"type":"array","x-kubernetes-patch-strategy":"merge","x-kubernetes-patch-merge-key":"name"}
//
// Only the first non-empty comment of the two is read. The shorthand {"$openapi": "name"} names
// a kpt setter; kyaml resolves it against its own schema, which has no setters, so it stands as a
// schema that says nothing: a list under it no longer merges by key, and the fields under a map
// under it lose their schema. Any other comment holding a JSON object is a schema too ({} is
// none); its "$ref" is resolved against the known definitions when it can be. A comment that is
// not JSON is just a comment.

const shorthandKey = "$openapi"

// commentKind is what a comment's text declares about the value's schema.
type commentKind int

// The kinds of comment, one per row of commentReadings.
const (
	commentPlain      commentKind = iota // not a JSON object, or {}: no schema
	commentSetter                        // {"$openapi": "name"}: a kpt setter, a schema that says nothing
	commentDefinition                    // {"$ref": ...} naming a known definition: that definition
	commentInline                        // any other JSON object: the object itself is the schema
)

// commentReadings turns a comment of each kind into the schema it declares. Observed with kyaml
// v0.21.2 (examples/merge3-comment-schema, merge3diff's comment-schema mutations in mutate.go):
// under a setter comment a list no longer merges by key and a map's fields lose their schema; an
// unknown "$ref" leaves the rest of the object as the schema.
var commentReadings = map[commentKind]func(js map[string]any, defs *schemas) *sch{
	commentPlain:      func(map[string]any, *schemas) *sch { return nil },
	commentSetter:     func(_ map[string]any, defs *schemas) *sch { return &sch{opaque: true, defs: defs} },
	commentDefinition: func(js map[string]any, defs *schemas) *sch { return defs.named(js["$ref"].(string)) },
	commentInline:     func(js map[string]any, defs *schemas) *sch { return &sch{js: js, defs: defs} },
}

// commentSchema returns the schema n's own comments declare, nil when they declare none.
func commentSchema(n *ynode.Node, defs *schemas) *sch {
	text, ok := declaringComment(n)
	if !ok {
		return nil
	}
	return parseCommentSchema(text, defs)
}

// declaringComment is the comment that may declare n's schema, without its leading "#": the line
// comment, or the head comment when there is no line comment. ok is false when n has neither.
func declaringComment(n *ynode.Node) (text string, ok bool) {
	switch {
	case n == nil:
		return "", false
	case n.LineComment != "":
		return strings.TrimLeft(n.LineComment, "#"), true
	case n.HeadComment != "":
		return strings.TrimLeft(n.HeadComment, "#"), true
	}
	return "", false
}

// parseCommentSchema reads one comment's text (without its leading "#") as a schema: its row of
// commentReadings.
func parseCommentSchema(text string, defs *schemas) *sch {
	kind, js := classifyComment(text, defs)
	return commentReadings[kind](js, defs)
}

// classifyComment says which kind of comment text is, with the JSON object it holds.
func classifyComment(text string, defs *schemas) (commentKind, map[string]any) {
	v, err := jsonwire.Value([]byte(text))
	js, _ := v.(map[string]any)
	if err != nil || len(js) == 0 {
		return commentPlain, nil
	}
	if isSetterComment(text) {
		return commentSetter, js
	}
	if ref, ok := js["$ref"].(string); ok && ref != "" && defs.named(ref) != nil {
		return commentDefinition, js
	}
	return commentInline, js
}

// isSetterComment reports whether text is the setter shorthand: a JSON object of strings (or
// nulls) only, every value as written, a repeated key's too, with a non-empty "$openapi" (the
// last one written), as kyaml reads it into a map of strings.
func isSetterComment(text string) bool {
	r := jsonwire.NewReader([]byte(text))
	setter := ""
	err := r.Object(func(key string) error {
		value := ""
		if !r.Null() {
			s, err := r.String()
			if err != nil {
				return err
			}
			value = s
		}
		if key == shorthandKey {
			setter = value
		}
		return nil
	})
	return err == nil && r.AtEnd() && setter != ""
}

// jsField is Field on a comment's schema: a property, else additionalProperties. A "$ref" is
// replaced by the definition it names; one that names nothing known leaves no schema.
func (s *sch) jsField(name string) *sch {
	if props, ok := s.js["properties"].(map[string]any); ok {
		if p, ok := props[name].(map[string]any); ok {
			return s.jsResolve(p)
		}
	}
	if ap, ok := s.js["additionalProperties"].(map[string]any); ok {
		return s.jsResolve(ap)
	}
	return nil
}

// jsElements is Elements on a comment's schema: items, for a schema of type array only.
func (s *sch) jsElements() *sch {
	types, _ := s.js["type"].([]any)
	if t, ok := s.js["type"].(string); ok {
		types = []any{t}
	}
	if len(types) != 1 || types[0] != "array" {
		return nil
	}
	items, ok := s.js["items"].(map[string]any)
	if !ok {
		return nil
	}
	return s.jsResolve(items)
}

// jsResolve is the schema js declares: the definition its "$ref" names (nil when none is known),
// else js itself.
func (s *sch) jsResolve(js map[string]any) *sch {
	if ref, ok := js["$ref"].(string); ok && ref != "" {
		return s.defs.named(ref)
	}
	return &sch{js: js, defs: s.defs}
}

// jsStrategy reads x-kubernetes-patch-strategy and the keys.
func (s *sch) jsStrategy() (string, []string) {
	strategy, ok := s.js["x-kubernetes-patch-strategy"].(string)
	if !ok {
		return "", nil
	}
	if list, ok := s.js["x-kubernetes-list-map-keys"].([]any); ok {
		keys := make([]string, 0, len(list))
		for _, k := range list {
			if ks, ok := k.(string); ok {
				keys = append(keys, ks)
			}
		}
		return strategy, keys
	}
	if mk, ok := s.js["x-kubernetes-patch-merge-key"].(string); ok {
		return strategy, []string{mk}
	}
	return strategy, nil
}
