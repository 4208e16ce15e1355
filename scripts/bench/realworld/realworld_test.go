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
