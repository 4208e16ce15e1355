package apiserver

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ownersNotModelled are the owned fields of the server's entries the playground's lack: those of
// values it does not write (notModelled: a DaemonSet's annotation; a Secret's stringData, which
// the server moves into data; a ReplicationController's labels, taken from its template).
var ownersNotModelled = []struct{ cases, path string }{
	{"daemonset", ".f:metadata"}, {"replicationcontroller", ".f:metadata"}, {"secret", ".f:data"}, {"secret", ".f:stringData"},
}

// TestOwnersAsObserved records the creates of testdata/defaults.txt as the API server records
// them (managed.Written, from Zero, over the object as stored with its defaults) and, for a case
// with a patch adding an item, the patch's update after it, and wants the managedFields entries
// the server wrote: an Update entry owns the defaults the server wrote into what it created or
// added, without "." for the structs the kind's Go type always holds.
func TestOwnersAsObserved(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	keys := func(f *schema.Field, _ *schema.Type) []string { return f.MergeKeys() }
	now := time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC)
	for _, c := range readObserved(t) {
		if c.how == "ssa" {
			continue // an Apply entry owns what was applied: the ssa mode's tests
		}
		t.Run(c.name, func(t *testing.T) {
			sent := parse(t, c.sent)
			apiVersion, kind := sent.Get("apiVersion").Str(), sent.Get("kind").Str()
			root := set.Root(apiVersion, kind)
			obj := Store(sent, root, keys).Root
			if err := managed.Written(managed.Write{Type: root, Zero: Zero(root, apiVersion, kind), Result: obj, Manager: "kubectl-create", Now: now}); err != nil {
				t.Fatal(err)
			}
			if c.patch != "" {
				patched := parse(t, c.sent)
				appendItems(patched, parse(t, c.patch))
				patched = Store(patched, root, keys).Root
				patched.Get("metadata").Set("managedFields", obj.Lookup("metadata", "managedFields"))
				if err := managed.Written(managed.Write{Type: root, Live: obj, Result: patched, Manager: "kubectl-patch", Now: now}); err != nil {
					t.Fatal(err)
				}
				obj = patched
			}
			got, want := owners(c.name, obj), owners(c.name, parse(t, c.stored))
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("owners:\n%s\nwant (the server's):\n%s", g, w)
			}
		})
	}
}

// owners lists an object's managedFields entries' owned paths, "manager operation path", sorted.
func owners(c string, obj *yamltree.Node) []string {
	var out []string
	entries := obj.Lookup("metadata", "managedFields")
	if entries == nil {
		return nil
	}
	for _, e := range entries.Items {
		who := e.Get("manager").Str() + " " + e.Get("operation").Str() + " "
		var walk func(n *yamltree.Node, path string)
		walk = func(n *yamltree.Node, path string) {
			if len(n.Fields) == 0 && ownedHere(c, path) {
				out = append(out, who+path)
			}
			for _, f := range n.Fields {
				walk(f.Value, path+"."+f.Name())
			}
		}
		if f := e.Get("fieldsV1"); f != nil {
			walk(f, "")
		} else {
			out = append(out, who+"(no fieldsV1)")
		}
	}
	sort.Strings(out)
	return out
}

func ownedHere(c, path string) bool {
	for _, n := range ownersNotModelled {
		if strings.HasPrefix(c, n.cases) && strings.HasPrefix(path, n.path) {
			return false
		}
	}
	return true
}
