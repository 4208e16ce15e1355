package browsertest

import (
	"strings"
	"testing"
	"time"
)

// TestDamagedLinkStaysInTheAddressBar (issue 27, item 11): a share link that cannot be read
// stays in the address bar beside the notice, so that its typo can be fixed there; the first
// change of the state replaces it.
func TestDamagedLinkStaysInTheAddressBar(t *testing.T) {
	h := setup(t)
	const damaged = "#s=1.AbC@@cut"
	p := modeTab(t, h, "/"+damaged)
	var notice string
	p.eval(`(() => { const n = document.querySelector(".mp-banner"); return n.hidden ? "" : n.querySelector(".mp-notice-text").textContent; })()`, &notice)
	if !strings.Contains(notice, "damaged") || !strings.Contains(notice, "The link stays in the address bar") {
		t.Errorf("the notice says %q", notice)
	}
	time.Sleep(800 * time.Millisecond) // past the address bar's quiet (250 ms, longer on long inputs)
	var hash string
	p.eval(`location.hash`, &hash)
	if hash != damaged {
		t.Errorf("the address bar holds %q, want the damaged link %q kept", hash, damaged)
	}
	before := p.staleCount()
	p.typeAtEnd("updated", "# mine\n")
	p.waitAnswer(before)
	p.waitFor("the changed state's link in the address bar", `location.hash !== `+js(damaged)+` && location.hash.startsWith("#s=")`, 5*time.Second)
	p.expectNoProblems()
}

// TestOneConflictIsSingular (issue 27, item 11): the status line speaks of one conflict as one.
func TestOneConflictIsSingular(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=ssa-autoscaler-conflict")
	p.waitFor("the conflict's status", `document.querySelector(".mp-status-text").textContent.includes("conflict")`, 10*time.Second)
	if got := p.statusText(); !strings.Contains(got, "The merge stops on a conflict: live stays as it is. It is marked below and in the live editor.") {
		t.Errorf("the status says %q", got)
	}
	p.expectNoProblems()
}
