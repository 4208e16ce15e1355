package merge3

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/linediff"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// An edit of a long stream changes one document or a few, and the page sends every input on
// every key. So a request is answered in two reads: a light one of every document (its identity
// as kio pairs it, remembered from the last request for a document that is the same node), which
// groups the resources as kio does; and the full one (package ynode) only for the groups whose
// documents changed, which are merged, written and marked into their pieces (pieces.go). Every
// other group answers with its piece of the last answer.
//
// What a group's piece depends on besides its documents is checked before it is reused: whether
// kio copied the annotations' legacy names (two resources or more), and whether its name was
// taken by an earlier group. What depends on the whole inputs is worked out on every request:
// the separators (checkSeparators), a List kio would unwrap, the grouping and its duplicates.
// A document's full read depends on its text alone only where kio cuts the stream where yamltree
// does (cutAlike); anything else, and any error, is answered whole (answerWhole), as before.

// answerByPieces answers the request from the groups' pieces, recalled or worked out now; false
// when the request must be answered whole.
func answerByPieces(in *modes.Input, m *merging, diffs *linediff.Memo) (*contract.Response, bool) {
	r, ok := readLight(in, m.scope)
	if !ok {
		return nil, false
	}
	groups, ok := pairEntries(r.entries)
	if !ok {
		return nil, false
	}
	resp := contract.NewResponse()
	resp.Decisions = decision.Book{}
	pieces := make([]*piece, len(groups))
	taken := map[string]bool{}
	for i, g := range groups {
		p, err := r.pieceOf(g, m, taken)
		if err != nil {
			return nil, false
		}
		pieces[i] = p
		taken[p.name] = true
	}
	in.Memo.Keep(modes.Documents{}, r.next)
	return resp, assemble(resp, pieces, diffs)
}

// docFacts are what the light read knows of a document: its name in the response, its identity
// as kio pairs it, and its kind when it is a list kio's reader may unwrap (listKind).
type docFacts struct {
	_    incomparable.Field
	id   stream.ID
	key  kioKey
	list string
}

// docRef names one document of one input.
type docRef struct {
	role string
	root *yamltree.Node
}

// knownDocs are the facts of a request's documents, kept in the memo for the next under the
// key that names no documents (no group has none); mirrored says kio copied the annotations'
// legacy names, which a document's identity depends on.
// checked are the inputs' texts every line of which passed strictLine, by input: only the lines
// an edit changed are scanned again (checkText).
type knownDocs struct {
	mirrored bool
	facts    map[docRef]docFacts
	checked  map[yamltree.Input]string
}

// entry is one document of an input: its facts, and the resource read from it in full (nil
// until a group needs it).
type entry struct {
	_     incomparable.Field
	input yamltree.Input
	role  string
	root  *yamltree.Node
	facts docFacts
	res   *resource
}

// lightReading is the light read of a request's inputs.
type lightReading struct {
	memo    *modes.Memo
	scope   stream.Scope
	texts   map[yamltree.Input]string
	sources map[yamltree.Input]ynode.Source // made when a document is first read in full
	entries []*entry
	// last are the facts the last request kept (nil: none usable); next those this one keeps.
	last, next *knownDocs
}

// inputRead is one input as the light read takes it, in kio's order.
type inputRead struct {
	input yamltree.Input
	text  string
	rs    []*stream.Resource
	role  string
}

// readLight lists every document of the three inputs in kio's order (local, original, updated)
// with its facts; false when the request must be answered whole.
func readLight(in *modes.Input, scope stream.Scope) (*lightReading, bool) {
	inputs := []inputRead{
		{yamltree.Live, in.Request.Live, in.Live, sourceLocal},
		{yamltree.Original, in.Request.Original, in.Original, sourceOriginal},
		{yamltree.Updated, in.Request.Updated, in.Updated, sourceUpdated},
	}
	r := &lightReading{memo: in.Memo, scope: scope, texts: map[yamltree.Input]string{}, sources: map[yamltree.Input]ynode.Source{}}
	last := &knownDocs{}
	if v, ok := in.Memo.Recall(modes.Documents{}); ok {
		if known, isKnown := v.(*knownDocs); isKnown {
			last = known
		}
	}
	if !r.checkInputs(inputs, last) {
		return nil, false
	}
	for _, ir := range inputs {
		for _, doc := range documentsOf(ir.rs) {
			e := &entry{input: ir.input, role: ir.role, root: doc.Root}
			if !r.know(e) || (e.facts.list != "" && kioDocuments(ir.text) == 1) {
				return nil, false // kio's error on a List (readResources)
			}
			r.entries = append(r.entries, e)
		}
	}
	return r, true
}

// checkInputs runs the checks on whole texts (checkText) and starts the facts to keep (r.next),
// taking last's where they apply; false when an input fails them.
func (r *lightReading) checkInputs(inputs []inputRead, last *knownDocs) bool {
	documents := 0
	checked := map[yamltree.Input]string{}
	for _, ir := range inputs {
		ok, strict := checkText(ir.input, ir.text, last.checked[ir.input])
		if !ok {
			return false
		}
		if strict {
			checked[ir.input] = ir.text
		}
		r.texts[ir.input] = ir.text
		documents += len(documentsOf(ir.rs))
	}
	r.next = &knownDocs{mirrored: documents >= 2, facts: make(map[docRef]docFacts, documents), checked: checked}
	if last.facts != nil && last.mirrored == r.next.mirrored {
		r.last = last
	}
	return true
}

// documentsOf lists the documents an input's resources come from, each once.
func documentsOf(rs []*stream.Resource) []*yamltree.Document {
	var out []*yamltree.Document
	for _, res := range rs {
		if len(out) == 0 || out[len(out)-1] != res.Doc {
			out = append(out, res.Doc)
		}
	}
	return out
}

// know finds a document's facts: the last request's, else worked out from its full read; false
// when it is a List kio's reader unwraps, or its full read fails.
func (r *lightReading) know(e *entry) bool {
	ref := docRef{role: e.role, root: e.root}
	f, ok := docFacts{}, false
	if r.last != nil {
		f, ok = r.last.facts[ref]
	}
	if !ok {
		if f.list = listKind(e.root); f.list != "" && kioDocuments(r.texts[e.input]) == 1 {
			return false // refused before it is read (readResources)
		}
		if err := r.readFull(e); err != nil {
			return false
		}
		f.id, f.key = e.res.id, keyOfResource(e.res.root)
	}
	e.facts = f
	r.next.facts[ref] = f
	return true
}

// readFull reads a document in full as readResources and groupResources do.
func (r *lightReading) readFull(e *entry) error {
	source, ok := r.sources[e.input]
	if !ok {
		source = ynode.NewSource(r.texts[e.input])
		r.sources[e.input] = source
	}
	res, err := readResource(e.input, e.root, source, e.role, r.scope)
	if err != nil {
		return err
	}
	if r.next.mirrored {
		if err := mirrorAnnotationNames(res.root, res.notes); err != nil {
			return err
		}
	}
	e.res = res
	return nil
}

// entryGroup is one resource as each input holds it, by its documents.
type entryGroup struct {
	local, original, updated *entry
}

// pairEntries pairs the documents as groupResources does; false when two of one input pair
// alike (groupResources' error, which answerWhole reports).
func pairEntries(entries []*entry) ([]*entryGroup, bool) {
	var groups []*entryGroup
	index := map[kioKey]*entryGroup{}
	for _, e := range entries {
		g, ok := index[e.facts.key]
		if !ok {
			g = &entryGroup{}
			index[e.facts.key] = g
			groups = append(groups, g)
		}
		slot := g.slot(e.role)
		if *slot != nil {
			return nil, false
		}
		*slot = e
	}
	return groups, true
}

// slot is where the group holds the document of role.
func (g *entryGroup) slot(role string) **entry {
	switch role {
	case sourceLocal:
		return &g.local
	case sourceOriginal:
		return &g.original
	}
	return &g.updated
}

// documents names the group's documents for the memo.
func (g *entryGroup) documents() modes.Documents {
	var key modes.Documents
	for _, d := range []struct {
		e  *entry
		to **yamltree.Node
	}{{g.original, &key.Original}, {g.updated, &key.Updated}, {g.local, &key.Live}} {
		if d.e != nil {
			*d.to = d.e.root
		}
	}
	return key
}

// id names the group in the response as group.id does.
func (g *entryGroup) id() stream.ID {
	for _, e := range []*entry{g.updated, g.local, g.original} {
		if e != nil {
			return e.facts.id
		}
	}
	return stream.ID{}
}

// pieceOf returns the group's piece: the last answer's when it holds the same documents, read and
// named the same way; else worked out now (read in full, merged, written, marked) and kept.
// taken are the names of the groups before it.
func (r *lightReading) pieceOf(g *entryGroup, m *merging, taken map[string]bool) (*piece, error) {
	key := g.documents()
	id := g.id().String()
	if v, ok := r.memo.Recall(key); ok {
		if p, isPiece := v.(*piece); isPiece && p.mirrored == r.next.mirrored && p.byKioName == taken[id] {
			return p, nil
		}
	}
	full, err := r.group(g)
	if err != nil {
		return nil, err
	}
	o, err := handleGroup(full, m)
	if err != nil {
		return nil, err
	}
	o.name = id
	if taken[id] {
		o.name = full.kioName()
	}
	p := render(o, m.rules)
	p.mirrored, p.byKioName = r.next.mirrored, taken[id]
	r.memo.Keep(key, p)
	return p, nil
}

// group reads the group's documents in full where the light read did not.
func (r *lightReading) group(g *entryGroup) (*group, error) {
	out := &group{}
	for _, s := range []struct {
		e  *entry
		to **resource
	}{{g.local, &out.local}, {g.original, &out.original}, {g.updated, &out.updated}} {
		if s.e == nil {
			continue
		}
		if s.e.res == nil {
			if err := r.readFull(s.e); err != nil {
				return nil, err
			}
		}
		if s.e.res.id != s.e.facts.id || keyOfResource(s.e.res.root) != s.e.facts.key {
			return nil, errors.New("merge3: " + string(s.e.input) + " read as " + s.e.res.id.String() + " where the last request read " + s.e.facts.id.String())
		}
		*s.to = s.e.res
	}
	return out, nil
}
