package dist

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/scripts/build/csp"
	"github.com/tdewolff/minify/v2"
)

// Manifest describes a finished build.
type Manifest struct {
	// Dir is the folder written.
	Dir string
	// Nonce is the CSP nonce of this build.
	Nonce string
	// Assets maps each reference of the source index.html to the file that replaces it.
	Assets map[string]string
	// Files lists every file written (compressed siblings aside), sorted by name.
	Files []File
}

// Build builds the page into c.Out, replacing the folder only once everything is written.
func Build(ctx context.Context, c Config) (*Manifest, error) {
	c, err := c.withDefaults()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	wasm := startWasm(ctx, c)
	b := &builder{c: c, min: newMinifier(), assets: map[string]string{}, preloads: map[string][]string{}}
	if b.nonce, err = csp.NewNonce(); err != nil {
		return nil, err
	}
	if err = b.generate(ctx); err != nil {
		return nil, err
	}
	if b.generated[wasmRef], err = wasm(); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(c.Out), "."+filepath.Base(c.Out)+"-")
	if err != nil {
		return nil, fmt.Errorf("creating the output folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	b.out = newOutput(tmp, brotliCompressor{quality: c.BrotliQuality, cache: c.CacheDir})
	if err = b.page(ctx); err != nil {
		return nil, err
	}
	files, err := b.out.write()
	if err != nil {
		return nil, err
	}
	if err := replaceDir(tmp, c.Out); err != nil {
		return nil, err
	}
	c.Logf("built %s in %s", c.Out, time.Since(start).Round(time.Millisecond))
	return &Manifest{Dir: c.Out, Nonce: b.nonce, Assets: b.assets, Files: files}, nil
}

// startWasm compiles the wasm in the background; the returned function waits for it.
func startWasm(ctx context.Context, c Config) func() ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := PageWasm(ctx, c.Go, c.Root)
		done <- result{data, err}
	}()
	return func() ([]byte, error) {
		r := <-done
		return r.data, r.err
	}
}

// builder holds one build's state.
type builder struct {
	c         Config
	min       *minify.M
	nonce     string
	out       *output
	generated map[string][]byte // the generated files, by the name index.html uses
	prerender []byte
	assets    map[string]string   // reference → written name
	preloads  map[string][]string // a module's written name → the chunks it imports
}

// generate makes what the build generates rather than reads: examples.json, the prerendered
// answer and wasm_exec.js (the wasm comes from startWasm).
func (b *builder) generate(ctx context.Context) error {
	all, err := loadExamples(b.c.Root)
	if err != nil {
		return err
	}
	examples, err := examplesJSON(all)
	if err != nil {
		return err
	}
	if b.prerender, err = prerender(ctx, all, b.c.Example); err != nil {
		return err
	}
	wasmExec, err := WasmExec(ctx, b.c.Go)
	if err != nil {
		return err
	}
	if wasmExec, err = minifyScript(wasmExecRef, wasmExec); err != nil {
		return err
	}
	b.generated = map[string][]byte{examplesRef: examples, wasmExecRef: wasmExec}
	return nil
}

// page rewrites index.html, writing every asset it references on the way.
func (b *builder) page(ctx context.Context) error {
	src, err := os.ReadFile(filepath.Join(b.c.Root, "index.html"))
	if err != nil {
		return fmt.Errorf("reading index.html: %w", err)
	}
	inj := injection{head: headInjection(b.nonce, csp.Meta(b.nonce)), bodyEnd: prerenderedElement(b.prerender), afterModule: b.preloadLinks}
	page, err := rewritePage(src, b.resolve, inj)
	if err != nil {
		return err
	}
	for _, ref := range []string{wasmRef, wasmExecRef, examplesRef} {
		if _, ok := b.assets[ref]; !ok {
			return fmt.Errorf("index.html never refers to %s (the contract: <html data-wasm=%q data-wasm-exec=%q data-examples=%q>)",
				ref, wasmRef, wasmExecRef, examplesRef)
		}
	}
	if page, err = minifyAs(b.min, mediaHTML, "index.html", page); err != nil {
		return err
	}
	return b.out.add("index.html", page)
}

// resolve is the page's resolveFunc: a generated name, or a file under web/.
func (b *builder) resolve(ref string, module bool) (string, bool, error) {
	if name, ok := b.assets[ref]; ok {
		return name, true, nil
	}
	var content []byte
	if data, ok := b.generated[ref]; ok {
		content = data
	} else if strings.HasPrefix(ref, "web/") && !strings.ContainsAny(ref, "?#") {
		var err error
		if content, err = b.asset(ref, module); err != nil {
			return "", false, err
		}
	} else {
		return "", false, nil
	}
	name := fingerprint(ref, content)
	if err := b.out.add(name, content); err != nil {
		return "", false, err
	}
	b.assets[ref] = name
	return name, true, nil
}

// asset reads and prepares a file of web/ by its kind.
func (b *builder) asset(ref string, module bool) ([]byte, error) {
	clean := path.Clean(ref)
	if clean != ref || strings.Contains(ref, "..") {
		return nil, fmt.Errorf("reference %q is not a clean path under web/", ref)
	}
	file := filepath.Join(b.c.Root, filepath.FromSlash(ref))
	if module {
		return b.module(ref)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("index.html refers to %s: %w", ref, err)
	}
	switch path.Ext(ref) {
	case ".js":
		script, err := minifyScript(ref, data)
		if err != nil || ref != workerRef {
			return script, err
		}
		// The worker gets Go's wasm_exec.js in front of it, where it would otherwise load it with
		// importScripts, which holds the worker's thread until it has downloaded: the wasm's
		// response, and so its streaming compile, waited on it while main.js downloads
		// (docs/performance.md).
		return slices.Concat(b.generated[wasmExecRef], []byte(";\n"), script), nil
	case ".css":
		return b.stylesheet(ref, data)
	case ".svg":
		return minifyAs(b.min, mediaSVG, ref, data)
	}
	return data, nil
}

// module bundles an ES module entry point and writes its chunks; the page preloads those the
// entry imports (preloadLinks).
func (b *builder) module(ref string) ([]byte, error) {
	bundle, err := bundleModule(b.c.Root, ref)
	if err != nil {
		return nil, err
	}
	for name, content := range bundle.Chunks {
		if err := b.out.add(name, content); err != nil {
			return nil, err
		}
	}
	b.preloads[fingerprint(ref, bundle.Entry)] = bundle.Preload
	return bundle.Entry, nil
}

// preloadLinks returns the <link rel="modulepreload"> of the chunks a module script (by its
// written name) imports, which go right after its <script>: the browser fetches them with it
// rather than once it has read it.
func (b *builder) preloadLinks(name string) []byte {
	var links []byte
	for _, chunk := range b.preloads[name] {
		links = append(links, `<link rel="modulepreload" href="`+attrEscaper.Replace(chunk)+`">`...)
	}
	return links
}

// replaceDir moves the finished build into place. An existing folder is replaced only when it
// looks like an earlier build (or is empty), so that a wrong -out cannot wipe a source tree.
func replaceDir(tmp, out string) error {
	entries, err := os.ReadDir(out)
	switch {
	case os.IsNotExist(err):
	case err != nil:
		return fmt.Errorf("reading the output folder: %w", err)
	case len(entries) > 0 && !isBuild(out):
		return fmt.Errorf("%s exists and is not an earlier build (no built index.html): refusing to replace it", out)
	default:
		if err := os.RemoveAll(out); err != nil {
			return fmt.Errorf("removing the earlier build: %w", err)
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("opening the output folder's permissions: %w", err)
	}
	if err := os.Rename(tmp, out); err != nil {
		return fmt.Errorf("moving the build into place: %w", err)
	}
	return nil
}

// isBuild reports whether dir holds an index.html written by this build.
func isBuild(dir string) bool {
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		return false
	}
	_, err = csp.NonceFromHTML(page)
	return err == nil
}
