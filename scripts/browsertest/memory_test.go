package browsertest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
)

// startEngineInPage loads the page's own wasm_exec.js and wasm (the URLs the page gives its
// worker, from <html data-wasm-exec data-wasm>) into the page itself, runs it, and defines
// window.__memEngine: answer(request) → {bytes, errors}, and bytes() → the instance's linear
// memory in bytes. The worker's instance is out of reach (worker.js keeps it in a closure), so
// a second instance of the same module, in the same browser, answers the same requests.
const startEngineInPage = `(async () => {
  const root = document.documentElement;
  const url = (name, fallback) => new URL(root.dataset[name] || fallback, document.baseURI).href;
  await new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = url("wasmExec", "wasm_exec.js");
    s.onload = resolve;
    s.onerror = () => reject(new Error("wasm_exec.js did not load"));
    document.head.append(s);
  });
  const go = new Go();
  const ready = new Promise((resolve) => { globalThis.mergeplayOnReady = resolve; });
  const { instance } = await WebAssembly.instantiateStreaming(fetch(url("wasm", "mergeplay.wasm")), go.importObject);
  go.run(instance);
  await ready;
  const bytes = () => instance.exports.mem.buffer.byteLength;
  window.__memEngine = {
    bytes,
    answer(request) {
      const response = JSON.parse(globalThis.mergeplayHandle(request));
      return { bytes: bytes(), errors: response.errors.map((e) => e.input + ":" + e.line + " " + e.message) };
    },
  };
  return bytes();
})()`

// memoryAnswer is what window.__memEngine.answer returns.
type memoryAnswer struct {
	Bytes  float64  `json:"bytes"`
	Errors []string `json:"errors"`
}

// BenchmarkWasmMemory reports the page's engine's WebAssembly linear memory (which only grows:
// it is the peak) when it starts (wasm-start-bytes, after the bridge's warm-up) and after the
// largest request among the real files (wasm-largest-bytes: the one with the most input bytes,
// the dashboards ConfigMapList in apply today, three inputs of about 1 MB), then after every
// real file in every mode (wasm-all-bytes), then after the largest inputs the page reads, the
// 4 MiB stream of realworld.Stream in apply and in merge3 (wasm-stream-bytes). The engine is a
// second instance of the page's wasm in the page (see startEngineInPage), in headless Chromium. Skipped when the real manifests are not
// found (realworld.Dir). make bench runs it; alone: MERGEPLAY_DIST=dist go test -run '^$' -bench
// WasmMemory -benchtime 1x ./scripts/browsertest.
func BenchmarkWasmMemory(b *testing.B) {
	files, err := realworld.Load(realworld.Dir(filepath.Join("..", "..")))
	if realworld.NotFound(err) {
		b.Skipf("not found: %v", err)
	}
	if err != nil {
		b.Fatal(err)
	}
	h := setup(b)
	p := openTab(b, h, 1440, 900)
	p.navigate("/")
	p.waitReady()
	var start float64
	p.eval(startEngineInPage, &start)
	answer := func(f realworld.File, mode string) float64 {
		data, marshalErr := json.Marshal(f.Request(mode))
		if marshalErr != nil {
			b.Fatal(marshalErr)
		}
		var got memoryAnswer
		p.eval(fmt.Sprintf("window.__memEngine.answer(%s)", js(string(data))), &got)
		if len(got.Errors) > 0 {
			b.Fatalf("%s in %s: the engine answered errors: %v", f.Name, mode, got.Errors)
		}
		fmt.Fprintf(os.Stderr, "the page's wasm: %.1f MB after %s in %s\n", got.Bytes/1e6, f.Name, mode)
		return got.Bytes
	}
	big, bigMode := largestRequest(files)
	largest := answer(big, bigMode)
	all := largest
	for _, f := range files {
		for _, mode := range realworld.Modes() {
			all = max(all, answer(f, mode))
		}
	}
	stream, err := realworld.Stream(realworld.Dir(filepath.Join("..", "..")), realworld.StreamBytes)
	if err != nil {
		b.Fatal(err)
	}
	streamed := all
	for _, mode := range []string{"apply", "merge3"} {
		streamed = max(streamed, answer(stream, mode))
	}
	p.expectNoProblems()
	b.ReportMetric(start, "wasm-start-bytes")
	b.ReportMetric(largest, "wasm-largest-bytes")
	b.ReportMetric(all, "wasm-all-bytes")
	b.ReportMetric(streamed, "wasm-stream-bytes")
	b.ReportMetric(0, "ns/op")
	fmt.Fprintf(os.Stderr, "\nthe page's wasm: linear memory %.1f MB at start, %.1f MB after %s in %s, %.1f MB after every real file in every mode, %.1f MB after the 4 MiB stream in apply and merge3\n\n",
		start/1e6, largest/1e6, big.Name, bigMode, all/1e6, streamed/1e6)
}

// largestRequest returns the file and mode whose request holds the most input bytes.
func largestRequest(files []realworld.File) (realworld.File, string) {
	var best realworld.File
	bestMode, bestSize := "", -1
	for _, f := range files {
		for _, mode := range realworld.Modes() {
			r := f.Request(mode)
			if size := len(r.Original) + len(r.Updated) + len(r.Live); size > bestSize {
				best, bestMode, bestSize = f, mode, size
			}
		}
	}
	return best, bestMode
}
