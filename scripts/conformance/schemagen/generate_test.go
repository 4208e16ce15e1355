package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// committed is the built-in schema file in the repository, relative to this package.
const committed = "../../../engine/schema/builtin.json"

func TestCommittedSchemaIsFresh(t *testing.T) {
	g, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g.JSON, want) {
		t.Fatalf("engine/schema/builtin.json differs from a fresh run (%s): run `make schema` "+
			"(cd scripts/conformance && go run ./schemagen -out ../../engine/schema/builtin.json)",
			firstDifference(string(want), string(g.JSON)))
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.JSON, b.JSON) {
		t.Fatalf("two runs differ: %s", firstDifference(string(a.JSON), string(b.JSON)))
	}
}

func TestGenerateCoversTheUsualKinds(t *testing.T) {
	g, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{"apiVersion":"v1","kind":"Pod","type":"io.k8s.api.core.v1.Pod","scope":"Namespaced"}`,
		`{"apiVersion":"v1","kind":"Namespace","type":"io.k8s.api.core.v1.Namespace","scope":"Cluster"}`,
		`{"apiVersion":"apps/v1","kind":"Deployment","type":"io.k8s.api.apps.v1.Deployment","scope":"Namespaced"}`,
		`{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole","type":"io.k8s.api.rbac.v1.ClusterRole","scope":"Cluster"}`,
		`{"name":"containers","type":{"list":{"elementType":{"namedType":"io.k8s.api.core.v1.Container"},"elementRelationship":"associative","keys":["name"]}},"patchStrategy":"merge","patchMergeKey":"name"}`,
	} {
		if !strings.Contains(string(g.JSON), want) {
			t.Errorf("output lacks %s", want)
		}
	}
	for _, s := range g.Skipped {
		if strings.Contains(s, "scope unknown") {
			t.Errorf("skipped: %s", s)
		}
	}
}

// firstDifference describes the first line where a and b differ.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "first difference at line " + strconv.Itoa(i+1) + ": committed " + clip(x) + ", fresh " + clip(y)
		}
	}
	return "no line differs"
}

// clip shortens a line for a message.
func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}
