// Package edit is the edit mode: `kubectl edit TYPE/NAME`, the object as the reader edited it
// (updated) sent in place of live's by the manager kubectl-edit, answered as the ssa mode
// answers an update (ssa.Write). kubectl sends the patch it computes from the object it showed
// (live) to the edited one; applied to live, that patch gives the edited object, which is what
// the update stores.
//
// Observed with kubectl and kube-apiserver v1.37.2 (engine/modes/writer/testdata/observed.txt,
// the editor changing one line): kubectl-edit owns what the edit changed (an Update entry with a
// time); a last-applied annotation stays as it was, so that a later kubectl apply reads the config
// from before the edit; an edit that changes nothing sends nothing and prints "Edit cancelled, no
// changes made." (exit status 0). kubectl edit hides managedFields (--show-managed-fields is off):
// an edited object without them keeps live's.
package edit

import (
	"context"
	"errors"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the edit mode, for the handler's registry.
func Mode() modes.Mode {
	return writer.Mode(modes.Mode{
		Name:    "edit",
		Short:   "kubectl edit",
		Title:   "kubectl edit",
		Summary: "kubectl edit: the object as edited, sent by kubectl-edit, who then owns what the edit changed; a last-applied annotation stays as it was.",
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "edited object", Hint: "the object as it reads after the edit"},
			{Input: yamltree.Live, Label: "live object", Hint: "the object kubectl edit shows, with its managedFields"},
		},
		Options: []modes.Option{
			writer.TimeOption,
		},
		Commands:  commands,
		Reproduce: modes.Reproduction{Replay: replay},
		Marks:     []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Retained, contract.Ignored},
		Run:       run,
	})
}

// run sends the edited objects live holds, and refuses the others.
func run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	live := map[stream.ID]bool{}
	for _, r := range in.Live {
		live[r.ID] = true
	}
	for _, r := range in.Updated {
		if !live[r.ID] {
			printed := writer.NotFound(r.ID, "")
			writer.Refuse(resp, yamltree.Updated, r.Root.Pos, "live lacks "+r.ID.String()+": kubectl edit has nothing to show ("+printed+")", printed)
		}
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	if len(in.Updated) == 0 {
		resp.AddError(string(yamltree.Updated), errors.New("the edited object is empty: kubectl edit sends nothing for an edit that empties the file (Edit cancelled)"))
		return resp
	}
	return ssa.Write(in, ssa.Writer{Manager: writer.ManagerEdit, Objects: in.Updated})
}

// commands is kubectl edit, one per object, printing "TYPE/NAME edited", or kubectl's words when
// the edit changed nothing.
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	live := map[stream.ID]*stream.Resource{}
	for _, r := range in.Live {
		live[r.ID] = r
	}
	var out []contract.Command
	for _, r := range in.Updated {
		cmd := contract.Command{Tool: "kubectl", Line: shell.Join(append([]string{"kubectl", "edit"}, writer.Target(r.ID)...)...),
			About: "an edit in $EDITOR, sent as the patch from the object shown to the edited one: kubectl-edit owns what it changed"}
		if len(resp.Errors) == 0 {
			cmd.Output = []string{command.Printed(r.ID, "edited")}
			if l := live[r.ID]; l != nil && sameObject(l.Root, r.Root) {
				cmd.Output = []string{"Edit cancelled, no changes made."}
			}
		}
		out = append(out, cmd)
	}
	return out
}

// sameObject reports whether an edit left the object as it was (managedFields, which kubectl
// edit hides, left out).
func sameObject(live, edited *yamltree.Node) bool {
	return yamltree.Equal(managed.ViewWithoutManagedFields(live), managed.ViewWithoutManagedFields(edited))
}

// replay runs each kubectl edit with an editor that makes the reader's edit on the object kubectl
// shows: a script that applies to it, with `kubectl patch --local`, the JSON merge patch from
// live's object to the edited one (managedFields left out: kubectl edit hides them). The object
// kubectl shows holds what the API server added (defaults, uid, resourceVersion, status), which
// the edited object lacks: the patch keeps them, as a reader changing a line does.
func replay(in *modes.Input, _ *contract.Response) ([]modes.Replayed, error) {
	live := map[stream.ID]*stream.Resource{}
	for _, r := range in.Live {
		live[r.ID] = r
	}
	out := make([]modes.Replayed, 0, len(in.Updated))
	for i, r := range in.Updated {
		before := yamltree.NewMap()
		if l := live[r.ID]; l != nil {
			before = managed.WithoutManagedFields(l.Root)
		}
		patch, err := jsonmerge.TwoWay(before, managed.WithoutManagedFields(r.Root))
		if err != nil {
			return nil, err
		}
		text, err := yamltree.SortedJSON(patch)
		if err != nil {
			return nil, err
		}
		n := strconv.Itoa(i + 1)
		editor := `kubectl patch --local -f "$1" --type merge --patch-file edit-` + n + `.json -o yaml >"$1.edited" && mv "$1.edited" "$1"` + "\n"
		out = append(out, modes.Replayed{
			Files: []modes.File{{Name: "edit-" + n + ".json", Text: text + "\n"}, {Name: "editor-" + n + ".sh", Text: editor}},
			Line:  "EDITOR=" + shell.Quote("sh editor-"+n+".sh") + " " + shell.Join(append([]string{"kubectl", "edit"}, writer.Target(r.ID)...)...),
		})
	}
	return out, nil
}
