package merge3diff

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
)

// itemFact is one case of a fact of kyaml's item matching, named as the engine names it
// (engine/modes/merge3/itemfacts.go): three versions of a Pod's list, and the list as kyaml
// writes it (or "fails" when kyaml refuses the merge).
type itemFact struct {
	name                    string
	field                   string // containers, ports (of the first container) or finalizers
	original, updated, live string
	want                    string
	infer                   bool
}

var itemFacts = []itemFact{
	{name: "factEmptyKeyText", field: "containers",
		original: `[{name: "", image: x}]`, updated: `[{name: "", image: y}]`, live: `[{name: "", image: x}]`,
		want: "containers: [{name: \"\", image: y}]\n"},
	{name: "factEmptyTextClaimsAny", field: "containers",
		original: `[{name: "", image: x}]`, updated: `[{name: "", image: y}]`, live: `[{name: "", image: x}, {name: b, image: z}]`,
		want: "containers: [{name: \"\", image: y}, {name: \"\", image: y}, {name: b, image: z}]\n"},
	{name: "factLocalFoundLate", field: "containers",
		original: `[{name: "", image: x}, {name: a, image: a}]`, updated: `[{name: a, image: a2}]`, live: `[{name: "", image: x}, {name: a, image: a, extra: local}]`,
		want: "containers: [{image: a2, name: a}]\n"},
	{name: "factClaimedAllReplaced", field: "containers",
		original: `[{name: a, image: x}]`, updated: `[{name: a, image: y}]`, live: `[{name: a, image: x}, {name: a, image: x}]`,
		want: "containers: [{name: a, image: y}, {name: a, image: y}]\n"},
	{name: "factNoTextReplacesList", field: "containers",
		original: `[{name: "", image: x}]`, updated: `[{image: x}]`, live: `[{name: b, image: z}, {name: "", image: x, extra: local}]`,
		want: "containers: [{extra: local}]\n"},
	{name: "factPartialIdentitiesJoin", field: "ports",
		original: `[{containerPort: 80, protocol: TCP, name: http}]`, updated: `[{containerPort: 80, protocol: TCP, name: web}]`, live: `[{containerPort: 80, name: http}]`,
		want: "ports: [{containerPort: 80, name: http}, {name: web, containerPort: \"80\", protocol: TCP}]\n"},
	{name: "factSetFieldsInUse", field: "ports",
		original: `[{containerPort: 80, name: a}, {containerPort: 81, name: b}]`, updated: `[{containerPort: 81, name: b}, {containerPort: 80, name: a2}]`, live: `[{containerPort: 80, name: a}, {containerPort: 81, name: b}, {containerPort: 82}]`,
		want: "ports: [{containerPort: 80, name: a2}, {containerPort: 81, name: b}, {containerPort: 82}]\n"},
	{name: "factSeveralKeysMoveToEnd", field: "ports",
		original: `[{containerPort: 80, protocol: TCP, name: http}, {containerPort: 53, protocol: UDP}]`, updated: `[{containerPort: 80, protocol: TCP, name: web}, {containerPort: 53, protocol: UDP, name: dns}]`, live: `[{containerPort: 80, name: http}, {containerPort: 53, protocol: UDP}]`,
		want: "ports: [{containerPort: 80, name: http}, {name: web, containerPort: \"80\", protocol: TCP}, {containerPort: 53, protocol: UDP, name: dns}]\n"},
	{name: "factMissingKeyAppended", field: "ports",
		original: `[{protocol: UDP, name: x}]`, updated: `[{protocol: UDP, name: y}]`, live: `[{containerPort: 80, protocol: TCP, name: a}, {protocol: UDP, name: x}]`,
		want: "ports: [{protocol: UDP, name: y}, {containerPort: 80, protocol: TCP, name: a}, {protocol: UDP, name: y}, {protocol: UDP, name: y}]\n"},
	{name: "factKeyWrittenBack", field: "containers",
		original: `[{name: a, image: x}]`, updated: `[]`, live: `[{name: a, image: x, extra: y}]`,
		want: "containers: [{extra: \"y\", name: a}]\n"},
	{name: "factKeyWrittenBack/primitives", field: "finalizers",
		original: "\n  - f1 # c\n", updated: "\n  - f1 # c\n  - f2\n", live: "\n  - !!str f1 # c\n",
		want: "  finalizers:\n  - f1\n  - f2\n"},
	{name: "factAppendOrder", field: "containers",
		original: `[{name: a}]`, updated: `[{name: a}, {name: c}, {name: b}]`, live: `[{name: a}, {name: d}]`,
		want: "containers: [{name: a}, {name: d}, {name: c}, {name: b}]\n"},
	{name: "factEmptiesDropped", field: "containers",
		original: `[{name: a, image: x}]`, updated: `[{name: a, image: y}]`, live: `[{name: a, image: x}, {}]`,
		want: "containers: [{name: a, image: y}]\n"},
	{name: "factFindByTexts", field: "containers",
		original: `[{name: null, image: x}]`, updated: `[{name: null, image: y}]`, live: `[{name: null, image: x}]`,
		want: "containers: []\n"},
	{name: "factGuessedKeyAgrees", field: "parts", infer: true,
		original: `[{name: a}]`, updated: `[{name: a}]`, live: `[{mountPath: /x}]`,
		want: "fails"},
}

// document writes a resource holding list under the fact's field.
func (f itemFact) document(list string) string {
	if !strings.HasPrefix(list, "\n") {
		list = " " + list + "\n"
	}
	switch f.field {
	case "finalizers":
		return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  finalizers:" + list + "spec:\n  containers: [{name: main}]\n"
	case "ports":
		return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: main\n    ports:" + list
	case "parts":
		return "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  parts:" + list
	}
	return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:" + list
}

// TestItemFacts runs each fact of kyaml's item matching through kyaml and the engine: kyaml
// must still answer as the fact says, and the engine as kyaml.
func TestItemFacts(t *testing.T) {
	h := handler.Default()
	for _, f := range itemFacts {
		t.Run(f.name, func(t *testing.T) {
			c := &Case{Original: f.document(f.original), Updated: f.document(f.updated), Live: f.document(f.live), InferKeys: f.infer}
			ref := Reference(c)
			got := ref.Result
			if ref.Failed() {
				got = "fails"
			}
			if !strings.Contains(got, f.want) || f.want == "" {
				t.Errorf("kyaml answers\n%s%s", got, ref.Err)
			}
			if eng, _ := Engine(context.Background(), h, c); Compare(ref, eng) != "" {
				t.Errorf("the engine differs from kyaml: %s\n%s", Compare(ref, eng), eng.Result)
			}
		})
	}
}

// walkFact is one case of a fact of kyaml's walk, named as the engine names it
// (engine/modes/merge3/walk.go, fields.go, triple.go): three versions of a resource, and a part
// of kyaml's answer (or "fails" when kyaml refuses the merge).
type walkFact struct {
	name                    string
	original, updated, live string
	want                    string
}

const widget = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n"

var walkFacts = []walkFact{
	{name: "factSortedFields",
		original: widget + "  a: 1\n", updated: widget + "  a: 1\n  zeta: 2\n  beta: 3\n  alpha: 4\n", live: widget + "  a: 1\n  m: 5\n",
		want: "  a: 1\n  m: 5\n  alpha: 4\n  beta: 3\n  zeta: 2\n"},
	{name: "factKindSchema",
		original: widget + "  template:\n    apiVersion: v1\n    kind: Pod\n    spec:\n      containers: [{name: a, image: x}]\n",
		updated:  widget + "  template:\n    apiVersion: v1\n    kind: Pod\n    spec:\n      containers: [{name: a, image: y}]\n",
		live:     widget + "  template:\n    apiVersion: v1\n    kind: Pod\n    spec:\n      containers: [{name: a, image: x}, {name: b}]\n",
		want:     "containers: [{name: a, image: y}, {name: b}]\n"},
	{name: "factCommentSchemaFirst",
		original: widget + "  parts:\n  - {name: a, size: 1}\n",
		updated:  widget + "  parts: # {\"$openapi\":\"setter\"}\n  - {name: a, size: 2}\n",
		live:     widget + "  parts: # {\"type\":\"array\",\"x-kubernetes-patch-strategy\":\"merge\",\"x-kubernetes-patch-merge-key\":\"name\"}\n  - {name: a, size: 1}\n  - {name: b}\n",
		want:     "  - {name: a, size: 2}\n  - {name: b}\n"},
	{name: "factLiveFirst",
		original: widget + "  parts:\n  - {name: a, size: 1}\n",
		updated:  widget + "  parts: # {\"type\":\"array\",\"x-kubernetes-patch-strategy\":\"merge\",\"x-kubernetes-patch-merge-key\":\"name\"}\n  - {name: a, size: 2}\n",
		live:     widget + "  parts: # {\"$openapi\":\"setter\"}\n  - {name: a, size: 1}\n  - {name: b}\n",
		want:     "  - {name: a, size: 2}\n---\n"},
	{name: "factShapesAgree",
		original: widget + "  a: {b: 1}\n", updated: widget + "  a: {b: 2}\n", live: widget + "  a: none\n",
		want: "fails"},
	{name: "factEmptyKeyStops", // an empty key in any version of a map the walk enters, here one only the local copy has
		original: widget + "  a: 1\n", updated: widget + "  a: 2\n", live: widget + "  a: 1\n  b: {'': x}\n",
		want: "fails"},
	{name: "factEmptyKeyStops/deleted", // a map upstream deleted and the local copy lacks is not entered
		original: widget + "  a: 1\n  b: {'': x}\n", updated: widget + "  a: 2\n", live: widget + "  a: 1\n",
		want: "  a: 2\n---\n"},
	{name: "factEmptyKeyStops/deleted-held", // one the local copy still holds is entered, and refused
		original: widget + "  a: 1\n  b: {'': x}\n", updated: widget + "  a: 2\n", live: widget + "  a: 1\n  b: {'': x}\n",
		want: "fails"},
	{name: "factEmptyKeyStops/rebase", // a resource upstream added is copied, empty key and all; its rebase is refused
		original: "", updated: widget + "  a: 1\n  ? \n  : x\n", live: widget + "  a: 1\n  '': x\n",
		want: "fails"},
}

// TestWalkFacts runs each fact of kyaml's walk through kyaml and the engine: kyaml must still
// answer as the fact says, and the engine as kyaml.
func TestWalkFacts(t *testing.T) {
	h := handler.Default()
	for _, f := range walkFacts {
		t.Run(f.name, func(t *testing.T) {
			c := &Case{Original: f.original, Updated: f.updated, Live: f.live}
			ref := Reference(c)
			got := ref.Result + "---\n"
			if ref.Failed() {
				got = "fails"
			}
			if !strings.Contains(got, f.want) {
				t.Errorf("kyaml answers\n%s%s", got, ref.Err)
			}
			if eng, _ := Engine(context.Background(), h, c); Compare(ref, eng) != "" {
				t.Errorf("the engine differs from kyaml: %s\n%s", Compare(ref, eng), eng.Result)
			}
		})
	}
}
