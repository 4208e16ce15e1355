package merge3_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// modeCase is one request to the merge3 mode and what its answer must hold.
type modeCase struct {
	name                    string
	original, updated, live string
	inferKeys               bool
	result                  string            // "" to skip
	marks                   []string          // "mark path" in order
	reasons                 map[string]string // path: a phrase its reason holds
	errLine                 int               // > 0: the request fails at this line
	errText                 string
}

var modeCases = []modeCase{
	{
		name:      "an item kyaml drops and rebuilds under the same key is changed, not added and deleted",
		original:  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nl:\n- name: a\n",
		updated:   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nl:\n- name: a\n  x: 1\n",
		live:      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nl:\n- y: 1\n- name: a\n  x: 1\n",
		inferKeys: true,
		result:    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nl:\n- y: 1\n- x: 1\n  name: a\n",
		marks:     []string{"retained .apiVersion", "retained .kind", "retained .metadata.name", "ignored .l[0]", `changed .l[name="a"]`},
		reasons:   map[string]string{`.l[name="a"]`: "dropped live's item with this key (line 7)"},
	},
	{
		name:     "drift kept, upstream change wins, local-only ignored, removed upstream deleted",
		original: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n  y: \"1\"\n  z: \"1\"\n",
		updated:  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n  y: \"2\"\n",
		live:     "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"9\"\n  y: \"1\"\n  z: \"1\"\n  mine: \"1\"\n",
		result:   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"9\"\n  y: \"2\"\n  mine: \"1\"\n",
		marks: []string{"retained .apiVersion", "retained .kind", "retained .metadata.name", "retained .data.x",
			"changed .data.y", "ignored .data.mine", "deleted .data.z"},
		reasons: map[string]string{
			".data.x":    "local copy's own edit",
			".data.y":    `from "1" to "2"`,
			".data.mine": "only the local copy has it",
			".data.z":    "upstream removed it",
			".kind":      "it is as upstream has it",
		},
	},
	{
		name:     "items: appended, removed, partial item kept with its key written back",
		original: deployment("      - name: app\n        image: app:1\n      - name: old\n        image: old:1\n      - name: gone\n        image: gone:1\n"),
		updated:  deployment("      - name: app\n        image: app:2\n      - name: new\n        image: new:1\n"),
		live:     deployment("      - name: app\n        image: app:1\n      - name: old\n        image: old:1\n        args: [--local]\n      - name: gone\n        image: gone:1\n"),
		result:   deployment("      - name: app\n        image: app:2\n      - args: [--local]\n        name: old\n      - image: new:1\n        name: new\n"),
		marks: []string{"retained .apiVersion", "retained .kind", "retained .metadata.name",
			`retained .spec.template.spec.containers[name="app"].name`, `changed .spec.template.spec.containers[name="app"].image`,
			`ignored .spec.template.spec.containers[name="old"].args`, `retained .spec.template.spec.containers[name="old"].name`,
			`deleted .spec.template.spec.containers[name="old"].image`, `added .spec.template.spec.containers[name="new"]`,
			`deleted .spec.template.spec.containers[name="gone"]`},
		reasons: map[string]string{
			`.spec.template.spec.containers[name="new"]`:      "appends it after the local copy's items",
			`.spec.template.spec.containers[name="old"].name`: "writes the key back",
			`.spec.template.spec.containers[name="gone"]`:     "nothing is left",
		},
	},
	{
		name:     "streams: deleted upstream, kept, restored, added",
		original: cm("a", "1") + "---\n" + cm("b", "1"),
		updated:  cm("b", "2") + "---\n" + cm("c", "1"),
		live:     cm("a", "1") + "---\n" + cm("mine", "1"),
		result:   cm("mine", "1") + "---\n" + cm("b", "2") + "---\n" + cm("c", "1"),
		marks:    []string{"deleted v1/ConfigMap/default/a .", "ignored v1/ConfigMap/default/mine .", "added v1/ConfigMap/default/b .", "added v1/ConfigMap/default/c ."},
		reasons:  map[string]string{"v1/ConfigMap/default/b ": "brings it back", "v1/ConfigMap/default/a ": "upstream deleted"},
	},
	{
		name:     "nulls clear; kio drops empty annotations",
		original: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n",
		updated:  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: null\n",
		live:     "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations: {}\ndata:\n  x: \"1\"\n  y: ~\n",
		result:   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata: {}\n",
		marks: []string{"retained .apiVersion", "retained .kind", "retained .metadata.name", "deleted .metadata.annotations",
			"deleted .data.x", "deleted .data.y"},
		reasons: map[string]string{".metadata.annotations": "kio drops empty annotations", ".data.x": "upstream now sets it to null", ".data.y": "the local copy sets it to null"},
	},
	{
		name:      "guessed keys",
		original:  widget("  - name: a\n    size: 1\n"),
		updated:   widget("  - name: a\n    size: 2\n  - name: b\n    size: 1\n"),
		live:      widget("  - name: a\n    size: 1\n    color: red\n"),
		inferKeys: true,
		result:    widget("  - name: a\n    size: 2\n    color: red\n  - name: b\n    size: 1\n"),
		reasons:   map[string]string{`.spec.parts[name="b"]`: "a guessed key"},
	},
	{
		name:     "without a schema a list is replaced whole",
		original: widget("  - name: a\n    size: 1\n"),
		updated:  widget("  - name: a\n    size: 2\n"),
		live:     widget("  - name: a\n    size: 1\n    color: red\n"),
		result:   widget("  - name: a\n    size: 2\n"),
		reasons:  map[string]string{".spec.parts": "replaced whole"},
	},
	{
		name:     "a setter comment makes a keyed list atomic",
		original: deployment("      - name: app\n        image: app:1\n"),
		updated:  deployment("      - name: app\n        image: app:2\n"),
		live:     strings.Replace(deployment("      - name: app\n        image: app:1\n      - name: mine\n"), "containers:", `containers: # {"$openapi":"setter"}`, 1),
		result:   strings.Replace(deployment("      - name: app\n        image: app:2\n"), "containers:", `containers: # {"$openapi":"setter"}`, 1),
	},
	{
		name:     "kyaml 1.21 disagrees on ephemeral containers' ports",
		original: pod("    - containerPort: 80\n"),
		updated:  pod("    - containerPort: 80\n    - containerPort: 81\n"),
		live:     pod("    - containerPort: 80\n    - containerPort: 90\n"),
		reasons:  map[string]string{`.spec.ephemeralContainers[name="debug"].ports[containerPort=81]`: "Kubernetes 1.21) gives this list no merge key"},
	},
	{
		name:     "YAML 1.2 words; kyaml quotes what YAML 1.1 misreads, even a value it keeps",
		original: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: on\n",
		updated:  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: on\n  y: yes\n",
		live:     "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: on\n",
		result:   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"on\"\n  y: \"yes\"\n",
		reasons:  map[string]string{".data.x": "double quotes"},
	},
	{
		name:     "a value that changes shape stops kyaml",
		original: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n",
		updated:  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: {a: 1}\n",
		live:     "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n",
		errLine:  6, errText: "wrong node kind",
	},
	{
		name:    "kio cannot merge a List",
		updated: "apiVersion: v1\nkind: List\nitems:\n- " + strings.ReplaceAll(strings.TrimSpace(cm("a", "1")), "\n", "\n  ") + "\n",
		live:    cm("a", "1"),
		errLine: 1, errText: "no source annotation",
	},
}

func deployment(containers string) string {
	return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n" + containers
}

func cm(name, x string) string {
	return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\ndata:\n  x: \"" + x + "\"\n"
}

func widget(parts string) string {
	return "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  parts:\n" + parts
}

func pod(ports string) string {
	return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  ephemeralContainers:\n  - name: debug\n    image: busybox\n    ports:\n" + ports
}

func TestMode(t *testing.T) {
	h := handler.Default()
	for _, c := range modeCases {
		t.Run(c.name, func(t *testing.T) {
			opts := contract.DefaultOptions()
			opts.InferKeys = c.inferKeys
			resp := h.Handle(context.Background(), &contract.Request{Mode: "merge3", Original: c.original, Updated: c.updated, Live: c.live, Options: opts})
			if c.errLine > 0 {
				if len(resp.Errors) != 1 || resp.Errors[0].Line != c.errLine || !strings.Contains(resp.Errors[0].Message, c.errText) {
					t.Fatalf("want an error at line %d with %q, got %+v", c.errLine, c.errText, resp.Errors)
				}
				return
			}
			if len(resp.Errors) > 0 {
				t.Fatalf("errors: %+v", resp.Errors)
			}
			if c.result != "" && resp.Result != c.result {
				t.Errorf("result:\n%s\nwant:\n%s", resp.Result, c.result)
			}
			checkMarks(t, resp, c)
		})
	}
}

func checkMarks(t *testing.T, resp *contract.Response, c modeCase) {
	t.Helper()
	var got []string
	resources := map[string]bool{}
	for _, f := range resp.Fields {
		resources[f.Resource] = true
	}
	for _, f := range resp.Fields {
		p := f.Path
		if p == "" {
			p = "."
		}
		if len(resources) > 1 {
			p = f.Resource + " " + p
		}
		got = append(got, string(f.Mark)+" "+p)
		if f.Reason == "" || f.Line <= 0 {
			t.Errorf("mark without a reason or a line: %+v", f)
		}
		if e, ok := resp.Decisions[f.Resource].LookupString(f.Path); !ok || string(e.Rule) != f.Rule || f.Rule == "" {
			t.Errorf("%s %s: rule %q, the decision log holds %+v (%v)", f.Mark, f.Path, f.Rule, e, ok)
		}
		want, ok := c.reasons[f.Path]
		if !ok {
			want, ok = c.reasons[f.Resource+" "+f.Path]
		}
		if ok && !strings.Contains(f.Reason, want) {
			t.Errorf("%s: reason %q does not say %q", f.Path, f.Reason, want)
		}
	}
	if c.marks != nil && strings.Join(got, "\n") != strings.Join(c.marks, "\n") {
		t.Errorf("marks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.marks, "\n"))
	}
}

// TestDecisionsAreLogged checks the decision log of a merge: each value's rule and the inputs
// that held it, at its path, including values the merge removed and kio's own decisions.
func TestDecisionsAreLogged(t *testing.T) {
	original := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n  y: \"1\"\n  z: \"1\"\n"
	updated := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: \"1\"\n  y: \"2\"\n"
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations: {}\ndata:\n  x: \"9\"\n  y: \"1\"\n  z: \"1\"\n  mine: \"1\"\n"
	resp := handler.Default().Handle(context.Background(), &contract.Request{Mode: "merge3", Original: original, Updated: updated, Live: live, Options: contract.DefaultOptions()})
	log := resp.Decisions["v1/ConfigMap/default/a"]
	all := decision.Original | decision.Updated | decision.Live
	for path, want := range map[string]decision.Entry{
		".data.x":               {Rule: "merge3/unchanged", Held: all},
		".data.y":               {Rule: "merge3/changed-upstream", Held: all},
		".data.z":               {Rule: "merge3/removed-upstream", Held: decision.Original | decision.Live},
		".data.mine":            {Rule: "merge3/live-only", Held: decision.Live},
		".data":                 {Rule: "merge3/merged", Held: all},
		".metadata.annotations": {Rule: "merge3/kio-empty-dropped", Held: decision.Live},
	} {
		e, ok := log.LookupString(path)
		if !ok || e.Rule != want.Rule || e.Held != want.Held {
			t.Errorf("%s: logged %s %s (%v), want %s %s", path, e.Rule, e.Held, ok, want.Rule, want.Held)
		}
	}
}
