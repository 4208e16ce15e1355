package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestAnnotationSizeNote: past half the API server's limit on annotations, the apply mode's result
// says on the last-applied annotation's line how many bytes the annotations hold against the limit
// (extra.annotationSizes, web/annotationsize.js).
func TestAnnotationSizeNote(t *testing.T) {
	h := setup(t)
	updated := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  big: " + strings.Repeat("x", 150000) + "\n"
	resp := answer(t, &contract.Request{Mode: "apply", Updated: updated, Options: contract.DefaultOptions()})
	line := 0 // the last-applied annotation's, a created resource marked whole
	for _, f := range resp.Layout.Folds {
		if strings.HasSuffix(f.Path, "last-applied-configuration") {
			line = f.Line
		}
	}
	if resp.Extra["annotationSizes"] == nil || line == 0 {
		t.Fatalf("extra.annotationSizes %v, folds %v", resp.Extra["annotationSizes"], resp.Layout.Folds)
	}
	p := modeTab(t, h, "/"+encodeShare(t, map[string]any{"mode": "apply", "updated": updated}))
	var note string
	p.eval(`(() => { const v = window.__mp.view("#result"); const el = [...v.contentDOM.querySelectorAll(".cm-line")].find((l) => v.state.doc.lineAt(v.posAtDOM(l)).number === `+fmt.Sprint(line)+`);
	  return el?.querySelector(".mp-line-note")?.dataset.note ?? ""; })()`, &note)
	if !strings.Contains(note, "of 262,144 bytes") || !strings.Contains(note, "--server-side") {
		t.Errorf("result line %d's note: %q", line, note)
	}
}
