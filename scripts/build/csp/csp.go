// Package csp is the page's Content Security Policy, shared by the build, which writes it into
// dist/index.html as a <meta> element, and by the server, which sends it as a header.
//
// The policy allows the page's own scripts and the WebAssembly they compile, its own worker and
// requests, its own styles plus the <style> elements CodeMirror creates with the build's nonce,
// and images from the page or data: URLs. Nothing else: no inline script, no inline style
// attribute, no plugin, no <base>. Embedding the page in a frame is a feature, so any ancestor
// may frame it; frame-ancestors is only honoured in a header, and browsers complain when a <meta>
// policy carries it, so only Header names it.
package csp

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
)

// NonceMetaName is the name of the <meta> element that carries the nonce in dist/index.html; the
// page hands its content to CodeMirror (EditorView.cspNonce).
const NonceMetaName = "mergeplay-csp-nonce"

// NewNonce returns a fresh random nonce: 16 bytes, base64url without padding.
func NewNonce() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("reading random bytes for the CSP nonce: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// directives returns the policy's directives for nonce, without frame-ancestors.
func directives(nonce string) []string {
	return []string{
		"default-src 'none'",
		"script-src 'self' 'wasm-unsafe-eval'",
		"worker-src 'self'",
		"connect-src 'self'",
		"style-src 'self' 'nonce-" + nonce + "'",
		"img-src 'self' data:",
		"font-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'none'",
	}
}

// Meta returns the policy as dist/index.html's <meta http-equiv="Content-Security-Policy">
// carries it.
func Meta(nonce string) string {
	return strings.Join(directives(nonce), "; ")
}

// Header returns the policy as the server sends it: Meta plus frame-ancestors *.
func Header(nonce string) string {
	return strings.Join(append(directives(nonce), "frame-ancestors *"), "; ")
}

// nonceMeta finds the nonce <meta> element as the build writes it (minified or not).
var nonceMeta = regexp.MustCompile(`<meta\s+name="?` + NonceMetaName + `"?\s+content="?([A-Za-z0-9_+/=-]+)"?\s*/?>`)

// NonceFromHTML returns the nonce that a built index.html carries.
func NonceFromHTML(page []byte) (string, error) {
	m := nonceMeta.FindSubmatch(page)
	if m == nil {
		return "", fmt.Errorf("no <meta name=%q> in the page: was it built by scripts/build?", NonceMetaName)
	}
	return string(m[1]), nil
}
