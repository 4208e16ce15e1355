package managed

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestWithoutManagedFields wants a copy of the object less metadata.managedFields (and less a
// metadata they leave empty) that shares nothing with the object, which stays as it was.
func TestWithoutManagedFields(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"other metadata kept", "kind: A\nmetadata:\n  name: a\n  managedFields:\n  - manager: m\n  labels: {app: web}\nspec: {replicas: 1}\n", "kind: A\nmetadata:\n  name: a\n  labels: {app: web}\nspec: {replicas: 1}\n"},
		{"metadata left empty goes", "metadata:\n  managedFields: []\nspec: {replicas: 1}\n", "spec: {replicas: 1}\n"},
		{"no managedFields", "metadata:\n  name: a\nspec: {replicas: 1}\n", "metadata:\n  name: a\nspec: {replicas: 1}\n"},
		{"no metadata", "spec: {replicas: 1}\n", "spec: {replicas: 1}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obj, err := yamltree.ParseOne(yamltree.Input("object"), tc.in, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			out := WithoutManagedFields(obj)
			if got := yamltree.EmitNode(out); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			out.Get("spec").Set("replicas", yamltree.NewScalar(yamltree.IntTag, "2"))
			if m := out.Get("metadata"); m != nil {
				m.Set("name", yamltree.NewString("changed"))
			}
			if got := yamltree.EmitNode(obj); got != tc.in {
				t.Errorf("the object changed:\n%s\nwant\n%s", got, tc.in)
			}
		})
	}
}
