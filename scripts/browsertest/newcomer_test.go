package browsertest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

// What a newcomer met (issue 16), page side, each with real key events or clicks: the engine's
// loading said, the last-applied annotation folded, the embed sized to its content, the example's
// note dropped once the state is no longer the example's, the phone layout of the Ownership and
// Helm 2 | Helm 3 tabs, the shortcuts' overlay and the legend's jumps, and the wording.

// gatedServer serves the page with the wasm held until release is closed, or refused (404) when
// refuse is set.
func gatedServer(t *testing.T, h *harness, refuse bool) (url string, release func()) {
	t.Helper()
	pageHandler, err := server.New(h.distDir)
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			if refuse {
				http.NotFound(w, r)
				return
			}
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		pageHandler.ServeHTTP(w, r)
	}))
	var once bool
	release = func() {
		if !once {
			once = true
			close(gate)
		}
	}
	t.Cleanup(func() { release(); srv.Close() })
	return srv.URL, release
}

// statusText returns the status line's text.
func (p *tab) statusText() string {
	p.t.Helper()
	var s string
	p.eval(`document.querySelector(".mp-status").dataset.kind + ": " + document.querySelector(".mp-status-text").textContent`, &s)
	return s
}

// TestEngineLoadingIsSaid opens an example link (not prerendered) while the wasm is held: the
// status and the result pane say the engine is loading; released, the answer comes. With the wasm
// refused, the page says the engine could not be loaded.
func TestEngineLoadingIsSaid(t *testing.T) {
	h := setup(t)

	t.Run("loading", func(t *testing.T) {
		url, release := gatedServer(t, h, false)
		p := openTab(t, h, 1280, 900)
		p.do("opening an example link", chromedp.Navigate(url+"/#example=apply-field-added"))
		p.waitFor("the loading status", `document.querySelector(".mp-status-text")?.textContent.includes("Loading the merge engine")`, 10*time.Second)
		var pane string
		p.eval(`document.querySelector("#result .cm-placeholder, #result .mp-preview-placeholder")?.textContent ?? ""`, &pane)
		if !strings.Contains(pane, "Loading the merge engine") {
			t.Errorf("the empty result pane says %q while the engine loads", pane)
		}
		release()
		p.waitReady()
		if got := p.statusText(); !strings.HasPrefix(got, "ok: Merged in") {
			t.Errorf("after loading the status says %q", got)
		}
		p.expectNoProblems()
	})

	t.Run("never loads", func(t *testing.T) {
		url, _ := gatedServer(t, h, true)
		p := openTab(t, h, 1280, 900)
		p.do("opening an example link", chromedp.Navigate(url+"/#example=apply-field-added"))
		p.waitFor("the failure said", `document.querySelector(".mp-status")?.dataset.kind === "error"`, 15*time.Second)
		if got := p.statusText(); !strings.Contains(got, "could not be loaded") || !strings.Contains(got, "Reload") {
			t.Errorf("the status says %q", got)
		}
		var pane string
		p.eval(`document.querySelector("#result .cm-placeholder, #result .mp-preview-placeholder")?.textContent ?? ""`, &pane)
		if !strings.Contains(pane, "could not be loaded") {
			t.Errorf("the result pane says %q", pane)
		}
		// A refused wasm is a network error in the console; nothing else may be.
		for _, problem := range p.problems() {
			if !strings.Contains(problem, "404") && !strings.Contains(problem, "wasm") {
				t.Errorf("the page reported %s", problem)
			}
		}
	})
}

// TestLastAppliedFolded: an apply result folds kubectl's last-applied annotation with its mark
// kept on the line naming it; Enter on that line and the toggle open it.
func TestLastAppliedFolded(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-containers")
	folds := p.folds()
	if len(folds.Starts) != 1 || !strings.Contains(folds.Starts[0].Text, "kubectl.kubernetes.io/last-applied-configuration: |") || len(folds.Hidden) != 1 || folds.Visible != 0 {
		t.Fatalf("the annotation is not folded: %+v", folds)
	}
	if !strings.Contains(folds.Bar, "last-applied-configuration folded") {
		t.Errorf("the fold bar says %q", folds.Bar)
	}
	start := folds.Starts[0].Line
	var mark string
	p.eval(fmt.Sprintf(`(() => { const v = window.__mp.view("#result"); const el = [...v.contentDOM.querySelectorAll(".cm-line")].find((l) => v.state.doc.lineAt(v.posAtDOM(l)).number === %d); return el.dataset.mark; })()`, start), &mark)
	if mark == "" || mark == "none" {
		t.Errorf("the annotation's line lost its mark: %q", mark)
	}
	p.eval(`window.__mp.cursorTo(`+fmt.Sprint(start)+`)`, nil)
	p.press(kb.Enter)
	if f := p.folds(); len(f.Hidden) != 0 {
		t.Errorf("Enter did not open the fold: %+v", f)
	}
	p.press(kb.Enter)
	p.do("opening it with the toggle", chromedp.Click(chromedp.CSS(".mp-fold-toggle")))
	if f := p.folds(); len(f.Hidden) != 0 || !strings.Contains(f.Bar, "shown") {
		t.Errorf("the toggle did not open the fold: %+v", f)
	}
	checkMarks(t, exampleNamed(t, "apply-containers"), answer(t, exampleNamed(t, "apply-containers").Request), p.resultLines())
	p.expectNoProblems()
}

// paneFit is how an embed's pane uses the frame.
type paneFit struct {
	Name                  string
	Top, Bottom, Viewport float64
	Cut                   bool // its editor scrolls (the text is longer than the pane shows)
	Blank                 float64
}

// embedFits measures every visible pane of an embed.
func (p *tab) embedFits() []paneFit {
	p.t.Helper()
	var fits []paneFit
	p.eval(`[...document.querySelectorAll(".mp-pane:not([hidden]), .mp-output")].filter((el) => el.getClientRects().length).map((pane) => {
	  const r = pane.getBoundingClientRect();
	  const scroller = pane.querySelector(".cm-scroller");
	  const editor = pane.querySelector(".cm-editor");
	  const content = pane.querySelector(".cm-content");
	  return { name: pane.dataset.pane || "result", top: r.top, bottom: r.bottom, viewport: innerHeight,
	    cut: scroller.scrollHeight > scroller.clientHeight + 2,
	    blank: editor.getBoundingClientRect().height - Math.min(content.getBoundingClientRect().height, scroller.clientHeight) };
	})`, &fits)
	return fits
}

// TestEmbedSizesPanes: in a frame of a given height each pane is as tall as its text, up to the
// room it has: from 720 px wide the inputs share a column beside the result, each column at most
// the frame (less the header) or 46rem; narrower, the panes stack, the result first (at most
// 44rem), each input at most 10rem. A pane whose text is longer uses its room before it scrolls, and no editor
// leaves blank space under its text.
func TestEmbedSizesPanes(t *testing.T) {
	h := setup(t)
	for _, size := range []struct{ width, height int64 }{{960, 640}, {960, 1400}, {390, 700}} {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			p := openTab(t, h, size.width, size.height)
			p.navigate("/?embed=1#example=apply-containers")
			p.waitReady()
			fits := p.embedFits()
			const rem = 15                                 // the page's root font size
			column := min(float64(size.height)-58, 46*rem) // --embed-cap: the frame less the header, at most 46rem
			if size.width < 720 {
				column = min(float64(size.height)-58, 44*rem) // a narrow embed's result
			}
			inputs := struct{ top, bottom float64 }{1e9, 0}
			inputCut := false
			for _, f := range fits {
				if f.Bottom-f.Top > f.Viewport {
					t.Errorf("%s: %.0f px tall in a %.0f px frame", f.Name, f.Bottom-f.Top, f.Viewport)
				}
				if !f.Cut && f.Blank > 4 {
					t.Errorf("%s leaves %.0f px blank under its text", f.Name, f.Blank)
				}
				if f.Name == "result" {
					if f.Cut && f.Bottom-f.Top < column-120 {
						t.Errorf("the result scrolls at %.0f px tall while it has %.0f px", f.Bottom-f.Top, column)
					}
					continue
				}
				inputs.top, inputs.bottom = min(inputs.top, f.Top), max(inputs.bottom, f.Bottom)
				inputCut = inputCut || f.Cut
				if size.width < 720 && f.Cut && f.Bottom-f.Top < 10*rem-4 {
					t.Errorf("%s scrolls at %.0f px tall while it has %d px (10rem)", f.Name, f.Bottom-f.Top, 10*rem)
				}
			}
			if size.width >= 720 && inputCut && inputs.bottom-inputs.top < column-120 {
				t.Errorf("the inputs scroll in a column %.0f px tall while it has %.0f px", inputs.bottom-inputs.top, column)
			}
			p.expectNoProblems()
		})
	}
}

// TestExampleNoteDropped: the example's title and explanation stay while its state is edited,
// and go once all three inputs are replaced and the mode switched (typed and clicked).
func TestExampleNoteDropped(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-containers")
	note := func() string {
		var s string
		p.eval(`(() => { const n = document.querySelector(".mp-example-note"); return n.hidden ? "" : n.textContent; })()`, &s)
		return s
	}
	if got := note(); !strings.Contains(got, "Containers merge by name") {
		t.Fatalf("the example's note says %q", got)
	}
	for i, input := range []string{"original", "updated", "live"} {
		before := p.staleCount()
		p.replaceText(input, fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mine\ndata:\n  k: \"%d\"\n", i))
		p.waitAnswer(before)
	}
	if got := note(); !strings.Contains(got, "changed since opened") {
		t.Errorf("with the mode unchanged the note says %q, want the example, changed", got)
	}
	before := p.staleCount()
	p.do("switching to kustomize", chromedp.Click(chromedp.CSS(`label[for="mp-mode-merge3"]`)))
	p.waitAnswer(before)
	if got := note(); got != "" {
		t.Errorf("after every input was replaced and the mode switched, the note still says %q", got)
	}
	p.waitFor("a share link in the address bar", `location.hash.startsWith("#s=")`, 5*time.Second)
	p.expectNoProblems()
}

// replaceText replaces an input editor's text as a reader does: click, Ctrl+A, Backspace, then
// the text as typed input (Input.insertText).
func (p *tab) replaceText(inputName, text string) {
	p.t.Helper()
	scroller := chromedp.CSS(`[data-input="` + inputName + `"] .cm-scroller`) // as typeAtEnd
	p.do("replacing the text of "+inputName,
		chromedp.ScrollIntoView(scroller),
		chromedp.Click(scroller),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.KeyEvent(kb.Backspace),
	)
	p.typeAtEnd(inputName, text)
}

// brokenTokens lists the words (runs without spaces) of the text under the elements a selector
// finds that the browser drew across two lines.
func (p *tab) brokenTokens(selector string) []string {
	p.t.Helper()
	var broken []string
	p.eval(`(() => {
	  const out = [];
	  for (const el of document.querySelectorAll(`+js(selector)+`)) {
	    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
	    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
	      if (text.parentElement.closest(".mp-visually-hidden")) continue;
	      for (const m of text.textContent.matchAll(/\S+/g)) {
	        const r = document.createRange();
	        r.setStart(text, m.index);
	        r.setEnd(text, m.index + m[0].length);
	        const tops = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
	        if (tops.size > 1) out.push(m[0]);
	      }
	    }
	  }
	  return out;
	})()`, &broken)
	return broken
}

// TestPhoneViews: at 390 px the Ownership tab's filter and summary stay inside the panel, and the
// Helm 2 | Helm 3 view wraps lines between words, never inside a token.
func TestPhoneViews(t *testing.T) {
	h := setup(t)
	t.Run("ownership", func(t *testing.T) {
		p := openTab(t, h, 390, 844)
		p.navigate("/#example=ssa-autoscaler-force")
		p.waitReady()
		p.do("opening the Ownership tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="ownership"]`)))
		var over []string
		p.eval(`(() => {
		  const panel = document.getElementById("mp-panel-ownership").getBoundingClientRect();
		  return [...document.querySelectorAll(".mp-ownership-view .mp-view-head, .mp-ownership-view .mp-view-head > *, .mp-ownership-view select, .mp-owner-legend, .mp-owner-legend > *, .mp-owner-operations, .mp-owner-operations > *, .mp-owner-count")]
		    .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > panel.right + 1)
		    .map((el) => el.className || el.tagName);
		})()`, &over)
		if len(over) > 0 {
			t.Errorf("past the panel's right edge at 390 px: %v", over)
		}
		if broken := p.brokenTokens(".mp-owner-legend .mp-owner, .mp-owner-text"); len(broken) > 0 {
			t.Errorf("manager names or YAML broken across lines at 390 px: %q", broken)
		}
		p.expectNoProblems()
	})
	t.Run("helm", func(t *testing.T) {
		p := openTab(t, h, 390, 844)
		p.navigate("/#example=twoway-kubectl-edit")
		p.waitReady()
		p.do("opening the Helm 2 | Helm 3 tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="helm"]`)))
		if broken := p.brokenTokens(".mp-sbs-text, .mp-repair-command pre"); len(broken) > 0 {
			t.Errorf("tokens broken across lines at 390 px: %q", broken)
		}
		p.expectNoProblems()
	})
}

// TestShortcutsAndLegend: ? (a real key) opens the shortcuts overlay outside the editors and types
// a ? inside them; Esc closes it; the header shows the hint; a legend count jumps to its marks.
func TestShortcutsAndLegend(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-containers")
	var hint string
	p.eval(`document.querySelector('[data-action="shortcuts"]').textContent`, &hint)
	if !strings.Contains(hint, "?") {
		t.Errorf("the shortcuts button says %q, want the ? hint", hint)
	}
	open := func() bool {
		var on bool
		p.eval(`document.querySelector(".mp-shortcuts").open`, &on)
		return on
	}
	p.do("focusing the Share button", chromedp.Focus(chromedp.CSS(`[data-action="share"]`)))
	p.press("?")
	if !open() {
		t.Fatal("? did not open the shortcuts")
	}
	var listed string
	p.eval(`document.querySelector(".mp-shortcuts").textContent`, &listed)
	for _, want := range []string{"Ctrl+Enter", "Esc", "Alt+↓", "jump to the next change"} {
		if !strings.Contains(listed, want) {
			t.Errorf("the shortcuts do not list %q", want)
		}
	}
	p.press(kb.Escape)
	if open() {
		t.Error("Esc did not close the shortcuts")
	}
	before := p.editorText("updated")
	p.typeAtEnd("updated", "")
	p.press("?")
	if open() {
		t.Error("? in an editor opened the shortcuts")
	}
	if got := p.editorText("updated"); got != before+"?" {
		t.Errorf("? in an editor was not typed: %q", strings.TrimPrefix(got, before))
	}
	p.do("undoing", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitReady()

	// The legend: deleted jumps to the struck line, ignored to each ignored field in turn.
	p.do("pressing the legend's deleted", chromedp.Click(chromedp.CSS(`.mp-legend-item[data-mark="deleted"]`)))
	line := p.cursorLine()
	var cursor struct {
		Mark    string
		Focused bool
	}
	cursorState := fmt.Sprintf(`(() => { const v = window.__mp.view("#result"); const n = v.state.doc.lineAt(v.state.selection.main.head).number;
	  const el = [...v.contentDOM.querySelectorAll(".cm-line")].find((l) => v.state.doc.lineAt(v.posAtDOM(l)).number === n);
	  return {mark: el ? el.dataset.mark : "", focused: v.hasFocus}; })()`)
	p.eval(cursorState, &cursor)
	if cursor.Mark != "deleted" || !cursor.Focused {
		t.Errorf("the legend's deleted put the cursor on line %d marked %q (focused %v)", line, cursor.Mark, cursor.Focused)
	}
	p.waitFor("the reason panel reading the deleted line", `document.querySelector(".mp-reason").textContent.includes("deleted")`, 5*time.Second)
	p.do("pressing the legend's ignored", chromedp.Click(chromedp.CSS(`.mp-legend-item[data-mark="ignored"]`)))
	first := p.cursorLine()
	p.do("pressing it again", chromedp.Click(chromedp.CSS(`.mp-legend-item[data-mark="ignored"]`)))
	if second := p.cursorLine(); second == first {
		t.Errorf("the legend's ignored stays on line %d", first)
	}
	p.eval(cursorState, &cursor)
	if cursor.Mark != "ignored" {
		t.Errorf("the legend's ignored put the cursor on a line marked %q", cursor.Mark)
	}
	var disabled bool
	p.eval(`document.querySelector('.mp-legend-item[data-mark="conflict"]').disabled`, &disabled)
	if !disabled {
		t.Error("a mark no field carries can be pressed")
	}
	p.expectNoProblems()
}

// TestWording: the engine's manager names keep their case at a sentence's start, a --- line
// reads as a document separator, and the Share dialog of an unedited example says the link names
// the example.
func TestWording(t *testing.T) {
	h := setup(t)
	t.Run("manager names", func(t *testing.T) {
		p := modeTab(t, h, "/#example=ssa-before-first-apply")
		p.do("opening the Explain tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="explain"]`)))
		var reasons []string
		p.eval(`[...document.querySelectorAll(".mp-explain-reason")].map((e) => e.textContent)`, &reasons)
		if len(reasons) == 0 {
			t.Fatal("no reasons listed")
		}
		for _, r := range reasons {
			for _, bad := range []string{"Kube-controller-manager", "Before-first-apply", "Kubectl"} {
				if strings.HasPrefix(r, bad) {
					t.Errorf("a reason capitalises a name: %q", r)
				}
			}
		}
	})
	t.Run("document separator", func(t *testing.T) {
		p := modeTab(t, h, "/#example=apply-stream")
		var sep int
		p.eval(`window.__mp.view("#result").state.doc.toString().split("\n").indexOf("---") + 1`, &sep)
		if sep == 0 {
			t.Fatal("the stream's result has no --- line")
		}
		p.eval(`window.__mp.cursorTo(`+fmt.Sprint(sep)+`)`, nil)
		p.press(kb.ArrowDown)
		p.press(kb.ArrowUp)
		var panel string
		p.eval(`document.querySelector(".mp-reason").textContent`, &panel)
		if !strings.Contains(panel, "document separator") || strings.HasSuffix(strings.TrimSpace(panel), fmt.Sprintf("Line %d", sep)) {
			t.Errorf("the --- line reads %q", panel)
		}
	})
	t.Run("share an unedited example", func(t *testing.T) {
		p := modeTab(t, h, "/#example=apply-containers")
		p.do("opening Share", chromedp.Click(chromedp.CSS(`[data-action="share"]`)))
		p.waitFor("the Share dialog", `document.querySelector(".mp-share").open`, 5*time.Second)
		var intro, link string
		p.eval(`document.querySelector(".mp-share .mp-dialog-intro").textContent`, &intro)
		p.eval(`document.querySelector(".mp-share .mp-link-field").value`, &link)
		if !strings.Contains(intro, "names the example apply-containers") || strings.Contains(intro, "holds the whole playground:") && !strings.Contains(intro, "Once you edit") {
			t.Errorf("the Share dialog says %q", intro)
		}
		if !strings.HasSuffix(link, "#example=apply-containers") {
			t.Errorf("the link is %q", link)
		}
		p.press(kb.Escape)
		p.typeAtEnd("updated", "# mine\n")
		p.waitReady()
		p.do("opening Share again", chromedp.Click(chromedp.CSS(`[data-action="share"]`)))
		p.waitFor("the Share dialog", `document.querySelector(".mp-share").open`, 5*time.Second)
		p.eval(`document.querySelector(".mp-share .mp-dialog-intro").textContent`, &intro)
		if !strings.HasPrefix(intro, "The link holds the whole playground") {
			t.Errorf("after an edit the Share dialog says %q", intro)
		}
	})
}

// TestTypingMergesAtOnce: while the engine answers quickly there is no typing debounce: keys
// typed 40 ms apart (real key events) each send their request, where a fixed pause would send
// one after the last key; and each answer shows the text typed so far.
func TestTypingMergesAtOnce(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 900)
	p.addScript(workerCounter)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	p.eval(helpers, nil)
	p.eval(keyTimer, nil)
	var line int
	p.eval(`window.__mp.text("updated").split("\n").findIndex((l) => l.trim() === "image: nginx:1.10") + 1`, &line)
	if line == 0 {
		t.Fatal("the example's config changed")
	}
	p.eval(fmt.Sprintf(`window.__mpKeys.place("updated", %d, 0)`, line), nil)
	// Two answers first, so that the page has seen the engine answer quickly.
	for i := 0; i < 2; i++ {
		p.eval(`window.__mpPending = window.__mpKeys.arm(""); 0`, nil)
		p.do("typing", chromedp.KeyEvent("1"))
		p.eval(`window.__mpPending`, nil)
	}
	var before int
	p.eval(`window.__mergeplayWorkers.sentId`, &before)
	for i := 0; i < 4; i++ {
		p.do("typing", chromedp.KeyEvent("2"))
		time.Sleep(40 * time.Millisecond)
	}
	p.waitFor("the last key's answer", `!document.documentElement.hasAttribute("data-stale") && window.__mp.view("#result").state.doc.toString().includes("image: nginx:1.10112222")`, 10*time.Second)
	var after int
	p.eval(`window.__mergeplayWorkers.sentId`, &after)
	if after-before < 2 {
		t.Errorf("4 keys typed 40 ms apart sent %d requests: the page waited for a pause while the engine is quick", after-before)
	}
	p.expectNoProblems()
}

// TestUnchangedResourceSendsNothing applies a config onto the object it already made: the Patch
// tab says kubectl sends nothing and prints "unchanged" (the engine's action none), not that it
// patches with {}.
func TestUnchangedResourceSendsNothing(t *testing.T) {
	h := setup(t)
	config := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: same\n  namespace: default\ndata:\n  k: v\n"
	lastApplied := `{"apiVersion":"v1","data":{"k":"v"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"same","namespace":"default"}}`
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: same\n  namespace: default\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      " + lastApplied + "\ndata:\n  k: v\n"
	p := openTab(t, h, 1280, 1000)
	p.navigate("/" + encodeShare(t, map[string]any{"mode": "apply", "original": "", "updated": config, "live": live}))
	p.waitReady()
	p.do("selecting the Patch tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="patch"]`)))
	p.waitFor("the Patch tab shown", `!document.getElementById("mp-panel-patch").hidden`, 5*time.Second)
	var text string
	p.eval(`document.getElementById("mp-panel-patch").textContent`, &text)
	if !strings.Contains(text, `kubectl sends nothing and prints "unchanged"`) || strings.Contains(text, "patched") {
		t.Errorf("the Patch tab of an unchanged resource says %q", text)
	}
	p.expectNoProblems()
}

// TestMultiKeysProblemsSaidPlainly opens an apply with multi-field keys whose ports lack
// protocol: every such item is flagged in the config's problem list, in one item per message
// with its lines, in words (no Go map syntax, no claim that kubectl fails), and the editor stays
// usable: typing a protocol in clears the problems.
func TestMultiKeysProblemsSaidPlainly(t *testing.T) {
	h := setup(t)
	// A valid Deployment (its selector and labels), so that once fixed it has no problem left.
	config := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        ports:\n        - containerPort: 8081\n        - containerPort: 8082\n"
	live := strings.ReplaceAll(config, "containerPort: 8082\n", "containerPort: 8082\n          protocol: TCP\n")
	live = strings.ReplaceAll(live, "containerPort: 8081\n", "containerPort: 8081\n          protocol: TCP\n")
	p := openTab(t, h, 1280, 1000)
	p.navigate("/" + encodeShare(t, map[string]any{"mode": "apply", "original": "", "updated": config, "live": live,
		"options": map[string]any{"multiKeys": true}}))
	p.waitFor("the problems listed", `document.querySelectorAll('[data-pane="updated"] .mp-problem').length > 0`, 30*time.Second)
	var items []string
	p.eval(`[...document.querySelectorAll('[data-pane="updated"] .mp-problem')].map((li) => li.textContent)`, &items)
	if len(items) != 1 || !strings.Contains(items[0], "line 14") || !strings.Contains(items[0], "line 15") {
		t.Fatalf("the config's problems: %q, want one item naming lines 14 and 15", items)
	}
	if strings.Contains(items[0], "map[") || strings.Contains(items[0], "kubectl apply fails") || !strings.Contains(items[0], "never shipped") {
		t.Errorf("the problem reads %q", items[0])
	}
	// The editor keeps room to fix them: at least seven lines shown (once its view is built: the
	// second bundle comes after the first answer).
	p.waitFor("the config's view", `document.querySelector('[data-input="updated"] .cm-line') !== null`, 10*time.Second)
	var shown int
	p.eval(`(() => { const s = document.querySelector('[data-input="updated"] .cm-scroller'); return Math.floor(s.clientHeight / document.querySelector('[data-input="updated"] .cm-line').offsetHeight); })()`, &shown)
	if shown < 7 {
		t.Errorf("the config editor shows %d lines beside its problems, want at least 7", shown)
	}
	p.replaceText("updated", live)
	p.waitFor("the problems cleared and a result shown", `document.querySelectorAll('[data-pane="updated"] .mp-problem').length === 0 && document.querySelector("#result")?.textContent.includes("containerPort: 8082") && !document.documentElement.hasAttribute("data-stale")`, 10*time.Second)
	p.expectNoProblems()
}
