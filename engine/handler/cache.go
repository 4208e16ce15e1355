package handler

import (
	"sync"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// parseCache keeps the last reading of each input and of the user schema, keyed by their text:
// the page sends every input on every edit, and only the edited one has changed, so an edit
// re-parses one editor, and within a stream only the documents that changed (yamltree.Reader).
// It holds one reading per input and rule set, so its size is bounded by the inputs' own limits.
// Parsed documents are handed out as copies (modes may change the trees they are given), but to
// the read-only modes (modes.Mode.ReadOnly), which get the documents kept; schema sets are read-only and shared.
type parseCache struct {
	mu      sync.Mutex
	readers map[inputKey]*yamltree.Reader
	schemas *parsedSchema
	// splits keeps what each input's documents held (stream.Splitter), with the schema that
	// told their scopes: an edit reads again only the documents the Reader parsed again.
	splits map[inputKey]*keptSplit
	// keepNone reads every input afresh and keeps nothing (Handler.ForOneRequest).
	keepNone bool
}

// inputKey names an input read with a set of rules.
type inputKey struct {
	input yamltree.Input
	rules yamltree.Rules
}

// parsedSchema is the reading of a user schema's text over a given built-in set, and the two put
// together (schema.Merge copies every built-in kind: a third of a small example's key when it was
// done at every request).
type parsedSchema struct {
	_      incomparable.Field
	text   string
	base   *schema.Set
	set    *schema.Set
	merged *schema.Set
	err    error
}

// newParseCache returns an empty cache.
func newParseCache() *parseCache {
	return &parseCache{readers: map[inputKey]*yamltree.Reader{}, splits: map[inputKey]*keptSplit{}}
}

// keptSplit is an input's Splitter and the schema whose scopes it split with.
type keptSplit struct {
	scopes   *schema.Set
	splitter *stream.Splitter
}

// split returns stream.SplitKnown(docs, scopes), reading only the documents of input (read with
// rules) it did not split at the last call with the same scopes. A call at the same time as
// another one on the same input splits afresh.
func (c *parseCache) split(input yamltree.Input, rules yamltree.Rules, docs []*yamltree.Document, scopes *schema.Set) ([]*stream.Resource, error) {
	if c.keepNone {
		return stream.SplitKnown(docs, scopes)
	}
	key := inputKey{input: input, rules: rules}
	c.mu.Lock()
	kept := c.splits[key]
	delete(c.splits, key)
	c.mu.Unlock()
	if kept == nil || kept.scopes != scopes {
		kept = &keptSplit{scopes: scopes, splitter: &stream.Splitter{}}
	}
	rs, err := kept.splitter.SplitKnown(docs, scopes)
	c.mu.Lock()
	c.splits[key] = kept
	c.mu.Unlock()
	return rs, err
}

// parse returns yamltree.Parse(input, text, opts), reusing the documents of the last reading of
// input with the same rules. Only opts.Rules may vary between calls: the bounds must be fixed.
func (c *parseCache) parse(input yamltree.Input, text string, opts yamltree.Options) ([]*yamltree.Document, error) {
	if c.keepNone {
		return yamltree.Parse(input, text, opts)
	}
	return c.reader(input, opts).Parse(text)
}

// parseShared is parse handing out the documents the cache keeps (yamltree.Reader.ParseShared),
// for a caller that never changes them.
func (c *parseCache) parseShared(input yamltree.Input, text string, opts yamltree.Options) ([]*yamltree.Document, error) {
	if c.keepNone {
		return yamltree.Parse(input, text, opts)
	}
	return c.reader(input, opts).ParseShared(text)
}

// reader returns the Reader of input with opts.Rules, made on first use.
func (c *parseCache) reader(input yamltree.Input, opts yamltree.Options) *yamltree.Reader {
	key := inputKey{input: input, rules: opts.Rules}
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.readers[key]
	if r == nil {
		r = yamltree.NewReader(input, opts)
		c.readers[key] = r
	}
	return r
}

// schema returns schema.Load(text, base) as user, and schema.Merge(base, user) as merged, reusing
// the last reading when text and base are the same.
func (c *parseCache) schema(text string, base *schema.Set) (user, merged *schema.Set, err error) {
	c.mu.Lock()
	last := c.schemas
	c.mu.Unlock()
	if last != nil && last.text == text && last.base == base {
		return last.set, last.merged, last.err
	}
	read := &parsedSchema{text: text, base: base}
	read.set, read.err = schema.Load(text, base)
	if read.err == nil {
		read.merged = schema.Merge(base, read.set)
	}
	c.mu.Lock()
	c.schemas = read
	c.mu.Unlock()
	return read.set, read.merged, read.err
}
