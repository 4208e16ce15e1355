package apiserver

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestSystemFieldsAsObserved: an update keeps live's uid, resourceVersion, generation and
// creationTimestamp where the write removes them, and live's generation and creationTimestamp
// where it changes them (kube-apiserver v1.37.2, 2026-12-07: a ConfigMap patched with each
// null, or with other values, printed "patched (no change)"; replaced without them,
// "replaced", and kept them all).
func TestSystemFieldsAsObserved(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	root := set.Root("v1", "ConfigMap")
	live := parse(t, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  uid: 4c06f87c\n"+
		"  resourceVersion: \"96\"\n  generation: 1\n  creationTimestamp: \"2026-12-07T19:54:42Z\"\n  labels: {a: b}\ndata: {a: b}\n")
	at := func(p fieldpath.Path) (*yamltree.Node, *yamltree.Node, bool) {
		given, _ := lookup(live, p)
		return given, nil, false
	}
	cases := []struct {
		name, result, stored string
		kept                 []string
	}{{
		name:   "removed (kubectl replace without them, a patch setting them to null)",
		result: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  labels: {a: b}\ndata: {a: c}\n",
		stored: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  uid: 4c06f87c\n  resourceVersion: \"96\"\n" +
			"  generation: 1\n  creationTimestamp: \"2026-12-07T19:54:42Z\"\n  labels: {a: b}\ndata: {a: c}\n",
		kept: []string{"metadata.uid", "metadata.resourceVersion", "metadata.generation", "metadata.creationTimestamp"},
	}, {
		name: "changed (a merge patch setting generation and creationTimestamp)",
		result: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  uid: 4c06f87c\n  resourceVersion: \"96\"\n" +
			"  generation: 9\n  creationTimestamp: \"2021-01-01T00:00:00Z\"\n  labels: {a: b}\ndata: {a: b}\n",
		stored: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  uid: 4c06f87c\n  resourceVersion: \"96\"\n" +
			"  generation: 1\n  creationTimestamp: \"2026-12-07T19:54:42Z\"\n  labels: {a: b}\ndata: {a: b}\n",
		kept: []string{"metadata.generation", "metadata.creationTimestamp"},
	}, {
		name: "a uid changed is the server's refusal, not kept here",
		result: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  uid: other\n  resourceVersion: \"96\"\n" +
			"  generation: 1\n  creationTimestamp: \"2026-12-07T19:54:42Z\"\n  labels: {a: b}\ndata: {a: b}\n",
		stored: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rv\n  namespace: default\n  uid: other\n  resourceVersion: \"96\"\n" +
			"  generation: 1\n  creationTimestamp: \"2026-12-07T19:54:42Z\"\n  labels: {a: b}\ndata: {a: b}\n",
	}}
	for _, c := range cases {
		for name, store := range map[string]func(*yamltree.Node) Stored{
			"StoreOver":   func(obj *yamltree.Node) Stored { return StoreOver(obj, root, nil, at) },
			"StoreUpdate": func(obj *yamltree.Node) Stored { return StoreUpdate(obj, root, nil, at) },
		} {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				result := parse(t, c.result)
				before := yamltree.EmitNode(result)
				s := store(result)
				if got, want := yamltree.EmitNode(s.Root), yamltree.EmitNode(parse(t, c.stored)); got != want {
					t.Errorf("stored:\n%s\nwant:\n%s", got, want)
				}
				var kept []string
				for _, d := range s.Defaults {
					if d.System {
						kept = append(kept, d.Field)
					}
				}
				if strings.Join(kept, " ") != strings.Join(c.kept, " ") {
					t.Errorf("kept from live: %v, want %v", kept, c.kept)
				}
				if yamltree.EmitNode(result) != before {
					t.Error("the result given was changed")
				}
			})
		}
	}
}
