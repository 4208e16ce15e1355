package browsertest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/examples"
)

// fitSizes are the windows the result must fit: common laptops, a desktop and a phone.
var fitSizes = []struct {
	width, height int64
	phone         bool
}{
	{1280, 720, false}, {1366, 768, false}, {1440, 900, false}, {1920, 1080, false}, {390, 844, true},
}

// minLines is how many lines of the result a reader must see at once (DESIGN.md's budget).
const minLines = 12

// inSight counts the result pane's lines drawn wholly inside both its scroller and the window
// (folded lines are not drawn), and how many lines the pane has to show; with bring, the page is
// first scrolled as a reader would to look at the result: its bottom into the window, unless
// that would push its top out.
const inSight = `(async (bring) => {
  const scroller = document.querySelector("#result .cm-scroller");
  if (!scroller) return {seen: -1, total: 0, top: 0};
  if (bring) {
    const r = scroller.getBoundingClientRect();
    if (r.bottom > innerHeight || r.top < 0) window.scrollBy(0, Math.min(r.top, r.bottom - innerHeight));
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = scroller.getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
  const view = window.__mp.view("#result");
  const folded = view ? view.contentDOM.querySelectorAll(".cm-line.mp-folded").length : 0;
  const seen = [...document.querySelectorAll("#result .cm-line")].filter((l) => {
    const b = l.getBoundingClientRect();
    return b.height > 0 && b.top >= top - 1 && b.bottom <= bottom + 1;
  }).length;
  return {seen, total: view ? view.state.doc.lines - folded : 0, top: Math.round(box.top)};
})`

// tabInSight scrolls a tab's panel into the window as inSight does and returns how many pixels of
// it are in sight.
const tabInSight = `((id) => {
  const panel = document.getElementById("mp-panel-" + id);
  const r = panel.getBoundingClientRect();
  if (r.bottom > innerHeight || r.top < 0) window.scrollBy(0, Math.min(r.top, r.bottom - innerHeight));
  const b = panel.getBoundingClientRect();
  return Math.round(Math.min(b.bottom, innerHeight) - Math.max(b.top, 0));
})`

// cutControls lists the page's controls (buttons, tabs, links, disclosures) that reach past the
// window's sides or past a box that clips them, as the output column does: a control cut off
// at a phone's width cannot be read or reached. The editors' own widgets are left out: their
// lines scroll sideways.
const cutControls = `(() => {
  const clipped = (el) => {
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > innerWidth + 1) return true;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === "visible") continue;
      const b = box.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) return box.scrollWidth <= box.clientWidth + 1;
    }
    return false;
  };
  return [...document.querySelectorAll("button, [role=tab], summary, a[href]")]
    .filter((el) => el.getClientRects().length > 0 && !el.closest(".cm-editor, [hidden], dialog:not([open])"))
    .filter(clipped)
    .map((el) => (el.textContent.trim() || el.getAttribute("aria-label") || el.tagName).slice(0, 40));
})()`

type sight struct {
	Seen  int `json:"seen"`
	Total int `json:"total"`
	Top   int `json:"top"`
}

// TestResultInSightEverySize opens every example and, at each of five window sizes (the tab's
// viewport resized, as a window is), counts the result's lines a reader sees at once: at least 12
// (or all of a shorter result), the page scrolled to the result as a reader would (on a phone,
// first by the "Result ↓" button at the top, web/jump.js, which must bring the output column to
// the window's top and the keyboard to its tabs); a mode's own tab (Ownership, Helm 2 | Helm 3)
// keeps as much room. A refused example's answer is the status line's message, which must be in
// sight. No control is cut off at a side (cutControls: the result's Download button was, past a
// phone's width). The lines in sight before any scrolling are logged.
func TestResultInSightEverySize(t *testing.T) {
	h := setup(t)
	p := openTabWithin(t, h, 1280, 720, 5*time.Minute)
	p.navigate("/")
	p.waitReady()
	p.eval(helpers, nil)
	parent := t
	for _, ex := range allExamples(t) {
		t.Run(ex.Name, func(t *testing.T) {
			p.t = t
			defer func() { p.t = parent }()
			openExampleByLink(p, ex)
			for _, size := range fitSizes {
				p.do("resizing the window", chromedp.EmulateViewport(size.width, size.height))
				p.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(window.scrollTo(0, 0)))))`, nil)
				p.eval(`document.activeElement?.blur()`, nil)
				checkFit(p, ex, fmt.Sprintf("%dx%d", size.width, size.height), size.phone)
			}
		})
	}
	p.expectNoProblems()
}

// openExampleByLink opens an example in the page shown by setting its #example= link (as
// TestExamplesShowTheirMarks does) and waits for its answer, the page scrolled to its top.
func openExampleByLink(p *tab, ex *examples.Example) {
	p.t.Helper()
	p.eval(`window.scrollTo(0, 0)`, nil)
	shown := shownRequest(p.t, ex) // a history opens at its last step
	opened := fmt.Sprintf(`window.__mp.text("updated") === %s && window.__mp.text("live") === %s`, js(shown.Updated), js(shown.Live))
	for attempt := 1; ; attempt++ {
		p.eval(`location.hash = `+js("#example="+ex.Name), nil)
		if p.poll(opened, 2*time.Second) {
			break
		}
		if attempt == 3 {
			p.t.Fatalf("example %s does not open from its link", ex.Name)
		}
	}
	if ex.Refused() {
		p.waitFor("the refusal", `document.querySelector(".mp-status").dataset.kind === "error"`, 10*time.Second)
	} else {
		// After a refused example no result is shown, so the page is not stale while it merges.
		p.waitFor("the answer", `document.querySelector(".mp-status").dataset.kind !== "error" && document.querySelectorAll("#result .cm-line").length > 1`, 10*time.Second)
		p.waitReady()
	}
	p.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(window.scrollTo(0, 0)))))`, nil)
}

// checkFit counts what the reader sees of one example's answer in a window of the size named.
func checkFit(p *tab, ex *examples.Example, size string, phone bool) {
	p.t.Helper()
	var atLoad sight
	p.eval(inSight+`(false)`, &atLoad)
	if phone {
		p.do("jumping to the result", chromedp.Click(chromedp.CSS(`[data-action="jump-result"]`)))
		var jumped struct {
			Focused, AtEnd bool
			Top            float64
		}
		p.eval(`({Focused: document.activeElement?.getAttribute("role") === "tab" && document.activeElement.closest("#mp-output") !== null,
		  Top: document.getElementById("mp-output").getBoundingClientRect().top,
		  AtEnd: scrollY + innerHeight >= document.documentElement.scrollHeight - 1})`, &jumped)
		if !jumped.Focused {
			p.t.Errorf(`%s: after "Result ↓" the keyboard is not on the result's tabs`, size)
		}
		if jumped.Top < -1 || jumped.Top > 40 && !jumped.AtEnd {
			p.t.Errorf(`%s: after "Result ↓" the output column starts at %.0f px, want at the window's top (or the page scrolled to its end)`, size, jumped.Top)
		}
	}
	var cut []string
	p.eval(cutControls, &cut)
	if len(cut) > 0 {
		p.t.Errorf("%s: controls cut off at the window's or their box's side: %q", size, cut)
	}
	if ex.Refused() {
		var box struct{ Top, Bottom, Window float64 }
		p.eval(`(() => { const r = document.querySelector(".mp-status").getBoundingClientRect(); return {Top: r.top, Bottom: r.bottom, Window: innerHeight}; })()`, &box)
		if box.Top < 0 || box.Bottom > box.Window {
			p.t.Errorf("%s: the refusal (status line at %.0f–%.0f px) is not in sight", size, box.Top, box.Bottom)
		}
		return
	}
	var got sight
	p.eval(inSight+`(true)`, &got)
	want := min(minLines, got.Total)
	p.t.Logf("%s: %d lines in sight at load, %d once scrolled to (of %d)", size, max(atLoad.Seen, 0), got.Seen, got.Total)
	if got.Seen < want {
		p.t.Errorf("%s: %d lines of the result in sight (pane at %d px), want at least %d", size, got.Seen, got.Top, want)
	}
	for _, id := range []string{"ownership", "helm"} {
		var has bool
		p.eval(`!!document.querySelector('[role="tab"][data-tab="`+id+`"]')`, &has)
		if !has {
			continue
		}
		p.do("selecting the "+id+" tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="`+id+`"]`)))
		var px int
		p.eval(tabInSight+`(`+js(id)+`)`, &px)
		if px < minLines*20 {
			p.t.Errorf("%s: the %s tab has %d px in sight, want at least %d (12 lines)", size, id, px, minLines*20)
		}
		p.do("back to the result", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="result"]`)))
	}
}
