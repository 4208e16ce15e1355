package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestHistoryStepWriters (issue 29, the page's mode switch for a step): outside a history the
// mode switch offers the five modes; in one, a step may be any writer. A step switched to
// kubectl scale gets its replicas from the options bar, typed with real key events; a step
// switched to kubectl patch --type merge, then with the arrow key of the radio group to --type
// json, takes a JSON patch. Each time the page shows what the engine answers for the history.
func TestHistoryStepWriters(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-containers")
	shown := func(mode string) bool {
		var on bool
		p.eval(`document.querySelector('label[for="mp-mode-`+mode+`"]').offsetParent !== null`, &on)
		return on
	}
	if shown("scale") || !shown("apply") {
		t.Error("outside a history the mode switch offers writers, or hides the five")
	}
	before := p.staleCount()
	p.do("adding a step", chromedp.Click(chromedp.CSS(`[data-action="history"]`)))
	p.waitAnswer(before)
	for _, w := range []string{"scale", "label", "annotate", "controller", "mergepatch", "jsonpatch", "kpt"} {
		if !shown(w) {
			t.Errorf("in a history the mode switch does not offer %s", w)
		}
	}

	// kubectl scale without --replicas is refused (the status says so) until the count is typed.
	p.do("switching step 2 to kubectl scale", chromedp.Click(chromedp.CSS(`label[for="mp-mode-scale"]`)))
	p.waitFor("scale's refusal without a count", `document.querySelector(".mp-status")?.textContent.includes("--replicas=COUNT")`, 10*time.Second)
	p.do("typing the replicas", chromedp.Click(chromedp.CSS(`#mp-option-replicas`)), chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent("7"))
	p.waitFor("step 2 scaled", `!document.documentElement.hasAttribute("data-stale") && [...document.querySelectorAll(".mp-step")][1]?.textContent.includes("--replicas=7")`, 10*time.Second)
	step := expectStepShown(t, p, 1)
	if len(step.Errors) > 0 || !strings.Contains(step.Result, "replicas: 7") || !strings.Contains(step.Commands[0].Line, "kubectl scale") {
		t.Errorf("step 2 answers %+v", step)
	}

	// The config of step 2 is no JSON patch: refused until the patch is typed.
	p.do("switching step 2 to kubectl patch --type merge", chromedp.Click(chromedp.CSS(`label[for="mp-mode-mergepatch"]`)))
	p.waitFor("--type merge chosen", `document.querySelector("#mp-mode-mergepatch").checked && [...document.querySelectorAll(".mp-step")][1]?.textContent.includes("--type merge")`, 10*time.Second)
	p.do("the next choice of the radio group: --type json", chromedp.Focus(chromedp.CSS(`#mp-mode-mergepatch`)), chromedp.KeyEvent(kb.ArrowRight))
	p.waitFor("--type json chosen", `document.querySelector("#mp-mode-jsonpatch").checked`, 10*time.Second)
	p.replaceText("updated", "- op: add\n  path: /metadata/labels\n  value: {tier: json}\n")
	p.waitFor("step 2 patched", `!document.documentElement.hasAttribute("data-stale") && [...document.querySelectorAll(".mp-step")][1]?.textContent.includes("--type json")`, 10*time.Second)
	step = expectStepShown(t, p, 1)
	if len(step.Errors) > 0 || !strings.Contains(step.Result, "tier: json") {
		t.Errorf("step 2 answers %+v", step.Errors)
	}
	if got := p.paneLabels()["updated"]; got != "JSON patch" {
		t.Errorf("the updated pane is labelled %q", got)
	}
	p.expectNoProblems()
}
