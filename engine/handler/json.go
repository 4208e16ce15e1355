package handler

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ResourceInfos is the response's extra.resources.
type ResourceInfos []ResourceInfo

// WriteJSON writes the resources as a list (null when nil).
func (rs ResourceInfos) WriteJSON(w *jsonwire.Writer) { jsonwire.WriteList(w, rs) }

// SameAs reports whether other is ResourceInfos equal to rs: an answer's delta compares them so,
// rather than by their JSON (contract.EncodeAnswer).
func (rs ResourceInfos) SameAs(other any) bool {
	o, ok := other.(ResourceInfos)
	return ok && (rs == nil) == (o == nil) && slices.Equal(rs, o)
}

// WriteJSON writes the resource as its json tags say.
func (r ResourceInfo) WriteJSON(w *jsonwire.Writer) {
	w.OpenObject()
	w.Key("input").String(r.Input)
	w.Key("resource").String(r.Resource)
	w.Key("line").Int(r.Line)
	w.CloseObject()
}

// MarshalModes describes the contract's options and the handler's modes, for a help text and
// for the page, whose mode table is generated from it (web/enginemodes.js, by scripts/modesjs):
//
//	{"options": [{"key", "type", "default", "choices", "maxLength", "meaning"}],
//	 "modes": [{"name", "short", "title", "summary", "starter", "rules" ("kubectl" or "kyaml"),
//	            "inputs": {"original": {"label", "hint"} or null, "updated", "live"},
//	            "options": [{"key", "label", "help", "placeholder", "size", "sent"}],
//	            "validates", "readOnly", "commands", "reproducible",
//	            "again": {"original"?: "updated", "live": "result"}, "againHelp",
//	            "marks", "fold", "views"}],
//	 "writers": [the history's writers (modes.Mode.Writer), as the modes]}
//
// the modes in the handler's order; every object's keys sorted.
func (h *Handler) MarshalModes() ([]byte, error) {
	options := make([]any, 0)
	for _, o := range contract.OptionSpecs() {
		options = append(options, optionSpecJSON(o))
	}
	list, writers := make([]any, 0), make([]any, 0)
	for _, m := range h.Modes() {
		if m.Writer {
			writers = append(writers, modeJSON(m))
		} else {
			list = append(list, modeJSON(m))
		}
	}
	var w jsonwire.Writer
	w.Value(map[string]any{"options": options, "modes": list, "writers": writers})
	return w.Bytes()
}

// optionSpecJSON is an option of the contract as MarshalModes writes it.
func optionSpecJSON(o contract.OptionSpec) map[string]any {
	out := map[string]any{"key": o.Key, "type": string(o.Type), "default": o.Default, "meaning": o.Meaning}
	if o.Choices != nil {
		out["choices"] = o.Choices
	}
	if o.MaxLength > 0 {
		out["maxLength"] = o.MaxLength
	}
	return out
}

// modeJSON is a mode as MarshalModes writes it.
func modeJSON(m modes.Mode) map[string]any {
	rules := "kubectl"
	if m.Rules == yamltree.YAML12 {
		rules = "kyaml"
	}
	inputs := map[string]any{}
	for _, name := range []yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live} {
		inputs[string(name)] = nil
		if r, ok := m.Role(name); ok {
			inputs[string(name)] = map[string]any{"label": r.Label, "hint": r.Hint}
		}
	}
	again := map[string]any{"live": "result"}
	if m.Again.Original != "" {
		again["original"] = string(m.Again.Original)
	}
	marks := make([]string, len(m.Marks))
	for i, k := range m.Marks {
		marks[i] = string(k)
	}
	return map[string]any{"name": m.Name, "short": m.Short, "title": m.Title, "summary": m.Summary, "starter": m.Starter, "rules": rules,
		"inputs": inputs, "options": modeOptionsJSON(m.Options), "validates": m.Validates, "readOnly": m.ReadOnly,
		"commands": m.Commands != nil, "reproducible": m.Reproduce.Replays, "again": again, "againHelp": m.Again.Help,
		"marks": marks, "fold": nonNil(m.Folds), "views": nonNil(m.Views)}
}

// modeOptionsJSON is a mode's options as MarshalModes writes them.
func modeOptionsJSON(options []modes.Option) []any {
	out := make([]any, 0, len(options))
	for _, o := range options {
		item := map[string]any{"key": o.Key, "label": o.Label, "help": o.Help}
		if o.Placeholder != "" {
			item["placeholder"] = o.Placeholder
		}
		if o.Size > 0 {
			item["size"] = o.Size
		}
		if o.Sent {
			item["sent"] = true
		}
		out = append(out, item)
	}
	return out
}

// nonNil is list, or an empty list for nil (written [], not null).
func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}
