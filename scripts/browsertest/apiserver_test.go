package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

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

// TestRefusedObjectNote: when the API server refuses one object of a file and accepts the others
// (example apply-stream-one-refused), the result shows the refused object as live holds it, with
// kubectl's message as a note on its first line (extra.refused, web/refusednotes.js), the error at
// the config's selector and the status line saying what befell it; the command
// view prints the accepted objects and the refusal (TestCommandViewShowsWhatKubectlPrints). MERGEPLAY_SCREENSHOTS=DIR saves the
// page as DIR/refused-object.png.
func TestRefusedObjectNote(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-stream-one-refused")
	var got struct {
		Note     string
		Outlined bool
	}
	p.eval(`(() => { const v = window.__mp.view("#result"); const lines = [...v.contentDOM.querySelectorAll(".cm-line")];
	  const el = lines.find((l) => l.textContent === "kind: Deployment")?.previousElementSibling;
	  return { note: el?.querySelector(".mp-line-note")?.dataset.note ?? "", outlined: !!el?.classList.contains("mp-has-refused") }; })()`, &got)
	if !strings.Contains(got.Note, `The Deployment "web" is invalid: spec.selector`) || !got.Outlined {
		t.Errorf("the refused Deployment's first line: note %q, outlined %v", got.Note, got.Outlined)
	}
	if status := p.statusText(); !strings.HasPrefix(status, "warning: The API server refuses one object (Deployment web) and accepts the others") {
		t.Errorf("the status line says %q", status)
	}
	var lines []int
	p.eval(`window.__mp.errorLines("updated")`, &lines)
	if len(lines) != 1 || lines[0] != 16 {
		t.Errorf("the config's error lines are %v, want the selector's line 16", lines)
	}
	if dir := os.Getenv("MERGEPLAY_SCREENSHOTS"); dir != "" {
		var scrolled bool // the refused Deployment in sight, for the screenshot
		p.eval(`(() => { const v = window.__mp.view("#result"); const at = [...v.contentDOM.querySelectorAll(".cm-line")].find((l) => l.classList.contains("mp-has-refused"));
		  at?.scrollIntoView({ block: "center" }); return !!at; })()`, &scrolled)
		png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "refused-object.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
