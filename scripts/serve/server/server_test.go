package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// site writes a small built folder: a page with its nonce, a fingerprinted wasm with siblings.
func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":                     `<html><head><meta name="mergeplay-csp-nonce" content="N0nce"></head></html>`,
		"index.html.br":                  "br-page",
		"mergeplay.0123456789ab.wasm":    "wasm",
		"mergeplay.0123456789ab.wasm.br": "br-wasm",
		"mergeplay.0123456789ab.wasm.gz": "gz-wasm",
		"style.css":                      "plain",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func get(t *testing.T, h http.Handler, target, acceptEncoding string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestServe(t *testing.T) {
	h, err := New(site(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		target, accept                     string
		status                             int
		body, media, encoding, cache, vary string
	}{
		{"/", "", 200, `<html><head>`, "text/html; charset=utf-8", "", cacheRecheck, "Accept-Encoding"},
		{"/", "gzip, br", 200, "br-page", "text/html; charset=utf-8", "br", cacheRecheck, "Accept-Encoding"},
		{"/mergeplay.0123456789ab.wasm", "br;q=0.5, gzip", 200, "gz-wasm", "application/wasm", "gzip", cacheForever, "Accept-Encoding"},
		{"/mergeplay.0123456789ab.wasm", "br, gzip", 200, "br-wasm", "application/wasm", "br", cacheForever, "Accept-Encoding"},
		{"/mergeplay.0123456789ab.wasm", "br;q=0, *", 200, "gz-wasm", "application/wasm", "gzip", cacheForever, "Accept-Encoding"},
		{"/mergeplay.0123456789ab.wasm", "identity", 200, "wasm", "application/wasm", "", cacheForever, "Accept-Encoding"},
		{"/style.css", "br", 200, "plain", "text/css; charset=utf-8", "", cacheRecheck, ""},
		{"/missing.js", "", 404, "", "", "", "", ""},
		{"/sub", "", 404, "", "", "", "", ""},
		{"/../../etc/passwd", "", 404, "", "", "", "", ""},
	} {
		rec := get(t, h, tt.target, tt.accept)
		res := rec.Result()
		if res.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d", tt.target, res.StatusCode, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		if !strings.HasPrefix(rec.Body.String(), tt.body) {
			t.Errorf("%s (%s): body %q, want %q", tt.target, tt.accept, rec.Body.String(), tt.body)
		}
		for header, want := range map[string]string{"Content-Type": tt.media, "Content-Encoding": tt.encoding, "Cache-Control": tt.cache, "Vary": tt.vary} {
			if got := res.Header.Get(header); got != want {
				t.Errorf("%s (%s): %s %q, want %q", tt.target, tt.accept, header, got, want)
			}
		}
		if policy := res.Header.Get("Content-Security-Policy"); !strings.Contains(policy, "'nonce-N0nce'") || !strings.Contains(policy, "frame-ancestors *") {
			t.Errorf("%s: policy %q", tt.target, policy)
		}
	}
}

func TestRejectsOtherMethods(t *testing.T) {
	h, err := New(site(t))
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", rec.Code)
	}
}

func TestFollowsRebuilds(t *testing.T) {
	dir := site(t)
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	page := `<html><head><meta name="mergeplay-csp-nonce" content="Other1"></head><body>rebuilt</body></html>`
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if policy := get(t, h, "/", "").Result().Header.Get("Content-Security-Policy"); !strings.Contains(policy, "'nonce-Other1'") {
		t.Errorf("policy after a rebuild: %q", policy)
	}
}

func TestNeedsABuiltPage(t *testing.T) {
	if _, err := New(t.TempDir()); err == nil {
		t.Error("an empty folder was accepted")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html></html>"), 0o644)
	if _, err := New(dir); err == nil || !strings.Contains(err.Error(), "scripts/build") {
		t.Errorf("a page without a nonce: %v", err)
	}
}
