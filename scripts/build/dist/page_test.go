package dist

import (
	"errors"
	"strings"
	"testing"
)

// names resolves the contract's references to made-up fingerprinted names and records which
// references were bundled as modules.
func names(modules map[string]bool) resolveFunc {
	return func(ref string, module bool) (string, bool, error) {
		if module {
			modules[ref] = true
		}
		switch ref {
		case "web/main.js", "web/style.css", "web/worker.js", wasmRef, wasmExecRef, examplesRef:
			return "X" + strings.ReplaceAll(ref, "/", "_"), true, nil
		case "web/missing.css":
			return "", false, errors.New("missing")
		}
		return "", false, nil
	}
}

func TestRewritePage(t *testing.T) {
	src := `<!doctype html>
<html lang="en" data-worker="web/worker.js" data-wasm='mergeplay.wasm' data-wasm-exec=wasm_exec.js data-examples="examples.json">
<head>
  <meta charset="utf-8">
  <title>t</title>
  <link rel="stylesheet" href="web/style.css">
  <script type="module" src="web/main.js"></script>
  <link rel="canonical" href="https://example.com/web/main.js">
</head>
<body><a href="#example=x">x</a></body>
</html>`
	modules := map[string]bool{}
	after := func(name string) []byte { return []byte("<AFTER-" + name + ">") }
	out, err := rewritePage([]byte(src), names(modules), injection{head: []byte("<HEAD-INJECTION>"), bodyEnd: []byte("<BODY-INJECTION>"), afterModule: after})
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		`data-worker="Xweb_worker.js" data-wasm="Xmergeplay.wasm" data-wasm-exec="Xwasm_exec.js" data-examples="Xexamples.json">`,
		`<meta charset="utf-8"><HEAD-INJECTION>` + "\n  <title>",
		`href="Xweb_style.css"`,
		`<script type="module" src="Xweb_main.js"></script><AFTER-Xweb_main.js>` + "\n  <link rel=\"canonical\"",
		`href="https://example.com/web/main.js"`,
		`<a href="#example=x">x</a><BODY-INJECTION></body>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if !modules["web/main.js"] || len(modules) != 1 {
		t.Errorf("modules: %v", modules)
	}
	if strings.Count(got, "INJECTION") != 2 || strings.Count(got, "<AFTER-") != 1 {
		t.Errorf("injections: %s", got)
	}
}

func TestRewritePageInjectionPlaces(t *testing.T) {
	inj := injection{head: []byte("<H>"), bodyEnd: []byte("<B>")}
	for _, tt := range []struct{ src, want string }{
		// No charset: first thing in head.
		{`<html><head><title>t</title></head><body></body></html>`, `<html><head><H><title>t</title></head><body><B></body></html>`},
		// Empty head.
		{`<html><head></head><body>x</body></html>`, `<html><head><H></head><body>x<B></body></html>`},
		// No </body>: at the end.
		{`<html><head><meta charset=utf-8></head><body>x`, `<html><head><meta charset=utf-8><H></head><body>x<B>`},
	} {
		out, err := rewritePage([]byte(tt.src), names(map[string]bool{}), inj)
		if err != nil || string(out) != tt.want {
			t.Errorf("%s:\ngot  %s (%v)\nwant %s", tt.src, out, err, tt.want)
		}
	}
	if _, err := rewritePage([]byte(`<p>no head</p>`), names(map[string]bool{}), inj); err == nil {
		t.Error("a page without <head> was accepted")
	}
	if _, err := rewritePage([]byte(`<html><head><link href="web/missing.css"></head></html>`), names(map[string]bool{}), inj); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing asset: %v", err)
	}
}

func TestHeadInjection(t *testing.T) {
	got := string(headInjection("n0nce", `script-src 'self'; x "y" <z>`))
	want := `<meta name="mergeplay-csp-nonce" content="n0nce"><meta http-equiv="Content-Security-Policy" content="script-src 'self'; x &quot;y&quot; &lt;z>">`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
