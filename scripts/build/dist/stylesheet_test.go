package dist

import (
	"strings"
	"testing"
)

func TestStylesheetURLs(t *testing.T) {
	b := &builder{min: newMinifier(), assets: map[string]string{}, generated: map[string][]byte{}}
	b.out = newOutput(t.TempDir(), brotliCompressor{quality: 1})
	b.assets["web/icons/x.svg"] = "x.0123456789ab.svg"
	css := `a { background: url("icons/x.svg") } b { background: url(data:image/png;base64,AA==) } c { background: url(#f) }`
	out, err := b.stylesheet("web/style.css", []byte(css))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"url(x.0123456789ab.svg)", "url(data:image/png", "url(#f)"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %s in %s", want, out)
		}
	}
	b.c.Root = t.TempDir()
	if _, err := b.stylesheet("web/style.css", []byte(`a { background: url(gone.png) }`)); err == nil {
		t.Error("a missing url() target was accepted")
	}
}
