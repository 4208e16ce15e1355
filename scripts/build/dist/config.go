package dist

import (
	"fmt"
	"os"
	"path/filepath"
)

// Config says where the build reads and writes. The zero value of each optional field takes the
// default its comment names.
type Config struct {
	// Root is the repository's root: index.html, web/, examples/, node_modules/ and ./wasm.
	Root string
	// Out is the folder to write; it is replaced as a whole. Default: Root/dist.
	Out string
	// Example is the example whose answer is prerendered into index.html. Default:
	// DefaultExample.
	Example string
	// Go is the go command that compiles the wasm and provides wasm_exec.js. Default: "go".
	Go string
	// BrotliQuality is the quality of the .br files, 1 to 11. Default: 11, what is served; tests
	// that do not measure sizes may take less (quality 11 costs half a minute on the wasm).
	BrotliQuality int
	// CacheDir keeps brotli compressions of big files (the wasm) between builds. Default: the
	// user's cache folder (mergeplay/brotli under os.UserCacheDir); "off" disables it.
	CacheDir string
	// Logf reports progress; nil is silent.
	Logf func(format string, args ...any)
}

// DefaultExample is the example the page opens with when its URL names none.
const DefaultExample = "apply-containers"

// The names under which index.html refers to what the build generates (the shared front-end
// contract: <html data-wasm="mergeplay.wasm" data-wasm-exec="wasm_exec.js"
// data-examples="examples.json">).
const (
	wasmRef     = "mergeplay.wasm"
	wasmExecRef = "wasm_exec.js"
	// workerRef is the engine's worker script, which the build writes with wasm_exec.js in front
	// of it (see builder.asset).
	workerRef   = "web/worker.js"
	examplesRef = "examples.json"
)

// withDefaults checks the config and fills in its defaults.
func (c Config) withDefaults() (Config, error) {
	if c.Root == "" {
		return c, fmt.Errorf("the build needs the repository's root")
	}
	root, err := filepath.Abs(c.Root)
	if err != nil {
		return c, fmt.Errorf("resolving the root %s: %w", c.Root, err)
	}
	c.Root = root
	if _, err = os.Stat(filepath.Join(root, "index.html")); err != nil {
		return c, fmt.Errorf("the page's source is missing: %w", err)
	}
	if _, err = os.Stat(filepath.Join(root, "node_modules")); err != nil {
		return c, fmt.Errorf("node_modules is missing (run npm ci at the root): %w", err)
	}
	if c.Out == "" {
		c.Out = filepath.Join(root, "dist")
	}
	if c.Out, err = filepath.Abs(c.Out); err != nil {
		return c, fmt.Errorf("resolving the output folder %s: %w", c.Out, err)
	}
	if c.Example == "" {
		c.Example = DefaultExample
	}
	switch {
	case c.BrotliQuality == 0:
		c.BrotliQuality = 11
	case c.BrotliQuality < 1 || c.BrotliQuality > 11:
		return c, fmt.Errorf("brotli quality %d is not between 1 and 11", c.BrotliQuality)
	}
	switch c.CacheDir {
	case "":
		c.CacheDir = defaultCacheDir()
	case "off":
		c.CacheDir = ""
	}
	if c.Go == "" {
		c.Go = "go"
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	return c, nil
}
