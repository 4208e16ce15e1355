package dist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// target is the JavaScript the page's scripts are lowered to: what current browsers run.
const target = api.ES2022

// bundled is an ES module entry point bundled with what it imports: the entry's module and the
// chunks it loads, each named after a hash of its content (main.1a2b3c4d5e6f.js), the names
// written into the modules that import them.
type bundled struct {
	// Entry is the entry's module.
	Entry []byte
	// Chunks are the other modules, by name: the modules the entry imports (Preload) and those
	// it loads with import() (views.js, the page's second bundle), with their own imports.
	Chunks map[string][]byte
	// Preload names the chunks the entry imports statically: the page fetches them with it.
	Preload []string
}

// bundleModule bundles an ES module entry point (web/main.js) with what it imports from
// node_modules into minified ES modules: the entry, and a chunk of its own for each module it
// loads with import() (esbuild's code splitting), the modules both need in a third.
func bundleModule(root, entry string) (*bundled, error) {
	opts := bundleOptions(root, entry)
	opts.Metafile = true
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("bundling %s: %s", entry, messages(res.Errors))
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			Imports    []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, fmt.Errorf("bundling %s: reading esbuild's metafile: %w", entry, err)
	}
	files := map[string][]byte{}
	for _, f := range res.OutputFiles {
		files[path.Base(filepath.ToSlash(f.Path))] = f.Contents
	}
	imports := map[string][]string{} // output → the outputs it imports (statically or with import())
	bases := map[string]string{}     // output → the name it is written under, before its hash
	var main string
	var preload []string
	for out, o := range meta.Outputs {
		name := path.Base(out)
		if _, ok := files[name]; !ok {
			continue // a source map or the like
		}
		for _, im := range o.Imports {
			if !slices.Contains(imports[name], path.Base(im.Path)) {
				imports[name] = append(imports[name], path.Base(im.Path))
			}
		}
		// An entry point (main.js, or views.js, which main.js loads with import()) keeps its
		// name; the modules they share are "shared".
		bases[name] = "shared.js"
		if o.EntryPoint != "" {
			bases[name] = path.Base(o.EntryPoint)
		}
		if o.EntryPoint == entry {
			main = name
			for _, im := range o.Imports {
				if im.Kind == "import-statement" {
					preload = append(preload, path.Base(im.Path))
				}
			}
		}
	}
	if main == "" {
		return nil, fmt.Errorf("bundling %s: esbuild wrote no module for it", entry)
	}
	names, err := nameChunks(files, imports, bases)
	if err != nil {
		return nil, fmt.Errorf("bundling %s: %w", entry, err)
	}
	b := &bundled{Entry: files[main], Chunks: map[string][]byte{}}
	for name, content := range files {
		if name != main {
			b.Chunks[names[name]] = content
		}
	}
	for _, p := range preload {
		b.Preload = append(b.Preload, names[p])
	}
	sort.Strings(b.Preload)
	return b, nil
}

// nameChunks gives each of esbuild's outputs its fingerprinted name (its base, bases[out], and
// its content's hash), those it imports first, and writes their names into the modules that
// import them (files is changed in place). It returns the names by esbuild's.
func nameChunks(files map[string][]byte, imports map[string][]string, bases map[string]string) (map[string]string, error) {
	names := map[string]string{}
	visiting := map[string]bool{}
	var name func(out string) error
	name = func(out string) error {
		if _, ok := names[out]; ok {
			return nil
		}
		if visiting[out] {
			return fmt.Errorf("the chunks import each other (%s): their names cannot be each other's hashes", out)
		}
		visiting[out] = true
		content := files[out]
		for _, im := range imports[out] {
			if err := name(im); err != nil {
				return err
			}
			ref := []byte(`"./` + im + `"`)
			if !bytes.Contains(content, ref) {
				return fmt.Errorf("%s imports %s, but its text never names it", out, im)
			}
			content = bytes.ReplaceAll(content, ref, []byte(`"./`+names[im]+`"`))
		}
		files[out] = content
		names[out] = fingerprint(bases[out], content)
		return nil
	}
	for out := range files {
		if err := name(out); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// bundleOptions are esbuild's options for bundleModule (its test reads the bundle's inputs).
func bundleOptions(root, entry string) api.BuildOptions {
	return api.BuildOptions{
		EntryPoints:       []string{filepath.Join(root, filepath.FromSlash(entry))},
		AbsWorkingDir:     root,
		Bundle:            true,
		Splitting:         true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            target,
		Charset:           api.CharsetUTF8,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Outdir:            "out",
		EntryNames:        "[name]",
		ChunkNames:        "chunk-[hash]",
		LogLevel:          api.LogLevelSilent,
	}
}

// minifyScript minifies a classic script (the worker, wasm_exec.js): no bundling, and no renaming
// of its top-level names, which other scripts may share.
func minifyScript(name string, src []byte) ([]byte, error) {
	res := api.Transform(string(src), api.TransformOptions{
		Sourcefile:        name,
		Loader:            api.LoaderJS,
		Target:            target,
		Charset:           api.CharsetUTF8,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("minifying %s: %s", name, messages(res.Errors))
	}
	return res.Code, nil
}

// messages formats esbuild's errors on one line each.
func messages(msgs []api.Message) string {
	var out []string
	for _, m := range msgs {
		where := ""
		if m.Location != nil {
			where = fmt.Sprintf("%s:%d:%d: ", m.Location.File, m.Location.Line, m.Location.Column+1)
		}
		out = append(out, where+m.Text)
	}
	return strings.Join(out, "; ")
}
