// Package label is two modes, kubectl label and kubectl annotate on every object of live: the
// words of options.args in kubectl's syntax (key=value sets, key- removes, --overwrite lets a
// key change value), sent as an update by kubectl-label or kubectl-annotate, answered as the
// ssa mode answers an update (ssa.Write).
//
// Observed with kubectl and kube-apiserver v1.37.2 (engine/modes/writer/testdata/observed.txt):
// without --overwrite, a key live holds with another value is refused ("error: 'tier' already
// has a value (front), and --overwrite is false"; kubectl annotate: "error: --overwrite is false
// but found the following declared annotation(s): 'note' already has a value (hello)"), and the
// same value is not; kubectl label prints "labeled", "unlabeled" (removals only) or "not
// labeled" (nothing changed, with `label "absent" not found.` for each key it could not remove);
// kubectl annotate prints "annotated" whatever changed; a word that is neither key=value nor key-
// alone is refused ("error: at least one label update is required"). The words are split at
// white space: no shell quoting.
package label

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// verb is one of the two commands: what it edits and how kubectl words it.
type verb struct {
	name, field, manager string
	// refusal is kubectl's message for a key live holds with another value.
	refusal func(key, live string) string
	// outcome is what kubectl prints after the object's name.
	outcome func(c change) string
}

// change is what a command did to one object.
type change int

// The changes.
const (
	unchanged   change = iota // nothing (a value set again, a key removed that was not there)
	removedOnly               // keys removed, and no key=value word
	changed                   // anything else
)

var labelVerb = verb{name: "label", field: "labels", manager: writer.ManagerLabel,
	refusal: func(key, live string) string {
		return "error: '" + key + "' already has a value (" + live + "), and --overwrite is false"
	},
	outcome: func(c change) string {
		return [...]string{unchanged: "not labeled", removedOnly: "unlabeled", changed: "labeled"}[c]
	}}

var annotateVerb = verb{name: "annotate", field: "annotations", manager: writer.ManagerAnnotate,
	refusal: func(key, live string) string {
		return "error: --overwrite is false but found the following declared annotation(s): '" + key + "' already has a value (" + live + ")"
	},
	outcome: func(change) string { return "annotated" }}

// Mode is the label mode, for the handler's registry.
func Mode() modes.Mode {
	return labelVerb.mode("kubectl label: labels set (key=value) or removed (key-) on the live object, by kubectl-label, who then owns them.")
}

// AnnotateMode is the annotate mode, for the handler's registry.
func AnnotateMode() modes.Mode {
	return annotateVerb.mode("kubectl annotate: annotations set (key=value) or removed (key-) on the live object, by kubectl-annotate, who then owns them.")
}

func (v verb) mode(summary string) modes.Mode {
	return writer.Mode(modes.Mode{
		Name: v.name, Short: "kubectl " + v.name, Title: "kubectl " + v.name, Summary: summary,
		Inputs: []modes.Role{{Input: yamltree.Live, Label: "live object", Hint: "the object to " + v.name + ", with its managedFields"}},
		Options: []modes.Option{
			{Key: "args", Label: "words", Help: "key=value sets, key- removes, --overwrite lets a key change value", Placeholder: "tier=front --overwrite", Size: 30},
			writer.TimeOption,
		},
		Commands: v.commands,
		Marks:    []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Retained, contract.Ignored},
		Run:      v.run,
	})
}

// words are options.args read: the keys to set, in order, the keys to remove, and --overwrite.
type words struct {
	set       [][2]string
	remove    []string
	overwrite bool
}

// parse reads options.args.
func (v verb) parse(args string) (words, error) {
	var w words
	for _, word := range strings.Fields(args) {
		key, value, isSet := strings.Cut(word, "=")
		switch {
		case word == "--overwrite" || word == "--overwrite=true":
			w.overwrite = true
		case word == "--overwrite=false":
			w.overwrite = false
		case isSet && key != "" && !strings.HasPrefix(key, "-"):
			w.set = append(w.set, [2]string{key, value})
		case strings.HasSuffix(word, "-") && len(word) > 1 && !strings.HasPrefix(word, "-"):
			w.remove = append(w.remove, strings.TrimSuffix(word, "-"))
		default:
			return w, errors.New("options.args: " + strconv.Quote(word) + " is neither key=value, key- nor --overwrite (kubectl: error: at least one " + strings.TrimSuffix(v.field, "s") + " update is required)")
		}
	}
	if len(w.set)+len(w.remove) == 0 {
		return w, errors.New("options.args: error: at least one " + strings.TrimSuffix(v.field, "s") + " update is required")
	}
	return w, nil
}

// run edits every object of live.
func (v verb) run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	w, err := v.parse(in.Request.Options.Args)
	if err != nil {
		resp.AddError("request", err)
		return resp
	}
	if len(in.Live) == 0 {
		resp.AddError(string(yamltree.Live), errors.New("kubectl "+v.name+" acts on an object the cluster holds: live is empty (the API server answers NotFound)"))
		return resp
	}
	var sent []*stream.Resource
	for _, r := range in.Live {
		obj, refusal := v.edit(r.Root, w)
		if refusal != "" {
			writer.Refuse(resp, yamltree.Live, r.Root.Pos, "kubectl "+v.name+" refuses to change a key live holds without --overwrite: "+refusal, refusal)
			continue
		}
		sent = append(sent, writer.Sent(r, obj))
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	return ssa.Write(in, ssa.Writer{Manager: v.manager, Objects: sent})
}

// edit is obj with the words carried out, or kubectl's refusal of the first key it may not change.
func (v verb) edit(obj *yamltree.Node, w words) (*yamltree.Node, string) {
	out := obj.Clone()
	meta := out.Get("metadata")
	if !meta.IsMap() {
		meta = yamltree.NewMap()
		out.Set("metadata", meta)
	}
	m := meta.Get(v.field)
	if !m.IsMap() {
		m = yamltree.NewMap()
	}
	for _, kv := range w.set {
		if old := m.Get(kv[0]); old != nil && !w.overwrite && old.Str() != kv[1] {
			return nil, v.refusal(kv[0], old.Str())
		}
		m.Set(kv[0], yamltree.NewString(kv[1]))
	}
	for _, key := range w.remove {
		m.Delete(key)
	}
	if len(m.Fields) > 0 {
		meta.Set(v.field, m)
	} else {
		meta.Delete(v.field)
	}
	return out, ""
}

// commands is the command, one per object, and what it prints.
func (v verb) commands(in *modes.Input, resp *contract.Response) []contract.Command {
	w, _ := v.parse(in.Request.Options.Args)
	var out []contract.Command
	for _, r := range in.Live {
		words := append([]string{"kubectl", v.name}, writer.Target(r.ID)...)
		words = append(words, strings.Fields(in.Request.Options.Args)...)
		cmd := contract.Command{Tool: "kubectl", Line: shell.Join(words...),
			About: "an update of metadata." + v.field + " by " + v.manager + ", who owns what it sets"}
		if len(resp.Errors) == 0 {
			cmd.Output = v.printed(r, w)
		}
		out = append(out, cmd)
	}
	return out
}

// printed is what the command prints for one object it carried out.
func (v verb) printed(r *stream.Resource, w words) []string {
	live := r.Root.Lookup("metadata", v.field)
	did := unchanged
	var out []string
	for _, kv := range w.set {
		if live.Get(kv[0]) == nil || live.Get(kv[0]).Str() != kv[1] {
			did = changed
		}
	}
	for _, key := range w.remove {
		switch {
		case live.Get(key) == nil && v.name == labelVerb.name:
			out = append(out, strings.TrimSuffix(v.field, "s")+" "+strconv.Quote(key)+" not found.")
		case live.Get(key) != nil && len(w.set) == 0:
			did = removedOnly
		case live.Get(key) != nil:
			did = changed
		}
	}
	return append(out, command.Printed(r.ID, v.outcome(did)))
}
