package apiserver

import (
	"slices"
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

// TestComputedDefaultKeptFromLive: a default worked out from the object (a container's
// imagePullPolicy from its image) that live as a cluster stores it holds is kept where the write
// changes the image but sends no imagePullPolicy (make apiserver-diff seed 9, apply-10 and
// apply-15, kube-apiserver v1.37.2, 2026-12-07).
func TestComputedDefaultKeptFromLive(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	root := set.Root("apps/v1", "Deployment")
	keys := func(f *schema.Field, _ *schema.Type) []string { return f.MergeKeys() }
	object := func(image string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n" +
			"  template:\n    metadata: {labels: {app: d}}\n    spec:\n      containers:\n      - {name: c, image: \"" + image + "\"}\n"
	}
	for _, c := range []struct{ live, result, want string }{
		{"nginx:latest", "nginx:1.27", "Always FromLive"},
		{"nginx:1.27", "nginx:latest", "IfNotPresent FromLive"},
		{"nginx:1.27", "nginx:1.28", "IfNotPresent"},
	} {
		live := parse(t, object(c.live))
		stored := Store(live, root, keys).Root
		at := func(p fieldpath.Path) (*yamltree.Node, *yamltree.Node, bool) {
			return lookupItems(live, p), lookupItems(stored, p), false
		}
		s := StoreOver(parse(t, object(c.result)), root, keys, at)
		container := s.Root.Lookup("spec", "template", "spec", "containers").Items[0]
		got := container.Get("imagePullPolicy").Str()
		for _, d := range s.Defaults {
			if strings.HasSuffix(d.Field, "imagePullPolicy") && d.FromLive {
				got += " FromLive"
			}
		}
		if got != c.want {
			t.Errorf("live %s, result %s: imagePullPolicy %s, want %s", c.live, c.result, got, c.want)
		}
	}
}

// lookupItems is the node at p from root, list items found by their keys; nil for none.
func lookupItems(root *yamltree.Node, p fieldpath.Path) *yamltree.Node {
	n := root
	for _, e := range p {
		switch {
		case len(e.Keys) > 0 && n.IsList():
			var found *yamltree.Node
			for _, it := range n.Items {
				if slices.IndexFunc(e.Keys, func(k fieldpath.KeyValue) bool { return !yamltree.Equal(it.Get(k.Name), k.Value) }) < 0 {
					found = it
				}
			}
			n = found
		case n.IsMap():
			n = n.Get(e.Field)
		default:
			return nil
		}
	}
	return n
}

// TestLoadBalancerNodePortsCleared: a Service's allocateLoadBalancerNodePorts is cleared by an
// update that turns it from a LoadBalancer, and refused on a Service created of another type
// (kube-apiserver v1.37.2, 2026-12-07: kubectl apply of type NodePort over a LoadBalancer that
// held true, make apiserver-diff seed 10, apply-16; kubectl create --dry-run=server of a
// NodePort setting it).
func TestLoadBalancerNodePortsCleared(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	root := set.Root("v1", "Service")
	service := func(typ string) string {
		return "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: default}\nspec:\n  type: " + typ +
			"\n  allocateLoadBalancerNodePorts: true\n  ports: [{port: 80, protocol: TCP}]\n"
	}
	live := parse(t, service("LoadBalancer"))
	at := func(p fieldpath.Path) (*yamltree.Node, *yamltree.Node, bool) {
		return lookupItems(live, p), lookupItems(live, p), false
	}
	updated := StoreOver(parse(t, service("NodePort")), root, nil, at)
	if updated.Root.Get("spec").Has("allocateLoadBalancerNodePorts") {
		t.Error("an update to NodePort keeps allocateLoadBalancerNodePorts")
	}
	if r := Check(Object{APIVersion: "v1", Kind: "Service", Namespaced: true, Root: updated.Root, Live: live, Drops: updated.Drops}); r != nil {
		t.Errorf("the update is refused: %s", r.Message())
	}
	created := Store(parse(t, service("NodePort")), root, nil)
	r := Check(Object{APIVersion: "v1", Kind: "Service", Namespaced: true, Root: created.Root, Drops: created.Drops})
	want := "The Service \"s\" is invalid: spec.allocateLoadBalancerNodePorts: Forbidden: may only be used when `type` is 'LoadBalancer'"
	if r == nil || r.Message() != want {
		t.Errorf("created: %v, want %s", r, want)
	}
}
