package dist

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestFingerprint(t *testing.T) {
	a, b := fingerprint("web/main.js", []byte("a")), fingerprint("web/main.js", []byte("b"))
	if a == b || !strings.HasPrefix(a, "main.") || !strings.HasSuffix(a, ".js") || len(a) != len("main..js")+hashLength {
		t.Errorf("fingerprints %q, %q", a, b)
	}
	if got := fingerprint("mergeplay.wasm", []byte("a")); got != "mergeplay."+a[5:17]+".wasm" {
		t.Errorf("wasm: %q", got)
	}
}

func TestOutputWritesCompressions(t *testing.T) {
	dir := t.TempDir()
	cache := t.TempDir()
	o := newOutput(dir, brotliCompressor{quality: 5, cache: cache})
	big := bytes.Repeat([]byte("mergeplay "), cachedFrom)
	for name, content := range map[string][]byte{"a.js": []byte("let a = 1;"), "b.png": []byte("png"), "c.wasm": big} {
		if err := o.add(name, content); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.add("a.js", []byte("other")); err == nil {
		t.Error("two contents under one name were accepted")
	}
	files, err := o.write()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 || files[0].Name != "a.js" || files[1].Brotli != 0 || files[2].Brotli == 0 {
		t.Errorf("files: %+v", files)
	}
	for _, name := range []string{"a.js", "c.wasm"} {
		want, _ := os.ReadFile(filepath.Join(dir, name))
		br, _ := os.Open(filepath.Join(dir, name+".br"))
		gotBr, err := io.ReadAll(brotli.NewReader(br))
		if err != nil || !bytes.Equal(gotBr, want) {
			t.Errorf("%s.br does not decompress to %s: %v", name, name, err)
		}
		gz, _ := os.Open(filepath.Join(dir, name+".gz"))
		zr, err := gzip.NewReader(gz)
		if err != nil {
			t.Fatal(err)
		}
		if gotGz, err := io.ReadAll(zr); err != nil || !bytes.Equal(gotGz, want) {
			t.Errorf("%s.gz does not decompress to %s: %v", name, name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "b.png.br")); !os.IsNotExist(err) {
		t.Errorf("b.png got a brotli sibling: %v", err)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 1 {
		t.Errorf("cache holds %d entries, want the big file's only", len(entries))
	}
}

func TestReplaceDirRefusesSourceTrees(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "go.mod"), []byte("module x"), 0o644)
	if err := replaceDir(t.TempDir(), out); err == nil {
		t.Fatal("a folder that is not a build was replaced")
	}
	os.Remove(filepath.Join(out, "go.mod"))
	os.WriteFile(filepath.Join(out, "index.html"), []byte(`<meta name="mergeplay-csp-nonce" content="x">`), 0o644)
	tmp := t.TempDir()
	os.WriteFile(filepath.Join(tmp, "new"), nil, 0o644)
	if err := replaceDir(tmp, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "new")); err != nil {
		t.Errorf("the new build is not in place: %v", err)
	}
}
