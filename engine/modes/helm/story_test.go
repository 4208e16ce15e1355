package helm_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/examples"
)

// want is what one step of a story must answer: marks (path, mark and rule), a line its
// command prints (or the start of its error), and the managers after it.
type want struct {
	marks    [][3]string
	printed  string
	managers string
}

// TestStories runs the examples that are Helm's stories (histories) and checks each step's
// marks, printed lines and managers.
func TestStories(t *testing.T) {
	stories := []struct {
		file  string
		steps []want
	}{
		// Helm 3 keeps a manual edit of a field the chart does not name (a label) and reverts one
		// of a field it names (the image), though the chart did not change.
		{"history-helm3-manual-edit", []want{
			{marks: [][3]string{{".metadata.labels.app.kubernetes.io/managed-by", "added", "helm/ownership"}, {".spec.replicas", "added", "helm/created"}},
				printed: "STATUS: deployed", managers: "helm/Update/"},
			{marks: [][3]string{{".metadata.labels.tier", "added", "ssa/update-owned"}, {`.spec.template.spec.containers[name="web"].image`, "changed", "ssa/update-owned"}},
				printed: "deployment.apps/web edited", managers: "helm/Update/ kubectl-edit/Update/"},
			{marks: [][3]string{{".metadata.labels.tier", "retained", "helm/live-only"}, {`.spec.template.spec.containers[name="web"].image`, "changed", "helm/reverted"}},
				printed: `Release "web" has been upgraded. Happy Helming!`, managers: "helm/Update/ kubectl-edit/Update/"},
		}},
		// Helm 4 upgrades a Helm 3 release client-side (auto), silently reverting kubectl scale;
		// its first server-side upgrade moves helm's fields into an Apply entry and conflicts
		// with kubectl scale's replicas, until --force-conflicts takes them.
		{"history-helm4-first-server-side", []want{
			{marks: [][3]string{{".spec.replicas", "added", "helm/created"}}, printed: "STATUS: deployed", managers: "helm/Update/"},
			{marks: [][3]string{{".spec.replicas", "changed", "ssa/update-owned"}}, printed: "deployment.apps/web scaled", managers: "kubectl/Update/scale helm/Update/"},
			{marks: [][3]string{{".spec.replicas", "changed", "helm/reverted"}, {`.spec.template.spec.containers[name="web"].image`, "changed", "helm/render-changed"}},
				printed: "DESCRIPTION: Upgrade complete", managers: "helm/Update/"},
			{marks: [][3]string{{".spec.replicas", "changed", "ssa/update-owned"}}, printed: "deployment.apps/web scaled", managers: "kubectl/Update/scale helm/Update/"},
			{marks: [][3]string{{".spec.replicas", "conflict", "ssa/conflict"}},
				printed:  `Error: UPGRADE FAILED: conflict occurred while applying object default/web apps/v1, Kind=Deployment: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas`,
				managers: "helm/Apply/ kubectl/Update/scale"},
			{marks: [][3]string{{".spec.replicas", "changed", "ssa/forced"}}, printed: `Release "web" has been upgraded. Happy Helming!`, managers: "helm/Apply/"},
		}},
	}
	for _, s := range stories {
		t.Run(s.file, func(t *testing.T) {
			ex, err := examples.LoadOne(os.DirFS("../../../examples"), s.file)
			if err != nil {
				t.Fatal(err)
			}
			req := ex.Request
			resp := handler.Default().Handle(context.Background(), req)
			if len(resp.Steps) != len(s.steps) {
				t.Fatalf("%d steps answered, want %d: %+v", len(resp.Steps), len(s.steps), resp.Errors)
			}
			for i, w := range s.steps {
				checkStep(t, i+1, resp.Steps[i], w)
			}
		})
	}
}

// checkStep checks one step's answer.
func checkStep(t *testing.T, n int, got *contract.Response, w want) {
	t.Helper()
	marks := map[string][2]string{}
	for _, f := range got.Fields {
		marks[f.Path] = [2]string{string(f.Mark), f.Rule}
	}
	for _, m := range w.marks {
		if g := marks[m[0]]; g != [2]string{m[1], m[2]} {
			t.Errorf("step %d: %s marked %v, want %s by %s", n, m[0], g, m[1], m[2])
		}
	}
	var printed []string
	for _, c := range got.Commands {
		printed = append(append(printed, c.Output...), c.Error)
	}
	if !strings.Contains(strings.Join(printed, "\n"), w.printed) {
		t.Errorf("step %d prints %q, want a line %q", n, printed, w.printed)
	}
	if m := managers(got); m != w.managers {
		t.Errorf("step %d: managers %q, want %q", n, m, w.managers)
	}
}

// managers lists the managedFields entries after a step: manager/operation/subresource.
func managers(resp *contract.Response) string {
	all, _ := resp.Extra["managedFields"].(ssa.ManagedFieldsList)
	var out []string
	for _, mf := range all {
		for _, e := range mf.Entries {
			out = append(out, e.Manager+"/"+e.Operation+"/"+e.Subresource)
		}
	}
	return strings.Join(out, " ")
}
