package apiserver

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// observed is one object created with `kubectl create --dry-run=server -f config.yaml` against
// kube-apiserver v1.37.2 (scripts/reproduce/run-apiserver.sh), 2026-12-06, and what kubectl
// printed: testdata/observed.json. Long runs of one letter are written <a*254> in both the
// metadata and the printed text. Each object had a namespace of its own (apiprobe) unless
// cluster-scoped or named in the row, and a spec the server accepts (a Service's port, a
// CronJob's schedule and job...), so that only metadata was refused.
type observed struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   string `json:"metadata"`
	Printed    string `json:"printed"`
}

// acceptedSpec is a spec the server accepts, of the kinds of testdata/observed.json that are
// refused without one (as the observed objects had).
var acceptedSpec = map[string]string{
	"Deployment":            "spec: {selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}}\n",
	"StatefulSet":           "spec: {selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}}\n",
	"ReplicationController": "spec: {selector: {a: b}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}}\n",
	"Pod":                   "spec: {containers: [{name: c, image: i}]}\n",
	"Job":                   "spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}}\n",
	"CronJob": "spec: {schedule: '* * * * *', jobTemplate: {spec: {template: {spec: {restartPolicy: Never, " +
		"containers: [{name: c, image: i}]}}}}}\n",
}

// clusterScoped are the cluster-scoped kinds of testdata/observed.json.
var clusterScoped = map[string]bool{"Namespace": true, "ClusterRole": true, "DeviceClass": true}

// TestObserved checks every observed object: refused with kubectl's text, or accepted.
func TestObserved(t *testing.T) {
	data, err := os.ReadFile("testdata/observed.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []observed
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		obj := parse(t, "apiVersion: "+row.APIVersion+"\nkind: "+row.Kind+"\nmetadata: "+expand(row.Metadata)+"\n"+acceptedSpec[row.Kind])
		r := Check(Object{APIVersion: row.APIVersion, Kind: row.Kind, Namespaced: !clusterScoped[row.Kind], Root: obj})
		want := expand(row.Printed)
		switch {
		case strings.Contains(want, " created (server dry run)"): // and a warning, now and then
			if r != nil {
				t.Errorf("%s %s: refused (%s), the server accepts it", row.Kind, row.Metadata, r.Message())
			}
		case r == nil:
			t.Errorf("%s %s: accepted, the server says %s", row.Kind, row.Metadata, row.Printed)
		case !sameRefusal(r.Message(), strings.Replace(want, `error when creating "config.yaml": `, "", 1)):
			t.Errorf("%s %s:\n got %s\nwant %s", row.Kind, row.Metadata, r.Message(), want)
		}
	}
}

// sameRefusal reports whether two of kubectl's texts say the same refusal: the same lines, and the
// same fields in the same order; the lines of one field may come in any order, as the server lists
// a map's problems in Go's map order, which changes from one request to the next.
func sameRefusal(got, want string) bool {
	fields := func(lines []string) string {
		var out []string
		for _, l := range lines {
			out = append(out, strings.SplitN(l, ": ", 2)[0])
		}
		return strings.Join(out, "\n")
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	if fields(g) != fields(w) {
		return false
	}
	sort.Strings(g)
	sort.Strings(w)
	return strings.Join(g, "\n") == strings.Join(w, "\n")
}

// runs is the notation of a long run of one letter in testdata/observed.json.
var runs = regexp.MustCompile(`<([A-Za-z])\*(\d+)>`)

// expand writes out the runs of a text.
func expand(s string) string {
	return runs.ReplaceAllStringFunc(s, func(m string) string {
		parts := runs.FindStringSubmatch(m)
		n, _ := strconv.Atoi(parts[2])
		return strings.Repeat(parts[1], n)
	})
}

func parse(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	obj, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
	if err != nil {
		t.Fatalf("%.80s: %v", text, err)
	}
	return obj
}

// TestKindsNotChecked: kinds whose names the playground leaves alone still have their labels,
// annotations and finalizers checked.
func TestKindsNotChecked(t *testing.T) {
	obj := parse(t, "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: Web_1, labels: {\"a b\": x}}\n")
	r := Check(Object{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition", Root: obj})
	if r == nil || len(r.Problems) != 1 || r.Problems[0].Field != "metadata.labels" {
		t.Fatalf("got %+v, want the label alone", r)
	}
}

// TestRuleKinds: every kind of the name rules is a kind of the built-in schema, named once.
func TestRuleKinds(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, k := range set.Kinds() {
		known[groupOf(k.APIVersion)+"/"+k.Kind] = true
	}
	seen := map[string]bool{}
	for _, r := range ruleKinds {
		for _, word := range strings.Fields(r.kinds) {
			if !known[word] || seen[word] {
				t.Errorf("%s: known %v, named before %v", word, known[word], seen[word])
			}
			seen[word] = true
		}
	}
}

// TestUIDImmutableAsObserved: a write that sets another uid than live's is refused first, before
// the object's other problems (kube-apiserver v1.37.2, make apiserver-diff seed 4, patch-17 and
// patch-18); a live without a uid, or the same uid, is not refused.
func TestUIDImmutableAsObserved(t *testing.T) {
	live := "metadata: {name: billing, uid: 62564a48-d6c8-4290-8872-68235457a40e}\nspec:\n  schedule: \"0 3 * * *\"\n" +
		"  jobTemplate: {spec: {template: {spec: {restartPolicy: OnFailure, containers: [{name: c, image: x}]}}}}\n"
	patched := strings.Replace(live, "62564a48-d6c8-4290-8872-68235457a40e", "patched", 1)
	checkAsObserved(t, "batch/v1", "CronJob", live, strings.Replace(patched, "  schedule:", "  concurrencyPolicy: Sometimes\n  schedule:", 1),
		"The CronJob \"billing\" is invalid: \n* metadata.uid: Invalid value: \"patched\": field is immutable\n"+
			`* spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"`)
	checkAsObserved(t, "batch/v1", "CronJob", live, live, "")
	checkAsObserved(t, "batch/v1", "CronJob", strings.Replace(live, ", uid: 62564a48-d6c8-4290-8872-68235457a40e", "", 1), patched, "")
}
