package handler

import (
	"strings"
	"sync"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/objectmeta"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// decodesMetadata reports whether a request's reference reads the config as `kubectl apply -f`
// reads a file, decoding each document's metadata as ObjectMeta before anything else
// (modes.Mode.DecodesMetadata: apply, and ssa sent by kubectl, whose commands are kubectl apply
// --server-side or, for an update, kubectl replace -f, observed to refuse alike with kubectl
// v1.37.2, as kubectl create -f does; the API server's apply alone decodes no file).
func decodesMetadata(m modes.Mode, opts contract.Options) bool {
	return m.DecodesMetadata != nil && m.DecodesMetadata(opts)
}

// dropUndecodable takes out of the config the documents kubectl cannot decode (their metadata
// does not decode as ObjectMeta, package objectmeta, or their kind is not a string), in the modes
// that read the config as kubectl apply -f reads a file (decodesMetadata), and returns kubectl's
// refusal of each, in kubectl's words (`unable to decode "config.yaml": json: cannot unmarshal
// ...`, the file the response's commands name) at the refused value, and whether the config still
// holds an object. kubectl applies the file's other documents, before and after, and exits with
// status 1 (observed with kubectl and kube-apiserver v1.37.2, scripts/reproduce/run-apiserver.sh,
// 2026-12-06: client-side and --server-side, every --validate value; yamldiff's class
// undecodable), so the request merges them. But a kind that is not a string fails kubectl's own
// schema check first, unless options.validate is ignore (--validate=false): kubectl stops reading
// the file there, having applied the documents before it (observed alike: `error: error
// validating "config.yaml": error validating data: kind isn't string type; ...`), and so do the
// documents the request merges. A List is one document: kubectl decodes its own metadata so, not
// its items' (observed with kubectl v1.37.2: an item's bad label reaches the API server, which
// refuses the object as it decodes it, as strict validation says here).
func (h *Handler) dropUndecodable(m modes.Mode, in *modes.Input) (refusals []contract.Error, left bool) {
	if !decodesMetadata(m, in.Request.Options) {
		return nil, len(in.Updated) > 0
	}
	decoded := h.decoded
	if !m.ReadOnly { // its documents are copies, new at every request: nothing to recall
		decoded = nil
	}
	defer decoded.turn()
	refused := map[*yamltree.Document]bool{}
	kept := make([]*stream.Resource, 0, len(in.Updated))
	stopped := false
	for _, r := range in.Updated {
		switch {
		case stopped || refused[r.Doc]:
			continue
		case r.Doc == nil:
			kept = append(kept, r)
			continue
		}
		refusal, stops := decoded.undecodable(r.Doc.Root, in.Request.Options.Validate)
		if refusal == nil {
			kept = append(kept, r)
			continue
		}
		refused[r.Doc], stopped = true, stops
		refusals = append(refusals, *refusal)
	}
	if len(refusals) > 0 {
		in.Updated = kept
	}
	return refusals, len(kept) > 0
}

// decodings remembers undecodable's verdict on each config document of the last request, for
// one value of options.validate: an edit of a long stream decodes again only the documents
// it changed (the reading cache hands the others out again, the same nodes). It is safe for
// concurrent use; a nil decodings remembers nothing.
type decodings struct {
	mu       sync.Mutex
	validate string
	last     map[*yamltree.Node]decoding
	next     map[*yamltree.Node]decoding
}

// decoding is undecodable's verdict on a document.
type decoding struct {
	_       incomparable.Field
	refusal *contract.Error
	stops   bool
}

// undecodable is the package's undecodable, recalled for a document read before with the same
// validate.
func (d *decodings) undecodable(root *yamltree.Node, validate string) (*contract.Error, bool) {
	if d == nil {
		return undecodable(root, validate)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.validate != validate {
		d.validate, d.last, d.next = validate, nil, nil
	}
	v, ok := d.last[root]
	if !ok {
		v.refusal, v.stops = undecodable(root, validate)
	}
	if d.next == nil {
		d.next = make(map[*yamltree.Node]decoding, len(d.last))
	}
	d.next[root] = v
	return v.refusal, v.stops
}

// turn makes the verdicts of the request just read the ones the next request recalls.
func (d *decodings) turn() {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.last, d.next = d.next, nil
}

// kindNotString is kubectl's schema check's message for a kind that is not a string.
const kindNotString = `error validating "` + command.ConfigFile + `": error validating data: kind isn't string type; if you choose to ignore these errors, turn validation off with --validate=false`

// undecodable returns kubectl's refusal of a config document, or nil, and whether kubectl stops
// reading the file there (its schema check, under validate strict or warn).
func undecodable(root *yamltree.Node, validate string) (*contract.Error, bool) {
	if p := objectmeta.Kind(root); p != nil && validate != contract.ValidateIgnore {
		return &contract.Error{Input: string(p.Pos.Input), Line: p.Pos.Line, Column: p.Pos.Column, Message: kindNotString}, true
	}
	if p := objectmeta.Check(root); p != nil {
		return &contract.Error{Input: string(p.Pos.Input), Line: p.Pos.Line, Column: p.Pos.Column,
			Message: `unable to decode "` + command.ConfigFile + `": ` + p.Message}, false
	}
	return nil, false
}

// kindRefusals are the refusals of objects whose kind cannot be decoded, in the modes that read
// as kubectl (YAML 1.1 rules): a kind that is not a string in last-applied or live
// (objectmeta.Kind; dropUndecodable reads the config of apply and ssa, a patch's kind names its
// target), or in a render twoway sends (objectmeta.KindToServer), and a live object without a
// kind when the config names kinds (objectmeta.KindAbsent): kubectl decodes live as an object
// (and twoway reads live as kubectl does: Helm patches what the server holds, where no object
// lacks a kind), where the playground pairs documents without a kind by position only when none
// names one.
func kindRefusals(m modes.Mode, in *modes.Input) []contract.Error {
	if m.Rules != yamltree.YAML11 {
		return nil
	}
	var out []contract.Error
	check := func(rs []*stream.Resource, checks ...func(*yamltree.Node) *objectmeta.Problem) {
		for _, r := range rs {
			for _, c := range checks {
				if p := c(r.Root); p != nil {
					out = append(out, contract.Error{Input: string(p.Pos.Input), Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message})
					break
				}
			}
		}
	}
	check(in.Original, objectmeta.Kind)
	if m.Name == "twoway" {
		check(in.Updated, objectmeta.KindToServer)
	}
	if namesKinds(in.Updated) {
		check(in.Live, objectmeta.Kind, objectmeta.KindAbsent)
	} else {
		check(in.Live, objectmeta.Kind)
	}
	return out
}

// noObjects is kubectl apply's refusal of a config that holds documents but no object (only
// null, empty and comment-only ones), in the modes that stand for kubectl apply -f
// (decodesMetadata): kubectl prints "error: no objects passed to apply" and sends nothing
// (observed with kubectl v1.37.2, scripts/reproduce/run-apiserver.sh, 2026-12-06, client-side and
// --server-side). A blank config is the page's empty editor, not a file: it is merged as no
// config (kubectl refuses an empty file alike: observed the same).
func noObjects(m modes.Mode, in *modes.Input) []contract.Error {
	if !decodesMetadata(m, in.Request.Options) || len(in.Updated) > 0 || strings.TrimSpace(in.Request.Updated) == "" {
		return nil
	}
	return []contract.Error{{Input: string(yamltree.Updated), Line: 1, Column: 1, Message: "no objects passed to apply"}}
}

// namesKinds reports whether a resource of rs names its kind.
func namesKinds(rs []*stream.Resource) bool {
	for _, r := range rs {
		if r.ID.Kind != "" {
			return true
		}
	}
	return false
}
