package handler

import (
	"sync"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// parseCache keeps the last reading of each input and of the user schema, keyed by their text:
// the page sends every input on every edit, and only the edited one has changed, so an edit
// re-parses one editor. It holds one entry per input and rule set, so its size is bounded by the
// inputs' own limits. Parsed documents are handed out as deep copies (modes may change the trees
// they are given); schema sets are read-only and shared.
type parseCache struct {
	mu      sync.Mutex
	inputs  map[inputKey]parsedInput
	schemas *parsedSchema
}

// inputKey names an input read with a set of rules.
type inputKey struct {
	input yamltree.Input
	rules yamltree.Rules
}

// parsedInput is the reading of one input's text: its documents or its error.
type parsedInput struct {
	text string
	docs []*yamltree.Document
	err  error
}

// parsedSchema is the reading of a user schema's text over a given built-in set.
type parsedSchema struct {
	text string
	base *schema.Set
	set  *schema.Set
	err  error
}

// newParseCache returns an empty cache.
func newParseCache() *parseCache {
	return &parseCache{inputs: map[inputKey]parsedInput{}}
}

// parse returns yamltree.Parse(input, text, opts), reusing the last reading of input when its
// text and rules are the same. Only opts.Rules may vary between calls: the bounds must be fixed.
func (c *parseCache) parse(input yamltree.Input, text string, opts yamltree.Options) ([]*yamltree.Document, error) {
	key := inputKey{input: input, rules: opts.Rules}
	c.mu.Lock()
	last, ok := c.inputs[key]
	c.mu.Unlock()
	if !ok || last.text != text {
		docs, err := yamltree.Parse(input, text, opts)
		last = parsedInput{text: text, docs: docs, err: err}
		c.mu.Lock()
		c.inputs[key] = last
		c.mu.Unlock()
	}
	if last.err != nil {
		return nil, last.err
	}
	docs := make([]*yamltree.Document, len(last.docs))
	for i, d := range last.docs {
		docs[i] = d.Clone()
	}
	return docs, nil
}

// schema returns schema.Load(text, base), reusing the last reading when text and base are the same.
func (c *parseCache) schema(text string, base *schema.Set) (*schema.Set, error) {
	c.mu.Lock()
	last := c.schemas
	c.mu.Unlock()
	if last != nil && last.text == text && last.base == base {
		return last.set, last.err
	}
	set, err := schema.Load(text, base)
	c.mu.Lock()
	c.schemas = &parsedSchema{text: text, base: base, set: set, err: err}
	c.mu.Unlock()
	return set, err
}
