package smpfacts

import (
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// brokenSimpleMap is how the vectors' swagger (copied from apimachinery's test data) declares
// retainKeysMergeItem's simpleMap: no type, an "items". The Go struct the reference runs
// (mergeitem.go) says map[string]string, so the engine is given that: a map of strings.
const (
	brokenSimpleMap = `"additionalProperties": "object",
          "items": {
            "type": "string"
          }`
	simpleMapOfStrings = `"type": "object",
          "additionalProperties": {
            "type": "string"
          }`
)

// mergeItemType loads the vectors' OpenAPI schema of mergeItem, as engine/smp's tests do, with
// retainKeysMergeItem's simpleMap as the reference's struct declares it.
func mergeItemType(t testing.TB) *schema.Type {
	t.Helper()
	swagger, err := os.ReadFile("../../../engine/smp/testdata/swagger-merge-item.json")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(swagger), brokenSimpleMap) != 1 {
		t.Fatal("swagger-merge-item.json: retainKeysMergeItem's simpleMap is no longer declared as it was")
	}
	set, err := schema.Load(strings.Replace(string(swagger), brokenSimpleMap, simpleMapOfStrings, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	return set.Named("mergeItem")
}

// builtinKind is the built-in schema's root type of an apiVersion/kind.
func builtinKind(t testing.TB, kind string) *schema.Type {
	t.Helper()
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	gv, k := splitKind(kind)
	root := set.Root(gv, k)
	if root == nil {
		t.Fatalf("no built-in kind %s", kind)
	}
	return root
}

func node(t testing.TB, text []byte) *yamltree.Node {
	t.Helper()
	if len(text) == 0 || string(text) == "null" {
		return nil
	}
	n, err := yamltree.ParseOne(yamltree.Live, string(text), yamltree.Options{})
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return n
}

func jsonOf(n *yamltree.Node) string {
	if n == nil {
		return "{}"
	}
	s, err := yamltree.JSON(n)
	if err != nil {
		return "unwritable: " + err.Error()
	}
	return s
}

func emptyIfNil(n *yamltree.Node) *yamltree.Node {
	if n == nil {
		return yamltree.NewMap()
	}
	return n
}
