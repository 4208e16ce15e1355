package dist

import (
	"context"
	"path/filepath"
	"testing"
)

// TestWasmWithinBudget compiles the wasm as the build does and fails when its brotli (quality 11,
// what is served) passes the budget. Quality 11 takes about half a minute on a cold cache; the
// compression is cached by content like the build's. -short skips it.
func TestWasmWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and compresses the wasm (-short)")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	c := Config{Root: root, Go: "go", CacheDir: defaultCacheDir()}
	wasm, err := PageWasm(context.Background(), c.Go, c.Root)
	if err != nil {
		t.Fatal(err)
	}
	compressed, err := brotliCompressor{quality: 11, cache: c.CacheDir}.compress(wasm)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wasm: %d bytes, %d bytes brotli (quality 11); budget %d", len(wasm), len(compressed), WasmBudget)
	if len(compressed) > WasmBudget {
		t.Errorf("the wasm weighs %d bytes brotli (quality 11), over the budget of %d: see what weighs with go run ./scripts/build/wasmweight", len(compressed), WasmBudget)
	}
}
