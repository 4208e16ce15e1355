package merge3

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// vector is one recorded case of kyaml's merge3 tests (testdata/README.md).
type vector struct {
	Table, Description    string
	Origin, Update, Local string
	Actual, ActualErr     string
	Infer                 bool
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	data, err := os.ReadFile("testdata/kyaml-merge3-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

func testSchemas(t testing.TB) *schemas {
	t.Helper()
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	kust, err := LoadKustomization()
	if err != nil {
		t.Fatal(err)
	}
	return newSchemas(nil, builtin, kust)
}

// parseRoot reads the first document of text as kyaml's yaml.Parse does.
func parseRoot(t testing.TB, input yamltree.Input, text string) *ynode.Node {
	t.Helper()
	docs, err := yamltree.Parse(input, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		t.Fatalf("%s: %v", input, err)
	}
	for _, d := range docs {
		if d.Root != nil {
			root, _ := ynode.ReadDocument(d.Root, ynode.NewSource(text))
			return root
		}
	}
	return nil
}

// mergeStrings is kyaml's merge3.MergeStrings on the engine.
func mergeStrings(t testing.TB, defs *schemas, local, original, updated string, infer bool) (string, error) {
	t.Helper()
	var keys []string
	if infer {
		keys = InferredKeys()
	}
	res, err := mergeResource(triple{original: parseRoot(t, yamltree.Original, original), updated: parseRoot(t, yamltree.Updated, updated), live: parseRoot(t, yamltree.Live, local)}, defs, keys, nil)
	if err != nil || res.root == nil {
		return "", err
	}
	text, _ := ynode.Emit([]*ynode.Node{res.root})
	return text, nil
}

func TestVectors(t *testing.T) {
	defs := testSchemas(t)
	vs := loadVectors(t)
	equalData, identical := 0, 0
	for _, v := range vs {
		got, err := mergeStrings(t, defs, v.Local, v.Origin, v.Update, v.Infer)
		if (err != nil) != (v.ActualErr != "") {
			t.Errorf("%s/%s: error %v, kyaml's %q", v.Table, v.Description, err, v.ActualErr)
			continue
		}
		if sameDocument(t, got, v.Actual) {
			equalData++
		} else {
			t.Errorf("%s/%s: differs from kyaml:\n--- engine\n%s--- kyaml\n%s", v.Table, v.Description, got, v.Actual)
		}
		if got == v.Actual {
			identical++
		}
	}
	t.Logf("kyaml merge3 vectors: %d of %d equal as data with comments, %d identical as text", equalData, len(vs), identical)
}

// sameDocument reports whether two texts hold the same data, keys in the same order, with the
// same comments.
func sameDocument(t testing.TB, a, b string) bool {
	ra, rb := parseRoot(t, "a", a), parseRoot(t, "b", b)
	return sameNode(ra, rb)
}

func sameNode(a, b *ynode.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.HeadComment != b.HeadComment || a.LineComment != b.LineComment || a.FootComment != b.FootComment {
		return false
	}
	if a.Kind == ynode.ScalarNode {
		return a.Value == b.Value && a.Tag == b.Tag
	}
	if len(a.Content) != len(b.Content) {
		return false
	}
	for i := range a.Content {
		if !sameNode(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}
