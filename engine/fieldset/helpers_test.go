package fieldset

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// p builds a path from FieldsV1 keys: p(t, "f:spec", "k:{\"name\":\"a\"}").
func p(t *testing.T, keys ...string) fieldpath.Path {
	t.Helper()
	var out fieldpath.Path
	for _, k := range keys {
		e, ok, err := ParseElement(k)
		if err != nil || !ok {
			t.Fatalf("element %q: %v", k, err)
		}
		out = out.Append(e)
	}
	return out
}

func num(text string) *yamltree.Node { return yamltree.NewScalar(yamltree.IntTag, text) }
func str(text string) *yamltree.Node { return yamltree.NewString(text) }
