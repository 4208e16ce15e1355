package twoway

import (
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// piece is one resource's part of an answer: its two-way result document written as if it were
// the result's only one, its marks and warnings placed there, its three-way result document, its
// repair and two-way patches. assemble moves the pieces to their places in the streams. A piece
// is kept in the request's memo (modes.Memo) and answers the next request whose three documents
// are the same: it is worked out from the documents and the options alone (the memo holds one
// request's options).
type piece struct {
	id     string
	log    *decision.Log
	warned []contract.Warned
	// text is the two-way result document, written alone ("" when the result lacks the
	// resource); lines counts its lines, and rootEnd is its root's last line.
	text           string
	lines, rootEnd int
	// layout, fields and warnings are the document's blocks and folds, the resource's marks and
	// its out-of-sync warnings, their result lines counted from the document's first line (a
	// resource the result lacks is drawn before the first document).
	layout   contract.Layout
	fields   []contract.Field
	warnings []Warning
	// dropped are the facts of the dropped marks by their index in fields: their reasons name
	// the result line of the item kept, which moves with the document.
	dropped map[int]fact
	// three is the three-way result document, written alone ("" when there is none).
	three string
	// repair is the repair patch (nil for none); patch the two-way patch as JSON, when hasPatch.
	repair   *Repair
	patch    string
	hasPatch bool
}

// answered is one resource of a request: its upgrades, worked out now, or its piece, recalled
// from the memo (then upgraded is nil).
type answered struct {
	key      modes.Documents
	upgraded *upgraded
	piece    *piece
}

// documentsOf names a resource's documents for the memo.
func documentsOf(t stream.Triple) modes.Documents {
	return modes.Documents{Original: modes.RootOf(t.Original), Updated: modes.RootOf(t.Updated), Live: modes.RootOf(t.Live)}
}

// recall returns the piece the memo holds for the resource, else nil.
func recall(memo *modes.Memo, key modes.Documents) *piece {
	v, ok := memo.Recall(key)
	if !ok {
		return nil
	}
	p, _ := v.(*piece)
	return p
}

// render writes one resource's piece.
func render(u *upgraded) *piece {
	p := &piece{id: u.triple.ID.String(), log: u.log, warned: u.warned}
	var docs []*yamltree.Document
	if u.stored.Root != nil {
		docs = []*yamltree.Document{{Root: u.stored.Root}}
	}
	text, layout := yamltree.Emit(docs)
	layout.Alias(u.stored.Copies)
	if u.stored.Root != nil {
		p.text, p.lines, p.rootEnd = text, strings.Count(text, "\n"), layout.EndLine(u.stored.Root)
		p.layout = explain.ResultLayout(layout, docs)
	}
	spot := explain.Spot{Result: u.stored.Root, Live: modes.RootOf(u.triple.Live)}
	marking := modes.Marking{Mode: "twoway", Source: "the new render", Layout: layout, Spot: spot, Triple: u.triple, Log: u.log}
	p.fields = marking.StoredMarks(u.stored, u.marks(layout, spot))
	k := 0
	for i, f := range p.fields {
		if f.Rule == string(ruleDroppedRepeatedKey) && k < len(u.dropped) {
			if p.dropped == nil {
				p.dropped = map[int]fact{}
			}
			p.dropped[i] = u.dropped[k]
			k++
		}
	}
	p.warnings = u.warnings(layout)
	if u.three != nil {
		p.three = yamltree.EmitText([]*yamltree.Document{{Root: u.three}})
	}
	if u.repair != nil && len(u.repair.Fields) > 0 {
		r := newRepair(u.triple.ID, u.patchType(), jsonOf(u.repair))
		p.repair = &r
	}
	if u.twoPatch != nil {
		p.patch, p.hasPatch = jsonOf(u.twoPatch), true
	}
	return p
}

// assemble writes the two-way result stream from the pieces, in order, with their marks, layout
// and warnings moved to where each document stands in it; the three-way result stream; the
// repair patches and the two-way patches.
func assemble(resp *contract.Response, pieces []*piece) {
	var text, three strings.Builder
	size, fields := 0, 0
	for _, p := range pieces {
		size, fields = size+len(p.text)+len("---\n"), fields+len(p.fields)
	}
	text.Grow(size)
	resp.Fields = slices.Grow(resp.Fields, fields)
	warnings, repairs := []Warning{}, []Repair{}
	var patches []string
	at, threeDocs := explain.Stitch{}, 0
	for _, p := range pieces {
		lines := at.RootEnd
		if p.text != "" {
			lines = at.Open(&text)
			text.WriteString(p.text)
		}
		first := len(resp.Fields)
		resp.Fields = at.Fields(resp.Fields, p.fields, lines)
		for i, f := range p.dropped {
			f.resultLine = explain.Down(f.resultLine, lines)
			resp.Fields[first+i].Reason = reasons[ruleDroppedRepeatedKey](f)
		}
		for _, w := range p.warnings {
			w.Line = explain.Down(w.Line, lines)
			warnings = append(warnings, w)
		}
		if p.text != "" {
			at.Layout(&resp.Layout, p.layout, lines)
			resp.ResultResources = append(resp.ResultResources, p.id)
			at.Close(p.lines, p.rootEnd)
		}
		if p.three != "" {
			if threeDocs > 0 {
				three.WriteString("---\n")
			}
			three.WriteString(p.three)
			threeDocs++
		}
		if p.repair != nil {
			repairs = append(repairs, *p.repair)
		}
		if p.hasPatch {
			patches = append(patches, p.patch)
		}
	}
	resp.Result = text.String()
	resp.Patch = strings.Join(patches, "\n")
	resp.Extra["threeWay"] = map[string]string{"result": three.String()}
	resp.Extra["warnings"] = Warnings(warnings)
	resp.Extra["repairPatches"] = Repairs(repairs)
}
