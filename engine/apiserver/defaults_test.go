package apiserver

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// observedCase is one case of testdata/defaults.txt (scripts/reproduce/observe-defaults.sh):
// the object sent, the patch sent after it, the object the server stored.
type observedCase struct {
	name, how           string
	sent, patch, stored string
}

// readObserved reads testdata/defaults.txt.
func readObserved(t *testing.T) []observedCase {
	t.Helper()
	data, err := os.ReadFile("testdata/defaults.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []observedCase
	for _, block := range strings.Split(string(data), "\n=== ")[1:] {
		head, rest, _ := strings.Cut(block, "\n")
		name, how, _ := strings.Cut(head, ": ")
		c := observedCase{name: name, how: how}
		for _, part := range strings.Split(rest, "--- ")[1:] {
			label, body, _ := strings.Cut(part, "\n")
			switch label {
			case "sent":
				c.sent = body
			case "patch":
				c.patch = body
			case "stored":
				c.stored = body
			default:
				t.Fatalf("%s: the server refused the case: %s", name, body)
			}
		}
		out = append(out, c)
	}
	return out
}

// notModelled are the values the server's object holds that are not defaults: what it allocates
// or stamps, what admission plugins and a kind's own strategy add (defaults.go says so), for
// the cases whose name begins with the prefix ("" for all), by the leaves' paths.
var notModelled = []struct{ cases, path, why string }{
	{"", ".metadata.creationTimestamp", "stamped"}, {"", ".metadata.generation", "stamped"},
	{"", ".metadata.namespace", "the request's"}, {"", ".metadata.resourceVersion", "stamped"},
	{"", ".metadata.uid", "allocated"}, {"", ".metadata.managedFields", "TestOwnersAsObserved"},
	{"", ".status", "status"},
	{"pod", ".spec.serviceAccount", "admission"}, {"pod", ".spec.tolerations", "admission"},
	{"pod", ".spec.priority", "admission"}, {"pod", ".spec.preemptionPolicy", "admission"},
	{"pod", "[kube-api-access-ALLOCATED]", "admission"},
	{"service", ".spec.clusterIP", "allocated"}, {"service", ".spec.ipFamil", "allocated"},
	{"service", ".nodePort", "allocated"}, {"service", ".spec.healthCheckNodePort", "allocated"},
	{"job", ".metadata.labels", "allocated"}, {"job", ".spec.selector", "allocated"},
	{"job", ".spec.template.metadata", "allocated (its labels)"},
	{"daemonset", ".metadata.annotations", "strategy"}, {"replicationcontroller", ".metadata.labels", "strategy"},
	{"pvc", ".metadata.finalizers", "admission"}, {"secret", ".data", "strategy"}, {"secret", ".stringData", "strategy"},
}

func modelled(c, path string) bool {
	for _, n := range notModelled {
		if strings.HasPrefix(c, n.cases) && (strings.HasPrefix(path, n.path) || strings.Contains(path, n.path) && strings.HasPrefix(n.path, "[")) || strings.HasPrefix(c, n.cases) && n.path == ".nodePort" && strings.HasSuffix(path, n.path) {
			return false
		}
	}
	return true
}

// TestDefaultsAsObserved stores each object of testdata/defaults.txt (its patch appended: the
// patches add list items) and wants the values the server's object holds, less those it does
// not default (notModelled).
func TestDefaultsAsObserved(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range readObserved(t) {
		t.Run(c.name, func(t *testing.T) {
			sent := parse(t, c.sent)
			if c.patch != "" {
				appendItems(sent, parse(t, c.patch))
			}
			root := set.Root(sent.Get("apiVersion").Str(), sent.Get("kind").Str())
			stored := Store(sent, root, func(f *schema.Field, _ *schema.Type) []string { return f.MergeKeys() })
			got, want := leafSet(c.name, stored.Root), leafSet(c.name, parse(t, c.stored))
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("stored:\n%s\nwant (the server's):\n%s", g, w)
			}
		})
	}
}

// appendItems adds to obj what patch adds: its maps merged, its lists' items appended.
func appendItems(obj, patch *yamltree.Node) {
	for _, f := range patch.Fields {
		have := obj.Get(f.Name())
		switch {
		case have.IsMap() && f.Value.IsMap():
			appendItems(have, f.Value)
		case have.IsList() && f.Value.IsList():
			have.Items = append(have.Items, f.Value.Items...)
		default:
			obj.Set(f.Name(), f.Value)
		}
	}
}

// leafSet lists an object's leaves, "path = tag value", sorted, list items by their name (or
// port) when they have one, less what is not modelled.
func leafSet(c string, n *yamltree.Node) []string {
	var out []string
	var walk func(n *yamltree.Node, path string)
	walk = func(n *yamltree.Node, path string) {
		switch {
		case n.IsMap() && len(n.Fields) > 0:
			for _, f := range n.Fields {
				walk(f.Value, path+"."+f.Name())
			}
		case n.IsList() && len(n.Items) > 0:
			for i, it := range n.Items {
				walk(it, path+"["+itemKey(it, i)+"]")
			}
		case modelled(c, path):
			out = append(out, path+" = "+fmt.Sprint(n.Tag)+" "+leafText(n))
		}
	}
	walk(n, "")
	sort.Strings(out)
	return out
}

func itemKey(it *yamltree.Node, i int) string {
	for _, k := range []string{"name", "port", "containerPort"} {
		if v := it.Get(k); v != nil {
			return v.Str()
		}
	}
	return strings.Repeat("#", i+1)
}

func leafText(n *yamltree.Node) string {
	switch {
	case n.IsMap():
		return "{}"
	case n.IsList():
		return "[]"
	}
	return n.Value
}

// TestRulesNameDeclaredFields: every rule of the table names a field its type declares, with a
// value and a condition the table's syntax knows, so that a renamed type or field cannot leave a
// rule silently unused.
func TestRulesNameDeclaredFields(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	seen, table := 0, ruleTable()
	for _, typ := range allTypes(set) {
		for _, r := range table[typ.Name] {
			seen++
			if typ.Field(r.field) == nil {
				t.Errorf("%s declares no field %q", typ.Name, r.field)
			}
			if v := r.valueOf(yamltree.NewMap()); v == nil && !strings.HasPrefix(r.value, "@") {
				t.Errorf("%s.%s: value %q does not read", typ.Name, r.field, r.value)
			}
			for _, c := range r.when {
				name, _, is := strings.Cut(c, "=")
				name = strings.TrimSuffix(name, "!")
				if !slices.Contains([]string{"own", "inside", "pod", "external"}, c) && !strings.HasPrefix(c, "!") && (!is || typ.Field(name) == nil) {
					t.Errorf("%s.%s: condition %q", typ.Name, r.field, c)
				}
			}
		}
	}
	if n := len(strings.Fields(defaultsTable)) - len(table); seen != n {
		t.Errorf("%d rules found in the built-in types, want the table's %d", seen, n)
	}
	if seen < 60 {
		t.Errorf("%d rules found in the built-in types, want the table's", seen)
	}
}

// allTypes are the named types the built-in kinds reach.
func allTypes(set *schema.Set) []*schema.Type {
	seen := map[string]bool{}
	var out []*schema.Type
	var walk func(t *schema.Type)
	walk = func(t *schema.Type) {
		if t == nil || t.Name != "" && seen[t.Name] {
			return
		}
		if t.Name != "" {
			seen[t.Name] = true
			out = append(out, t)
		}
		if t.Kind == schema.KindList {
			walk(t.Elem())
			return
		}
		if t.Kind == schema.KindMap {
			walk(t.Elem())
			for _, f := range t.Fields() {
				walk(f.Type)
			}
		}
	}
	for _, k := range set.Kinds() {
		walk(set.Root(k.APIVersion, k.Kind))
	}
	return out
}

// TestDefaultsConditions: the defaults written only where the server writes them, as observed
// (make apiserver-diff seed 1: a template's requests do not take its limits; values_test.go: a
// rollingUpdate under OnDelete is quoted with "MaxUnavailable":null; seed 2: serviceAccount).
func TestDefaultsConditions(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	const sts = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: s}\nspec:\n  updateStrategy: %s\n"
	cases := []struct{ object, path, want string }{
		{strings.Replace(sts, "%s", "{type: OnDelete, rollingUpdate: {partition: 1}}", 1), ".spec.updateStrategy.rollingUpdate", "{partition: 1}"},
		{strings.Replace(sts, "%s", "{rollingUpdate: {partition: 2}}", 1), ".spec.updateStrategy.rollingUpdate", "{partition: 2, maxUnavailable: 1}"},
		{strings.Replace(sts, "%s", "{type: OnDelete}", 1), ".spec.updateStrategy", "{type: OnDelete}"},
		{"apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n      containers:\n" +
			"      - {name: c, image: nginx, resources: {limits: {cpu: 1}}}\n", ".spec.template.spec.containers[0].resources", "{limits: {cpu: \"1\"}}"},
		{"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n      - {name: c, image: nginx, resources: {limits: {cpu: 1}}}\n",
			".spec.containers[0].resources", "{limits: {cpu: \"1\"}, requests: {cpu: \"1\"}}"},
		// make apiserver-diff seed 2, apply-17: the deprecated serviceAccount follows serviceAccountName
		{"apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  serviceAccountName: sa\n  containers: [{name: c, image: nginx}]\n",
			".spec.serviceAccount", "sa"},
	}
	for _, c := range cases {
		obj := parse(t, c.object)
		stored := Store(obj, set.Root(obj.Get("apiVersion").Str(), obj.Get("kind").Str()), nil).Root
		n := stored
		for _, step := range strings.Split(strings.TrimPrefix(c.path, "."), ".") {
			name, index, _ := strings.Cut(step, "[")
			n = n.Get(name)
			if index != "" {
				n = n.Items[0]
			}
		}
		want := parse(t, c.want)
		if !yamltree.Equal(n, want) {
			t.Errorf("%s of\n%s: %s, want %s", c.path, c.object, yamltree.EmitNode(n), c.want)
		}
	}
}
