package merge3

import (
	"encoding/json"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// Comments as schemas. kyaml reads the line comment of a node, or when it has none its head
// comment, as an OpenAPI schema of the node's value (fieldmeta.FieldMeta.Read), and real kpt
// packages use it:
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

// commentSchema returns the schema n's own comments declare, nil when they declare none.
func commentSchema(n *ynode.Node, defs *schemas) *sch {
	if n == nil {
		return nil
	}
	for _, c := range []string{n.LineComment, n.HeadComment} {
		if c == "" {
			continue
		}
		return parseCommentSchema(strings.TrimLeft(c, "#"), defs)
	}
	return nil
}

// parseCommentSchema reads one comment's text (without its leading "#").
func parseCommentSchema(text string, defs *schemas) *sch {
	var short map[string]string
	if json.Unmarshal([]byte(text), &short) == nil && short[shorthandKey] != "" {
		return &sch{opaque: true, defs: defs}
	}
	var js map[string]any
	if err := json.Unmarshal([]byte(text), &js); err != nil || len(js) == 0 {
		return nil
	}
	if ref, ok := js["$ref"].(string); ok && ref != "" {
		if r := defs.named(ref); r != nil {
			return r
		}
	}
	return &sch{js: js, defs: defs}
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
