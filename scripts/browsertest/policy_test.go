package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestTypingOverASelection: click into the config, Ctrl+A, type a key, as a reader starting over
// does. The key replaces the whole text (the engine then refuses it, and says where), with no
// Content Security Policy violation on the way: the browser's own edit of a selection spanning
// lines writes style attributes, which the CSP refuses (web/cm.js types over a selection through
// the view instead). Undo brings the text back. Every tab also fails its test on any violation
// when it closes (tab.checkPolicy); this one asks at once.
func TestTypingOverASelection(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 900)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	before := p.editorText("updated")
	p.do("typing over the whole config",
		chromedp.ScrollIntoView(chromedp.CSS(`[data-input="updated"] .cm-scroller`)),
		chromedp.Click(chromedp.CSS(`[data-input="updated"] .cm-scroller`)),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.KeyEvent("x"),
	)
	p.waitFor("the error under the config", `!!document.querySelector('[data-pane="updated"] .mp-problem-error')`, 10*time.Second)
	if got := p.editorText("updated"); got != "x" {
		t.Errorf("after Ctrl+A and x the config holds %q, want \"x\"", got)
	}
	p.do("typing a second key", chromedp.KeyEvent("y"))
	if got := p.editorText("updated"); got != "xy" {
		t.Errorf("after one more key the config holds %q, want \"xy\"", got)
	}
	p.do("undoing", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitReady()
	if got := p.editorText("updated"); got != before {
		t.Errorf("after undo the config holds %q, want the example's", got)
	}
	p.do("selecting all and deleting", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(kb.Backspace))
	if got := p.editorText("updated"); got != "" {
		t.Errorf("after Ctrl+A and Backspace the config holds %q", got)
	}
	p.expectNoProblems()
}
