package csp

import (
	"strings"
	"testing"
)

func TestPolicies(t *testing.T) {
	nonce, err := NewNonce()
	if err != nil {
		t.Fatal(err)
	}
	other, _ := NewNonce()
	if nonce == other || len(nonce) < 20 {
		t.Errorf("nonces %q and %q", nonce, other)
	}
	meta, header := Meta(nonce), Header(nonce)
	for _, want := range []string{"script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "style-src 'self' 'nonce-" + nonce + "'",
		"img-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'"} {
		if !strings.Contains(meta, want) || !strings.Contains(header, want) {
			t.Errorf("%q missing from %q or %q", want, meta, header)
		}
	}
	if strings.Contains(meta, "frame-ancestors") || !strings.HasSuffix(header, "; frame-ancestors *") {
		t.Errorf("frame-ancestors belongs to the header only: meta %q, header %q", meta, header)
	}
	if strings.Contains(meta, "unsafe-inline") || strings.Contains(meta, "'unsafe-eval'") {
		t.Errorf("unsafe source in %q", meta)
	}
}

func TestNonceFromHTML(t *testing.T) {
	for _, page := range []string{
		`<head><meta name="mergeplay-csp-nonce" content="abc-_123"></head>`,
		`<head><meta name=mergeplay-csp-nonce content=abc-_123></head>`,
	} {
		got, err := NonceFromHTML([]byte(page))
		if err != nil || got != "abc-_123" {
			t.Errorf("%s: %q, %v", page, got, err)
		}
	}
	if _, err := NonceFromHTML([]byte(`<head></head>`)); err == nil {
		t.Error("a page without a nonce was accepted")
	}
}
