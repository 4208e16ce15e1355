package modes

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Memo keeps what a mode worked out for each resource from one request to the next, so that an
// edit merges again only the resources whose documents changed: the page sends every input on
// every key, and a 4 MiB stream holds thousands of resources, one of them edited.
//
// A resource is named by its documents (Documents): the roots the handler's reading cache hands
// out, which are the same nodes only while their text and their lines are the same (a read-only
// mode reads the cache's own documents; any other gets copies, which never match). The handler
// keeps one memo per mode and hands it to the next request with the same options; what a request
// does not recall or keep is forgotten when it ends, so a memo holds at most one answer's worth.
// A mode keeps only what it worked out from the documents alone (and says so where it keeps it);
// whatever else an entry depends on, the mode keeps with it and compares on recall.
//
// A nil Memo recalls nothing and keeps nothing. A Memo serves one request at a time.
type Memo struct {
	options contract.Options
	last    map[Documents]any
	next    map[Documents]any
}

// Documents names one resource by its documents' roots in the three inputs (nil where an input
// lacks it).
type Documents struct {
	Original, Updated, Live *yamltree.Node
}

// DocumentsOf names a resource by its documents in the three inputs.
func DocumentsOf(t stream.Triple) Documents {
	return Documents{Original: RootOf(t.Original), Updated: RootOf(t.Updated), Live: RootOf(t.Live)}
}

// NewMemo returns an empty memo for requests with the given options.
func NewMemo(options contract.Options) *Memo {
	return &Memo{options: options, last: map[Documents]any{}, next: map[Documents]any{}}
}

// Recall returns what the last request kept for the resource, and keeps it for the next.
func (m *Memo) Recall(key Documents) (any, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m.last[key]
	if ok {
		m.next[key] = v
	}
	return v, ok
}

// Keep keeps v for the resource, for the next request.
func (m *Memo) Keep(key Documents, v any) {
	if m != nil {
		m.next[key] = v
	}
}

// Kept returns what this request kept or recalled for the resource, for a step after the mode's
// run that reads it (the mode's commands, modes.Mode.Commands).
func (m *Memo) Kept(key Documents) (any, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m.next[key]
	return v, ok
}

// Next returns the memo to hand to the request after this one: what this request recalled or
// kept, if that request has the same options; else an empty memo.
func (m *Memo) Next(options contract.Options) *Memo {
	if m == nil || m.options != options {
		return NewMemo(options)
	}
	return &Memo{options: options, last: m.next, next: make(map[Documents]any, len(m.next))}
}
