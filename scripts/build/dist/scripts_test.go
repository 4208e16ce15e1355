package dist

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestBundleLeavesTestToolsOut: the page's bundle (web/main.js and what it imports) holds the
// page's modules and CodeMirror, and nothing the tests use: no web/*.test.js, and none of the
// devDependencies (acorn, which web/functionsize.test.js parses the modules with; axe-core, which
// the browser tests inject).
func TestBundleLeavesTestToolsOut(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@codemirror")); err != nil {
		t.Skip("node_modules is missing (npm ci at the root)")
	}
	opts := bundleOptions(root, "web/main.js")
	opts.Metafile = true
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		t.Fatalf("bundling web/main.js: %s", messages(res.Errors))
	}
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for in := range meta.Inputs {
		inputs = append(inputs, filepath.ToSlash(in))
	}
	sort.Strings(inputs)
	has := func(part string) bool {
		for _, in := range inputs {
			if strings.Contains(in, part) {
				return true
			}
		}
		return false
	}
	if !has("web/main.js") || !has("node_modules/@codemirror/view/") {
		t.Fatalf("the bundle's inputs lack the page or CodeMirror: %v", inputs)
	}
	for _, in := range inputs {
		if strings.HasSuffix(in, ".test.js") || strings.Contains(in, "node_modules/acorn/") || strings.Contains(in, "node_modules/axe-core/") {
			t.Errorf("the page's bundle holds %s, which only the tests use", in)
		}
	}
}
