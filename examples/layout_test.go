package examples

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/linediff"
)

// The page draws a response without reading its YAML (web/README.md): these tests check, on
// every example, that the response says all it needs.

// answers runs every example that has a result.
func answers(t *testing.T) map[string]*contract.Response {
	t.Helper()
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	out := map[string]*contract.Response{}
	for _, ex := range all {
		if resp := h.Handle(context.Background(), ex.Request); resp.Result != "" {
			out[ex.Name] = resp
		}
	}
	return out
}

// TestEveryResultLineIsAccountedFor: each line of a result is inside a mark's span, opens a
// block, or holds no field at all (a comment, a separator, a blank line). A value continued over
// several lines (a block scalar) is then covered by its mark's span, so the page never has to
// find where a value ends.
func TestEveryResultLineIsAccountedFor(t *testing.T) {
	for name, resp := range answers(t) {
		lines := strings.Split(strings.TrimSuffix(resp.Result, "\n"), "\n")
		covered := make([]bool, len(lines)+2)
		for _, f := range resp.Fields {
			if f.Mark == contract.Deleted || f.Mark == contract.Conflicted {
				continue
			}
			for n := f.Line; n <= max(f.Line, f.EndLine) && n <= len(lines); n++ {
				covered[n] = true
			}
		}
		for _, b := range resp.Layout.Blocks {
			covered[b[0]] = true
		}
		for i, text := range lines {
			bare := strings.TrimSpace(text)
			if !covered[i+1] && bare != "" && bare != "---" && !strings.HasPrefix(bare, "#") {
				t.Errorf("%s: result line %d %q is in no mark's span and opens no block", name, i+1, text)
			}
		}
	}
}

// TestDeletedMarksCoverTheirLinesAndHaveAPlace: a deleted mark's span in live is its whole value
// (the next line of live starts no continuation of it), and it says where it is drawn.
func TestDeletedMarksCoverTheirLinesAndHaveAPlace(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	responses := answers(t)
	for _, ex := range all {
		resp := responses[ex.Name]
		if resp == nil {
			continue
		}
		live := strings.Split(ex.Request.Live, "\n")
		for _, f := range resp.Fields {
			if f.Mark != contract.Deleted {
				continue
			}
			if f.Place == nil {
				t.Errorf("%s: deleted %s has no place in the result", ex.Name, f.Path)
				continue
			}
			end := max(f.Line, f.EndLine)
			if end < len(live) {
				next := live[end]
				if bare := strings.TrimSpace(next); bare != "" && !strings.HasPrefix(bare, "#") && indent(next) > keyColumn(live[f.Line-1]) {
					t.Errorf("%s: deleted %s ends on live line %d, but line %d %q goes on with it", ex.Name, f.Path, end, end+1, next)
				}
			}
		}
	}
}

// TestKeptLinesAreEqualInTheDiff: extra.diff is written with the result's own writer, so a line
// that holds only values the merge kept (retained or ignored) reads the same in live and in the
// result, and shows as unchanged; unless the merge moved it (an item reordered) or the writer
// spelt its value anew (kyaml quoting a YAML 1.1 boolean), which a line diff shows as a line
// removed and one added with the same key.
func TestKeptLinesAreEqualInTheDiff(t *testing.T) {
	for name, resp := range answers(t) {
		hunks, _ := resp.Extra["diff"].(linediff.Hunks)
		inserted, removed := map[int]string{}, map[string]bool{}
		line := 0
		for _, h := range hunks {
			for _, text := range h.Lines {
				switch h.Op {
				case linediff.Equal:
					line++
				case linediff.Insert:
					line++
					inserted[line] = text
				case linediff.Delete:
					removed[keyOf(text)] = true
				}
			}
		}
		if want := strings.Count(resp.Result, "\n"); line != want {
			t.Errorf("%s: the diff has %d result lines, the result %d", name, line, want)
		}
		changed := map[int]bool{} // lines holding a value the merge did not keep
		for _, f := range resp.Fields {
			if f.Mark != contract.Retained && f.Mark != contract.Ignored && f.Mark != contract.Deleted {
				for n := f.Line; n <= max(f.Line, f.EndLine); n++ {
					changed[n] = true
				}
			}
		}
		for _, f := range resp.Fields {
			if f.Mark != contract.Retained && f.Mark != contract.Ignored {
				continue
			}
			for n := f.Line; n <= max(f.Line, f.EndLine); n++ {
				if text, ok := inserted[n]; ok && !changed[n] && !removed[keyOf(text)] {
					t.Errorf("%s: %s is %s, yet the diff shows its line %d %q as new", name, f.Path, f.Mark, n, text)
				}
			}
		}
	}
}

// keyOf is a line's text up to its key's colon (the whole line when it has none), without its
// indentation and "- " markers.
func keyOf(line string) string {
	k, _, _ := strings.Cut(line[keyColumn(line):], ": ")
	return k
}

func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// keyColumn is the column of a line's key or value, after any "- " item markers.
func keyColumn(line string) int {
	rest := strings.TrimLeft(line, " ")
	for strings.HasPrefix(rest, "- ") {
		rest = strings.TrimLeft(rest[2:], " ")
	}
	return len(line) - len(rest)
}

// TestMerge3DiffWritesLiveAsKyaml: live written with items indented under their key and four
// spaces, which kyaml rewrites; the diff compares kyaml's writing of both, so only the image the
// merge changed shows.
func TestMerge3DiffWritesLiveAsKyaml(t *testing.T) {
	original := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.25\n"
	req := &contract.Request{Mode: "merge3", Options: contract.DefaultOptions(), Original: original,
		Updated: strings.Replace(original, "1.25", "1.26", 1),
		Live:    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n    name: web\nspec:\n    template:\n        spec:\n            containers:\n                - name: web\n                  image: nginx:1.25\n                  args: [\"--a\"]\n"}
	resp := handler.Default().Handle(context.Background(), req)
	var changed []string
	for _, h := range resp.Extra["diff"].(linediff.Hunks) {
		if h.Op != linediff.Equal {
			changed = append(changed, string(h.Op)+" "+strings.Join(h.Lines, "|"))
		}
	}
	want := []string{"delete         image: nginx:1.25", "insert         image: nginx:1.26"}
	if strings.Join(changed, "\n") != strings.Join(want, "\n") {
		t.Errorf("diff changes %q, want %q", changed, want)
	}
}

// TestDeletedFieldsOfAListStayInTheirResource: live is the output of kubectl get deploy,svc -o
// yaml (a List, its items indented by two); each deleted field is drawn inside its own resource's
// document, at the result's indentation.
func TestDeletedFieldsOfAListStayInTheirResource(t *testing.T) {
	deployment := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  minReadySeconds: 5\n  selector:\n    matchLabels: {app: web}\n" +
		"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers: [{name: web, image: nginx}]\n"
	service := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\nspec:\n  publishNotReadyAddresses: true\n  selector: {app: web}\n  ports: [{port: 80}]\n"
	indented := func(doc string) string {
		return "- " + strings.ReplaceAll(strings.TrimSuffix(doc, "\n"), "\n", "\n  ") + "\n"
	}
	live := "apiVersion: v1\nitems:\n" + indented(deployment) + indented(service) + "kind: List\nmetadata:\n  resourceVersion: \"\"\n"
	drop := func(doc, line string) string { return strings.Replace(doc, line, "", 1) }
	req := &contract.Request{Mode: "apply", Options: contract.DefaultOptions(), Original: deployment + "---\n" + service,
		Updated: drop(deployment, "  minReadySeconds: 5\n") + "---\n" + drop(service, "  publishNotReadyAddresses: true\n"), Live: live}
	resp := handler.Default().Handle(context.Background(), req)
	if len(resp.Errors) > 0 {
		t.Fatal(resp.Errors)
	}
	result := strings.Split(resp.Result, "\n")
	want := map[string]struct {
		doc   int
		after string
	}{
		".spec.minReadySeconds":          {0, "spec:"},
		".spec.publishNotReadyAddresses": {1, "spec:"},
	}
	for _, f := range resp.Fields {
		if f.Mark != contract.Deleted {
			continue
		}
		w, ok := want[f.Path]
		if !ok || f.Place == nil {
			t.Fatalf("deleted %s %+v", f.Path, f.Place)
		}
		if f.Place.Doc != w.doc || result[f.Place.After-1] != w.after || f.Place.Shift != -2 {
			t.Errorf("%s %s is drawn in document %d after %q, moved %d columns; want document %d after %q, moved -2",
				f.Resource, f.Path, f.Place.Doc, result[f.Place.After-1], f.Place.Shift, w.doc, w.after)
		}
		delete(want, f.Path)
	}
	if len(want) > 0 {
		t.Errorf("no deleted mark for %v", want)
	}
}
