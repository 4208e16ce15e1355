// Package server serves a built page (dist/) as a static host should: the right media types
// (application/wasm above all), the precompressed .br and .gz siblings to clients that accept
// them, fingerprinted files cached for a year and index.html never without revalidation, and the
// page's Content-Security-Policy as a header too (with frame-ancestors, which a <meta> policy
// cannot carry).
//
// It is a development and test server, not a production one: it reads the folder on every
// request, so a rebuild shows up on reload.
package server

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/mergeplay/mergeplay/scripts/build/csp"
)

// fingerprinted matches the names the build gives content-addressed files: main.1a2b3c4d5e6f.js.
var fingerprinted = regexp.MustCompile(`\.[0-9a-f]{12}\.[A-Za-z0-9]+$`)

// Cache-Control values.
const (
	cacheForever = "public, max-age=31536000, immutable"
	cacheRecheck = "no-cache"
)

// mediaTypes are the types the server sends, whatever the system's mime tables say.
var mediaTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".wasm": "application/wasm",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
}

// Handler serves one built folder.
type Handler struct {
	dir string

	mu    sync.Mutex
	nonce nonceCache
}

// nonceCache remembers the nonce of index.html as of its last modification.
type nonceCache struct {
	mod   time.Time
	size  int64
	nonce string
}

// New returns a handler serving dir, which must hold a built index.html.
func New(dir string) (*Handler, error) {
	h := &Handler{dir: dir}
	if _, err := h.policy(); err != nil {
		return nil, err
	}
	return h, nil
}

// ServeHTTP serves GET and HEAD requests for the folder's files; / is index.html.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	policy, err := h.policy()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		http.Error(w, "the built page is missing: "+err.Error(), http.StatusInternalServerError)
		return
	}
	defer root.Close()
	h.serveFile(w, r, root, name, policy)
}

// serveFile sends name, or the best compressed sibling the client accepts.
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name, policy string) {
	f, info, err := openFile(root, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	header := w.Header()
	header.Set("Content-Type", mediaType(name))
	header.Set("Content-Security-Policy", policy)
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Cache-Control", cacheRecheck)
	if fingerprinted.MatchString(name) {
		header.Set("Cache-Control", cacheForever)
	}
	content, modTime := f, info.ModTime()
	if siblings := compressedSiblings(root, name); len(siblings) > 0 {
		header.Add("Vary", "Accept-Encoding")
		for _, enc := range preferred(r.Header.Get("Accept-Encoding"), siblings) {
			cf, cinfo, err := openFile(root, name+encodings[enc])
			if err != nil {
				continue
			}
			defer cf.Close()
			header.Set("Content-Encoding", enc)
			content, modTime = cf, cinfo.ModTime()
			break
		}
	}
	http.ServeContent(w, r, name, modTime, content)
}

// openFile opens a regular file of the folder.
func openFile(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, errors.Join(err, fs.ErrNotExist)
	}
	return f, info, nil
}

// mediaType returns the Content-Type of a file name.
func mediaType(name string) string {
	ext := path.Ext(name)
	if t, ok := mediaTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// policy returns the Content-Security-Policy header for the folder's current index.html.
func (h *Handler) policy() (string, error) {
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		return "", fmt.Errorf("opening the built page: %w", err)
	}
	defer root.Close()
	info, err := root.Stat("index.html")
	if err != nil {
		return "", fmt.Errorf("the built page has no index.html (run make dist): %w", err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.nonce.nonce == "" || !info.ModTime().Equal(h.nonce.mod) || info.Size() != h.nonce.size {
		page, err := root.ReadFile("index.html")
		if err != nil {
			return "", fmt.Errorf("reading the built index.html: %w", err)
		}
		nonce, err := csp.NonceFromHTML(page)
		if err != nil {
			return "", err
		}
		h.nonce = nonceCache{mod: info.ModTime(), size: info.Size(), nonce: nonce}
	}
	return csp.Header(h.nonce.nonce), nil
}
