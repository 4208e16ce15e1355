package browsertest

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/build/csp"
)

// TestServedPage checks the built page as the server sends it: the policy in the header is the
// page's own plus frame-ancestors, every reference of index.html resolves to a fingerprinted file
// sent with its media type, a year of caching and its brotli sibling, and index.html is
// revalidated.
func TestServedPage(t *testing.T) {
	h := setup(t)
	res := h.get(t, "/", http.Header{"Accept-Encoding": {"identity"}})
	page, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	nonce, err := csp.NonceFromHTML(page)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Header.Get("Content-Security-Policy"); got != csp.Header(nonce) {
		t.Errorf("header policy %q, want %q", got, csp.Header(nonce))
	}
	if !strings.Contains(string(page), `http-equiv="Content-Security-Policy" content="`+csp.Meta(nonce)+`"`) {
		t.Errorf("the page's <meta> policy is not csp.Meta(nonce)")
	}
	if res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("index.html Cache-Control %q", res.Header.Get("Cache-Control"))
	}
	if !strings.Contains(string(page), `<script type="application/json" id="prerendered">`) {
		t.Error("no prerendered answer in the page")
	}
	refs := regexp.MustCompile(`(?:href|src|data-worker|data-wasm|data-wasm-exec|data-examples)="([^"#?:]+)"`).FindAllStringSubmatch(string(page), -1)
	media := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml"}
	seen := map[string]bool{}
	for _, m := range refs {
		name := m[1]
		if seen[name] {
			continue
		}
		seen[name] = true
		ext := name[strings.LastIndex(name, "."):]
		if !regexp.MustCompile(`\.[0-9a-f]{12}\.[a-z]+$`).MatchString(name) {
			t.Errorf("reference %q is not fingerprinted", name)
			continue
		}
		res := h.get(t, "/"+name, http.Header{"Accept-Encoding": {"gzip, deflate, br"}})
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != media[ext] ||
			res.Header.Get("Content-Encoding") != "br" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("%s: %d, %q, encoding %q, cache %q", name, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Encoding"), res.Header.Get("Cache-Control"))
		}
	}
	for _, want := range []string{"main.", "worker.", "style.", "mergeplay.", "wasm_exec.", "examples."} {
		found := false
		for name := range seen {
			found = found || strings.HasPrefix(name, want)
		}
		if !found {
			t.Errorf("index.html refers to no %s* file: %v", want, seen)
		}
	}
}
