package dist

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/andybalholm/brotli"
)

// cachedFrom is the size from which a brotli compression is worth caching: quality 11 takes
// about half a minute on the wasm, and the wasm only changes with the engine (smaller files take
// well under a second).
const cachedFrom = 1 << 20

// cacheKeep is how many cached compressions the cache keeps (the newest).
const cacheKeep = 8

// brotliCompressor compresses at one quality, with the encoder's default window (2^22 at quality
// 11: a 2^24 window saves a few hundred bytes of the wasm and triples the time). With a cache
// folder, it reuses the compression of content it has compressed before.
type brotliCompressor struct {
	quality int
	cache   string // "" disables the cache
}

// compress returns data compressed, from the cache when it holds it.
func (b brotliCompressor) compress(data []byte) ([]byte, error) {
	if b.cache == "" || len(data) < cachedFrom {
		return b.encode(data)
	}
	sum := sha256.Sum256(data)
	file := filepath.Join(b.cache, fmt.Sprintf("%s-q%d.br", hex.EncodeToString(sum[:]), b.quality))
	if cached, err := os.ReadFile(file); err == nil {
		return cached, nil
	}
	out, err := b.encode(data)
	if err != nil {
		return nil, err
	}
	// The cache is an optimisation: failing to write it is no reason to fail the build.
	if os.MkdirAll(b.cache, 0o755) == nil && os.WriteFile(file+".tmp", out, 0o644) == nil {
		if os.Rename(file+".tmp", file) == nil {
			pruneCache(b.cache)
		}
	}
	return out, nil
}

func (b brotliCompressor) encode(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: b.quality})
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pruneCache keeps the cacheKeep newest files of dir.
func pruneCache(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type aged struct {
		name string
		mod  int64
	}
	var files []aged
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			files = append(files, aged{e.Name(), info.ModTime().UnixNano()})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod > files[j].mod })
	for i := cacheKeep; i < len(files); i++ {
		os.Remove(filepath.Join(dir, files[i].name))
	}
}

// defaultCacheDir is where compressions are cached unless the config says otherwise.
func defaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mergeplay", "brotli")
}
