package browsertest

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// openMeasured opens the default example with the worker counter (timeout_test.go) and waits
// for the engine's instance in the page to be started and measured (web/inline.js: its first
// call and three more).
func openMeasured(t *testing.T) *tab {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.addScript(workerCounter)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	p.waitFor("the engine's instance in the page measured", `window.__mergeplayWorkers.inline >= 4`, 30*time.Second)
	return p
}

// TestSmallEditsAnsweredInThePage types into the default example once the engine's instance in
// the page is in place: each key is answered on the page's thread (no request to the worker),
// the result shows what was typed, marked; a key typed into the config that breaks it shows the
// error in the config's editor with its line and keeps the last good result, stale; and an
// input with an anchor goes to the worker (its cost is not bounded by its length).
func TestSmallEditsAnsweredInThePage(t *testing.T) {
	p := openMeasured(t)
	var workerSent int
	p.eval(`window.__mergeplayWorkers.workerSent`, &workerSent)

	p.typeAtEnd("updated", "        imagePullPolicy: Always")
	p.waitFor("the typed field in the result", `document.querySelector("#result").textContent.includes("imagePullPolicy: Always")`, 10*time.Second)
	p.waitReady()
	var after int
	p.eval(`window.__mergeplayWorkers.workerSent`, &after)
	if after != workerSent {
		t.Errorf("%d requests went to the worker for small edits", after-workerSent)
	}
	var inline struct {
		Calls   int
		Request string
	}
	p.eval(`({Calls: window.__mergeplayWorkers.inline, Request: window.__mergeplayWorkers.sentRequest})`, &inline)
	if inline.Calls < 2 || !strings.Contains(inline.Request, "imagePullPolicy: Always") {
		t.Errorf("the page's instance answered %d calls, the last %.200q", inline.Calls, inline.Request)
	}
	for _, l := range p.resultLines() {
		if strings.Contains(l.Text, "imagePullPolicy: Always") && l.Mark != "added" {
			t.Errorf("the typed field is marked %q, want added", l.Mark)
		}
	}

	good := resultText(p.resultLines())
	edited := p.editorText("updated")
	p.typeAtEnd("updated", "\n  bad: [unclosed")
	p.waitFor("the error diagnostic in the config", `window.__mp.errorLines("updated").length > 0`, 10*time.Second)
	var problem string
	p.eval(`document.querySelector('[data-pane="updated"] .mp-problem-error')?.textContent ?? ""`, &problem)
	if !strings.Contains(problem, "line ") || !strings.Contains(problem, "column ") {
		t.Errorf("the config's problem list says %q, want its line and column", problem)
	}
	var stale bool
	p.eval(`document.documentElement.hasAttribute("data-stale")`, &stale)
	if got := resultText(p.resultLines()); !stale || got != good {
		t.Errorf("after a broken key the result is stale %v, shows\n%s\nwant\n%s", stale, got, good)
	}
	for i := 0; i < 5 && p.editorText("updated") != edited; i++ { // undo goes back a group of keys at a time
		p.do("undoing", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	p.waitReady()

	p.typeAtEnd("updated", "\n        args: &a [x]")
	p.waitFor("a request with an anchor sent to the worker and answered", `window.__mergeplayWorkers.workerSent > `+strconv.Itoa(after)+
		` && window.__mergeplayWorkers.sentRequest.includes("&a [x]") && window.__mergeplayWorkers.answeredId === window.__mergeplayWorkers.sentId`, 10*time.Second)
	p.waitReady()
	p.expectNoProblems()
}

// TestOlderWorkerAnswerNeverDrawnLate pastes a document the worker takes a while on (anchors and
// aliases, 3 levels: aliasedWidget; its & sends it to the worker: web/inline.js) and undoes it at once: the page answers the undone state itself, in the
// key's task, while the worker still works on the pasted one; the worker's answer to it, which
// comes later, is dropped: neither the result nor the config's problems ever show the pasted
// document once the undo was typed (watched at every change), and the result left is the one
// before the paste.
func TestOlderWorkerAnswerNeverDrawnLate(t *testing.T) {
	p := openMeasured(t)
	before := resultText(p.resultLines())
	p.eval(`window.__late = ""; window.__undone = false;
	  document.addEventListener("keydown", (e) => { if (e.key === "z" && e.ctrlKey) window.__undone = true; }, { capture: true });
	  new MutationObserver(() => {
	    if (window.__undone && document.querySelector("#mp-workspace").textContent.includes("aliased")) window.__late = document.querySelector("#result").textContent.slice(0, 200);
	  }).observe(document.querySelector("#mp-workspace"), { subtree: true, childList: true, characterData: true }); 0`, nil)
	var workerAnswered int
	p.eval(`window.__mergeplayWorkers.workerAnswered`, &workerAnswered)
	p.typeAtEnd("updated", "\n---\n"+aliasedWidget("aliased", "v", 3))
	p.do("undoing the paste", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitFor("the pasted state's request answered by the worker", `window.__mergeplayWorkers.workerAnswered > `+strconv.Itoa(workerAnswered), 60*time.Second)
	time.Sleep(300 * time.Millisecond) // a late drawing would have come by now
	var late string
	p.eval(`window.__late`, &late)
	if late != "" {
		t.Fatalf("the worker's answer to the pasted state was drawn after the undone state's: %q", late)
	}
	p.waitReady()
	if strings.Contains(p.editorText("updated"), "aliased") {
		t.Fatal("the undo did not take the pasted document out")
	}
	if got := resultText(p.resultLines()); got != before {
		t.Errorf("the result after the undo is\n%s\nwant\n%s", got, before)
	}
	p.expectNoProblems()
}
