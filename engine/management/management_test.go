package management

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/internal/observed"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// The files under testdata are `kubectl get deployment web -o yaml [--show-managed-fields]`
// output from kube-apiserver and kubectl v1.37.2 (scripts/reproduce/run-apiserver.sh,
// 2026-12-06), after the commands each case names. Observed there too: the scale subresource's
// entry and kubectl-last-applied's carry no time.

// read reads a testdata file as live.
func read(t *testing.T, text string) []*stream.Resource { return observed.Resources(t, text) }

func TestOf(t *testing.T) {
	tests := []struct {
		file     string
		commands string
		managers []string // manager/operation[/subresource] tool
		notes    []string // a phrase of each note, in order
	}{
		{"client-side-apply.yaml", "kubectl apply -f dep.yaml",
			[]string{"kubectl-client-side-apply/Update kubectl apply (client-side)"},
			[]string{"kubectl apply (client-side) manages it", "`kubectl apply --server-side` would take it over"}},
		{"without-managed-fields.yaml", "kubectl apply -f dep.yaml, read without --show-managed-fields",
			nil,
			[]string{"kubectl apply (client-side) manages it", "No managedFields"}},
		{"after-kubectl-writers.yaml", "kubectl apply, scale --replicas=5, label, annotate, patch, set image",
			[]string{"kubectl/Update/scale kubectl scale", "kubectl-client-side-apply/Update kubectl apply (client-side)", "kubectl-annotate/Update kubectl annotate",
				"kubectl-label/Update kubectl label", "kubectl-patch/Update kubectl patch", "kubectl-set/Update kubectl set"},
			[]string{"kubectl apply (client-side) manages it", "would take it over", "spec.replicas is held by kubectl through the scale subresource (kubectl scale)"}},
		{"moved-to-server-side.yaml", "kubectl apply, then kubectl apply --server-side",
			[]string{"kubectl-last-applied/Apply kubectl apply --server-side", "kubectl/Apply kubectl apply --server-side"},
			[]string{"It moved from client-side to server-side apply"}},
		{"helm-labels.yaml", "kubectl create of a Deployment carrying Helm's label and annotations",
			[]string{"kubectl-create/Update kubectl create"},
			[]string{"Helm release shop (namespace default) owns it"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			text, err := os.ReadFile("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			got := Of(read(t, string(text)))
			if len(got) != 1 {
				t.Fatalf("%d summaries, want 1", len(got))
			}
			s := got[0]
			var managers []string
			for _, m := range s.Managers {
				id := m.Manager + "/" + m.Operation
				if m.Subresource != "" {
					id += "/" + m.Subresource
				}
				managers = append(managers, id+" "+m.Tool)
				if m.Fields == 0 || m.Says == "" || m.Line == 0 {
					t.Errorf("%s: fields %d, says %q, line %d", id, m.Fields, m.Says, m.Line)
				}
			}
			if strings.Join(managers, "\n") != strings.Join(tt.managers, "\n") {
				t.Errorf("managers:\n%s\nwant:\n%s", strings.Join(managers, "\n"), strings.Join(tt.managers, "\n"))
			}
			if len(s.Notes) != len(tt.notes) {
				t.Fatalf("notes:\n%s\nwant %d", strings.Join(s.Notes, "\n"), len(tt.notes))
			}
			for i, phrase := range tt.notes {
				if !strings.Contains(s.Notes[i], phrase) {
					t.Errorf("note %d: %q, want it to say %q", i, s.Notes[i], phrase)
				}
			}
			if s.Resource != "apps/v1/Deployment/default/web" || s.Line != 1 {
				t.Errorf("resource %q at line %d", s.Resource, s.Line)
			}
		})
	}
}

// TestOfSaysNothingOfAPlainObject: an object written by hand (no managers, no annotation, no
// server-written metadata, no Helm label) has no summary.
func TestOfSaysNothingOfAPlainObject(t *testing.T) {
	if got := Of(read(t, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n")); got != nil {
		t.Errorf("summary of a plain object: %+v", got)
	}
}

// TestManagedFieldsCount: the field counts of the client-side apply entry (every field of the
// config kubectl sent, the annotation among them).
func TestManagedFieldsCount(t *testing.T) {
	text, err := os.ReadFile("testdata/client-side-apply.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := Of(read(t, string(text)))[0]
	// f:metadata: annotations (.last-applied), labels (.app); f:spec: progressDeadlineSeconds,
	// replicas, revisionHistoryLimit, selector, strategy (rollingUpdate's two, type), template
	// (labels.app, containers[name=app] with its image, imagePullPolicy, name, resources,
	// terminationMessagePath, terminationMessagePolicy; dnsPolicy, restartPolicy, schedulerName,
	// securityContext, terminationGracePeriodSeconds).
	if s.Managers[0].Fields < 20 {
		t.Errorf("kubectl-client-side-apply owns %d fields, want the config's and the defaults kubectl sent (at least 20)", s.Managers[0].Fields)
	}
}

// TestWriteJSONAsEncodingJSON: the summaries' JSON is what encoding/json writes from their tags.
func TestWriteJSONAsEncodingJSON(t *testing.T) {
	for _, file := range []string{"after-kubectl-writers.yaml", "without-managed-fields.yaml", "helm-labels.yaml"} {
		text, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		summaries := Of(read(t, string(text)))
		w := &jsonwire.Writer{}
		summaries.WriteJSON(w)
		got, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal([]Summary(summaries))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", file, got, want)
		}
	}
}

// TestMemoSummarisesAsOf wants a Memo given the testdata's live objects one file after another,
// each file twice (its objects given again, as the handler's reading hands them out when live
// did not change), to summarise each as Of does, and SameAs to find two summaries the same
// exactly when their JSON is: every file's summaries against every other's, and against each one
// changed in a field at a time.
func TestMemoSummarisesAsOf(t *testing.T) {
	files, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var memo Memo
	var all []Summaries
	for _, f := range files {
		text, err := os.ReadFile("testdata/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		live := read(t, string(text))
		for range 2 {
			if got, want := jsonOf(t, memo.Of(live)), jsonOf(t, Of(live)); got != want {
				t.Fatalf("%s: the Memo summarises\n%s\nwhere Of summarises\n%s", f.Name(), got, want)
			}
		}
		all = append(all, Of(live))
	}
	var variants []Summaries
	for _, ss := range all {
		variants = append(variants, ss)
		if len(ss) == 0 {
			continue
		}
		for change := range 6 {
			c := slices.Clone(ss)
			s := &c[0]
			switch change {
			case 0:
				s.Line++
			case 1:
				s.LastApplied++
			case 2:
				s.Notes = append(slices.Clip(s.Notes), "another")
			case 3:
				s.Helm = &Release{Name: "other"}
			case 4:
				s.Managers = append(slices.Clip(s.Managers), Manager{Manager: "m"})
			case 5:
				s.Resource += "x"
			}
			variants = append(variants, c)
		}
	}
	for i, a := range variants {
		for j, b := range variants {
			if same, alike := a.SameAs(b), jsonOf(t, a) == jsonOf(t, b); same != alike {
				t.Errorf("summaries %d and %d: SameAs %v, their JSON alike %v", i, j, same, alike)
			}
		}
	}
}

// jsonOf writes summaries as the answer does.
func jsonOf(t *testing.T, ss Summaries) string {
	t.Helper()
	w := &jsonwire.Writer{}
	ss.WriteJSON(w)
	out, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
