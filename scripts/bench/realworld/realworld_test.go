package realworld

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDocumentPicksByKindAndName(t *testing.T) {
	stream := "kind: ConfigMap\nmetadata:\n  name: a\n---\nkind: CustomResourceDefinition\nmetadata:\n  name: b.example.com\nspec: {}\n---\nkind: CustomResourceDefinition\nmetadata:\n  name: c.example.com\n"
	tests := []struct {
		kind, name, want string
	}{
		{"CustomResourceDefinition", "b.example.com", "kind: CustomResourceDefinition\nmetadata:\n  name: b.example.com\nspec: {}\n"},
		{"CustomResourceDefinition", "c.example.com", "kind: CustomResourceDefinition\nmetadata:\n  name: c.example.com\n"},
		{"ConfigMap", "a", "kind: ConfigMap\nmetadata:\n  name: a\n"},
	}
	for _, tt := range tests {
		got, err := document(tt.kind, tt.name)(stream)
		if err != nil || got != tt.want {
			t.Errorf("document(%s, %s) = %q, %v; want %q", tt.kind, tt.name, got, err, tt.want)
		}
	}
	if _, err := document("ConfigMap", "b.example.com")(stream); err == nil {
		t.Error("a kind and name no document holds together: want an error")
	}
}

func TestRequestsByMode(t *testing.T) {
	f := File{Old: "old", New: "new"}
	for _, mode := range Modes() {
		req := f.Request(mode)
		wantUpdated, wantLive := "new", "old"
		if mode == "patch" {
			wantUpdated, wantLive = "old", "new"
		}
		if req.Mode != mode || req.Updated != wantUpdated || req.Live != wantLive || req.Options.Force != (mode == "ssa") {
			t.Errorf("%s: %+v", mode, req)
		}
		wantOriginal := map[string]string{"apply": "old", "merge3": "old", "twoway": "old"}[mode]
		if req.Original != wantOriginal {
			t.Errorf("%s: original %q, want %q", mode, req.Original, wantOriginal)
		}
	}
}

func TestLoadSaysNotFound(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "absent"))
	if !NotFound(err) || !strings.Contains(err.Error(), "absent") {
		t.Errorf("Load of an absent folder: %v; want a not-found error naming it", err)
	}
}

// TestLoadReadsTheRealFiles reads the shared folder when it is there: the files of sources, at
// about a megabyte each.
func TestLoadReadsTheRealFiles(t *testing.T) {
	dir := Dir(filepath.Join("..", "..", ".."))
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no real manifests: %v", err)
	}
	files, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		for _, text := range []string{f.Old, f.New} {
			if len(text) < 500_000 {
				t.Errorf("%s: %d bytes, want about a megabyte", f.Name, len(text))
			}
		}
	}
}

func TestRenamedAndIdentity(t *testing.T) {
	doc := "# a comment\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    name: not-this\n  name: \"cm\"\n  namespace: ns\ndata:\n  name: nor-this\n"
	if id, ok := identity(doc); !ok || id != "ConfigMap/ns/cm" {
		t.Errorf("identity = %q, %v", id, ok)
	}
	want := strings.Replace(doc, `name: "cm"`, `name: "cm-c2"`, 1)
	if got := renamed(doc, "-c2"); got != want {
		t.Errorf("renamed:\n%s\nwant:\n%s", got, want)
	}
	if _, ok := identity("kind: Pod\nmetadata:\n  generateName: p-\n"); ok {
		t.Error("a document without a name has an identity")
	}
}

func TestFilledStaysWithinItsBytes(t *testing.T) {
	docs := []string{"kind: A\nmetadata:\n  name: a\n", "kind: B\nmetadata:\n  name: b\n"}
	got := filled(docs, 100)
	if len(got) > 100 || !strings.Contains(got, "name: a-c1\n") || strings.Count(got, "---\n") != strings.Count(got, "kind: ")-1 {
		t.Errorf("filled: %d bytes\n%s", len(got), got)
	}
}

// TestStreamFromTheRealFiles builds the 4 MiB stream when the shared folder is there: each
// release within its bytes and near them, every resource once.
func TestStreamFromTheRealFiles(t *testing.T) {
	dir := Dir(filepath.Join("..", "..", ".."))
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no real manifests: %v", err)
	}
	f, err := Stream(dir, StreamBytes)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"old": f.Old, "new": f.New} {
		if len(text) > StreamBytes || len(text) < StreamBytes-200_000 {
			t.Errorf("%s release: %d bytes, want just under %d", name, len(text), StreamBytes)
		}
		seen := map[string]bool{}
		for _, d := range splitDocuments(text) {
			id, ok := identity(d)
			if !ok || seen[id] {
				t.Fatalf("%s release: a document without a name or twice: %q", name, id)
			}
			seen[id] = true
		}
	}
}
