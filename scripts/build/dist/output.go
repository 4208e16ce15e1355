package dist

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// hashLength is the number of hex digits of the content hash in a fingerprinted name.
const hashLength = 12

// File is one file the build wrote, with the sizes of its compressed siblings (0 when it has
// none).
type File struct {
	Name   string
	Size   int
	Brotli int
	Gzip   int
}

// fingerprint names content after its base name and a hash of it: main.js → main.1a2b3c4d5e6f.js.
func fingerprint(name string, content []byte) string {
	sum := sha256.Sum256(content)
	base := path.Base(name)
	ext := path.Ext(base)
	return strings.TrimSuffix(base, ext) + "." + hex.EncodeToString(sum[:])[:hashLength] + ext
}

// compressible reports whether a file gets .br and .gz siblings.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".js", ".css", ".json", ".wasm", ".svg", ".txt", ".xml", ".ico":
		return true
	}
	return false
}

// output collects the files of a build and writes them, with their compressions, into dir.
type output struct {
	dir    string
	files  map[string][]byte
	brotli brotliCompressor
}

func newOutput(dir string, brotli brotliCompressor) *output {
	return &output{dir: dir, files: map[string][]byte{}, brotli: brotli}
}

// add queues a file; adding the same name twice with other content is an error.
func (o *output) add(name string, content []byte) error {
	if old, ok := o.files[name]; ok && !bytes.Equal(old, content) {
		return fmt.Errorf("two different files would both be written as %s", name)
	}
	o.files[name] = content
	return nil
}

// write writes every queued file and its compressions, several at once, and returns them sorted
// by name.
func (o *output) write() ([]File, error) {
	names := make([]string, 0, len(o.files))
	for name := range o.files {
		names = append(names, name)
	}
	// The wasm takes longest to compress: start with the biggest files.
	sort.Slice(names, func(i, j int) bool { return len(o.files[names[i]]) > len(o.files[names[j]]) })
	results := make([]File, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, name := range names {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			results[i], errs[i] = o.writeOne(name, o.files[name])
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Name < results[j].Name })
	return results, nil
}

// writeOne writes one file and, when it is compressible, its .br and .gz siblings.
func (o *output) writeOne(name string, content []byte) (File, error) {
	f := File{Name: name, Size: len(content)}
	if err := writeFile(o.dir, name, content); err != nil {
		return f, err
	}
	if !compressible(name) {
		return f, nil
	}
	br, err := o.brotli.compress(content)
	if err != nil {
		return f, fmt.Errorf("compressing %s with brotli: %w", name, err)
	}
	gz, err := compressGzip(content)
	if err != nil {
		return f, fmt.Errorf("compressing %s with gzip: %w", name, err)
	}
	f.Brotli, f.Gzip = len(br), len(gz)
	if err := writeFile(o.dir, name+".br", br); err != nil {
		return f, err
	}
	return f, writeFile(o.dir, name+".gz", gz)
}

func writeFile(dir, name string, content []byte) error {
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), content, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// compressGzip compresses at gzip's best level.
func compressGzip(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
