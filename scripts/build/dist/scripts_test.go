package dist

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestBundleLeavesTestToolsOut: the page's bundles (web/main.js and what it imports, views.js
// included) hold the page's modules and CodeMirror, and nothing the tests use: no web/*.test.js,
// and none of the devDependencies (acorn, which web/functionsize.test.js parses the modules with;
// axe-core, which the browser tests inject; @lezer/yaml and @codemirror/lang-yaml, against which
// web/yamltokens.test.js checks the page's own YAML colours).
func TestBundleLeavesTestToolsOut(t *testing.T) {
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	mainMetafile(t, &meta)
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
		testOnly := []string{"node_modules/acorn/", "node_modules/axe-core/", "node_modules/@lezer/yaml/", "node_modules/@codemirror/lang-yaml/"}
		if strings.HasSuffix(in, ".test.js") || slices.ContainsFunc(testOnly, func(dep string) bool { return strings.Contains(in, dep) }) {
			t.Errorf("the page's bundle holds %s, which only the tests use", in)
		}
	}
}

// TestCodeMirrorIsInTheSecondBundle: the page's first bundle (main.js and the chunk it imports)
// holds no CodeMirror and no Lezer, only the page's own YAML colours (yamltokens.js) its previews
// draw with; views.js, which main.js loads with import(), holds CodeMirror's view, state,
// commands, language and lint.
func TestCodeMirrorIsInTheSecondBundle(t *testing.T) {
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string                        `json:"entryPoint"`
			Imports    []struct{ Path, Kind string } `json:"imports"`
			Inputs     map[string]json.RawMessage    `json:"inputs"`
		} `json:"outputs"`
	}
	mainMetafile(t, &meta)
	byEntry := map[string]string{}
	for out, o := range meta.Outputs {
		if o.EntryPoint != "" {
			byEntry[o.EntryPoint] = out
		}
	}
	main, views := byEntry["web/main.js"], byEntry["web/views.js"]
	if main == "" || views == "" {
		t.Fatalf("want main.js and views.js as outputs of their own, got %v", byEntry)
	}
	first := []string{main}
	loads := false
	for _, im := range meta.Outputs[main].Imports {
		switch {
		case im.Kind == "import-statement":
			first = append(first, im.Path)
		case im.Kind == "dynamic-import" && im.Path == views:
			loads = true
		}
	}
	if !loads {
		t.Errorf("main.js does not load views.js with import(): %+v", meta.Outputs[main].Imports)
	}
	inputs := func(out string) []string {
		var in []string
		for name := range meta.Outputs[out].Inputs {
			in = append(in, filepath.ToSlash(name))
		}
		sort.Strings(in)
		return in
	}
	colours := false
	for _, out := range first {
		for _, in := range inputs(out) {
			colours = colours || strings.HasSuffix(in, "web/yamltokens.js")
			if strings.Contains(in, "node_modules/@codemirror/") || strings.Contains(in, "node_modules/style-mod/") || strings.Contains(in, "node_modules/@lezer/") {
				t.Errorf("the first bundle's %s holds %s", out, in)
			}
		}
	}
	if !colours {
		t.Errorf("the first bundle lacks web/yamltokens.js, which its previews colour with")
	}
	for _, want := range []string{"@codemirror/view/", "@codemirror/state/", "@codemirror/commands/", "@codemirror/language/", "@codemirror/lint/", "web/editorview.js", "web/result.js"} {
		if !slices.ContainsFunc(inputs(views), func(in string) bool { return strings.Contains(in, want) }) {
			t.Errorf("views.js lacks %s: %v", want, inputs(views))
		}
	}
}

// TestBundleNamesItsChunks: bundleModule names each chunk after its content and writes those
// names into the modules that import them, so that every name a module imports is a chunk
// written beside it, and the entry preloads the chunks it imports.
func TestBundleNamesItsChunks(t *testing.T) {
	b, err := bundleModule(bundleRoot(t), "web/main.js")
	if err != nil {
		t.Fatal(err)
	}
	imported := regexp.MustCompile(`"\./([^"]+\.js)"`)
	for name, content := range b.Chunks {
		base := name[:strings.Index(name, ".")] + ".js"
		if fingerprint(base, content) != name {
			t.Errorf("%s is not named after its content (%s)", name, fingerprint(base, content))
		}
	}
	modules := maps.Clone(b.Chunks)
	modules["the entry"] = b.Entry
	views := 0
	for name, content := range modules {
		for _, m := range imported.FindAllSubmatch(content, -1) {
			if _, ok := b.Chunks[string(m[1])]; !ok {
				t.Errorf("%s imports %s, which is not a chunk of the bundle", name, m[1])
			}
			if name == "the entry" && strings.HasPrefix(string(m[1]), "views.") {
				views++
			}
		}
	}
	if views == 0 {
		t.Error("the entry never names views.js's chunk")
	}
	if len(b.Preload) != 1 || !strings.HasPrefix(b.Preload[0], "shared.") {
		t.Errorf("the entry preloads %v, want the shared chunk", b.Preload)
	}
}

// bundleRoot is the repository's root, the test skipped without node_modules.
// mainMetafile bundles web/main.js as the page is built and reads esbuild's metafile into meta.
func mainMetafile(t *testing.T, meta any) {
	t.Helper()
	opts := bundleOptions(bundleRoot(t), "web/main.js")
	opts.Metafile = true
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		t.Fatalf("bundling web/main.js: %s", messages(res.Errors))
	}
	if err := json.Unmarshal([]byte(res.Metafile), meta); err != nil {
		t.Fatal(err)
	}
}

func bundleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@codemirror")); err != nil {
		t.Skip("node_modules is missing (npm ci at the root)")
	}
	return root
}
