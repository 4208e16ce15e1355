package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestModeSwitchSaysWhatHappened (issue 27, item 7): a switch of mode never leaves another
// mode's note over the inputs. An example as it opened gives way to the new mode's starting
// example (clicked, then with the arrow keys of the radio group), a notice saying why; inputs the
// reader changed stay, the example's note goes, and the notice offers the mode's starting
// example, which its button opens.
func TestModeSwitchSaysWhatHappened(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-containers")
	note := func() string {
		var s string
		p.eval(`(() => { const n = document.querySelector(".mp-example-note"); return n.hidden ? "" : n.querySelector(".mp-note-title").textContent; })()`, &s)
		return s
	}
	notice := func() string {
		var s string
		p.eval(`(() => { const n = document.querySelector(".mp-banner"); return n.hidden ? "" : n.querySelector(".mp-notice-text").textContent; })()`, &s)
		return s
	}
	switchTo := func(mode string) {
		before := p.staleCount()
		p.do("switching to "+mode, chromedp.Click(chromedp.CSS(`label[for="mp-mode-`+mode+`"]`)))
		p.waitAnswer(before)
	}

	switchTo("merge3")
	p.waitFor("merge3's starting example in the address bar", `location.hash === "#example=merge3-drift-kept"`, 5*time.Second)
	if got := note(); got != "Local edits survive an update that does not touch them" {
		t.Errorf("after the switch to kustomize the note is %q, want merge3-drift-kept's", got)
	}
	if got := notice(); !strings.Contains(got, "kustomize merge3 reads the inputs as upstream before, upstream now and local copy, so the kubectl apply example gave way") {
		t.Errorf("the notice says %q", got)
	}
	if got := p.paneLabels(); got["original"] != "upstream before" {
		t.Errorf("pane labels %v", got)
	}

	before := p.staleCount()
	p.typeAtEnd("live", "# mine\n")
	p.waitAnswer(before)
	switchTo("ssa")
	if got := note(); got != "" {
		t.Errorf("with the inputs changed and the mode switched the note still shows %q", got)
	}
	if got := notice(); !strings.HasPrefix(got, "Switched to server-side apply with your inputs, now read as applied config and live object.") {
		t.Errorf("the notice says %q", got)
	}
	if !strings.Contains(p.editorText("live"), "# mine") {
		t.Error("the switch lost the reader's edit")
	}
	before = p.staleCount()
	p.do("opening the offered example", chromedp.Click(chromedp.CSS(`[data-action="notice-action"]`)))
	p.waitAnswer(before)
	p.waitFor("ssa's starting example in the address bar", `location.hash === "#example=ssa-autoscaler-conflict"`, 5*time.Second)
	if got := note(); !strings.HasPrefix(got, "An autoscaler owns replicas") {
		t.Errorf("the offered example opened with the note %q", got)
	}

	// The radio group's arrow keys switch too: from server-side apply to patch.
	before = p.staleCount()
	p.do("focusing the checked mode", chromedp.Focus(chromedp.CSS(`#mp-mode-ssa`)))
	p.press(kb.ArrowRight)
	p.waitAnswer(before)
	p.waitFor("patch's starting example in the address bar", `location.hash === "#example=patch-merge-by-key"`, 5*time.Second)
	p.expectNoProblems()
}
