package browsertest

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSmallEditsAnsweredInThePage types into the default example once the engine's instance in
// the page is in place: each key is answered on the page's thread (no request to the worker),
// the result shows what was typed, marked; a key typed into the config that breaks it shows the
// error in the config's editor with its line and keeps the last good result, stale; and an
// input with an anchor goes to the worker (its cost is not bounded by its length).
func TestSmallEditsAnsweredInThePage(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.addScript(workerCounter)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	p.waitFor("the engine's instance in the page warmed up", `window.__mergeplayWorkers.inline >= 1`, 30*time.Second)
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
