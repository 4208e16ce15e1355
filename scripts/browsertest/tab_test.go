package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// tabTimeout bounds everything one tab does.
const tabTimeout = 90 * time.Second

// probe runs in every document before the page's scripts (it is injected through the DevTools
// protocol, so the page's CSP does not apply to it). It records when <html> gets data-ready
// (performance.now(), so milliseconds since navigation started), when the page created its
// worker and when the worker said the wasm was ready, how many times <html> became data-stale, the errors of the page's workers, which the page target's console does not see,
// and every CSP violation.
const probe = `(() => {
  const probe = { readyAt: null, workerAt: null, engineReadyAt: null, staleCount: 0, errors: [] };
  Object.defineProperty(window, "__mergeplayProbe", { value: probe });
  new MutationObserver((records) => {
    const root = document.documentElement;
    if (probe.readyAt === null && root?.hasAttribute("data-ready")) probe.readyAt = performance.now();
    for (const r of records) if (r.target === root && r.attributeName === "data-stale" && r.oldValue === null && root.hasAttribute("data-stale")) probe.staleCount++;
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["data-ready", "data-stale"] });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      if (probe.workerAt === null) probe.workerAt = performance.now();
      this.addEventListener("message", (e) => {
        if (probe.engineReadyAt === null && e.data && e.data.type === "ready") probe.engineReadyAt = performance.now();
      });
      this.addEventListener("error", (e) => probe.errors.push("worker error: " + (e.message || e.type) + " at " + (e.filename || "?") + ":" + (e.lineno || 0)));
      this.addEventListener("messageerror", () => probe.errors.push("worker messageerror"));
    }
  };
  document.addEventListener("securitypolicyviolation", (e) => probe.errors.push("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " (" + (e.sourceFile || "") + ":" + e.lineNumber + ")"));
})();`

// tab is one browser tab, in a browser context of its own (its own storage and cache), that
// records its console and fails the test on any dialog.
type tab struct {
	t   testing.TB
	h   *harness
	ctx context.Context

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
	dialogs []string

	closeOnce sync.Once
	cancel    func()
}

// openTab opens a tab of the given viewport size.
func openTab(t testing.TB, h *harness, width, height int64) *tab {
	t.Helper()
	return openTabWithin(t, h, width, height, tabTimeout)
}

// openTabWithin opens a tab whose work is bounded by timeout instead of tabTimeout (axe-core
// takes tens of seconds on a large view on a loaded machine).
func openTabWithin(t testing.TB, h *harness, width, height int64, timeout time.Duration) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(h.browser, chromedp.WithNewBrowserContext())
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	p := &tab{t: t, h: h, ctx: ctx, cancel: func() { cancelTimeout(); cancel() }}
	t.Cleanup(p.close)
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m)
			p.mu.Unlock()
		}
	}()
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.dialogs = append(p.dialogs, fmt.Sprintf("%s(%q)", ev.Type, ev.Message))
			p.mu.Unlock()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	install := chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return err
	})
	if err := chromedp.Do(ctx, install, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return p
}

// close checks the dialogs and the CSP violations and closes the tab; the test's cleanup calls
// it too.
func (p *tab) close() {
	p.closeOnce.Do(func() {
		p.checkDialogs()
		p.checkPolicy()
		p.cancel()
	})
}

// checkPolicy fails the test when the page broke its Content Security Policy in anything the
// test made it do: Chromium logs each violation to the console (source "security"), whether the
// page's script, CodeMirror or the browser's own editing wrote the inline style or script.
func (p *tab) checkPolicy() {
	p.mu.Lock()
	defer p.mu.Unlock()
	var violations []string
	for _, m := range p.console {
		if m.Source == "security" || strings.Contains(m.Text, "Content Security Policy") {
			violations = append(violations, fmt.Sprintf("%.200s", m.Text))
		}
	}
	if len(violations) > 0 {
		p.t.Errorf("the page broke its Content Security Policy (%d times):\n  %s", len(violations), strings.Join(violations, "\n  "))
	}
}

// checkDialogs fails the test when the page opened any dialog (alert, confirm, prompt).
func (p *tab) checkDialogs() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.dialogs) > 0 {
		p.t.Errorf("the page opened dialogs: %s", strings.Join(p.dialogs, ", "))
	}
}

// do runs actions, failing the test on error.
func (p *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v%s", what, err, p.consoleSummary())
	}
}

// navigate loads a path of the served page and waits for its load event.
func (p *tab) navigate(path string) {
	p.t.Helper()
	p.do("navigating to "+path, chromedp.Navigate(p.h.url(path)))
}

// eval evaluates a JavaScript expression (promises awaited) into out.
func (p *tab) eval(expression string, out any) {
	p.t.Helper()
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]byte](expression, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v%s", abbreviate(expression), err, p.consoleSummary())
	}
	if out == nil {
		return
	}
	if err := json.Unmarshal(raw, out); err != nil {
		p.t.Fatalf("evaluating %s: decoding %s: %v", abbreviate(expression), raw, err)
	}
}

// waitFor polls a JavaScript predicate until it is true.
func (p *tab) waitFor(what, predicate string, timeout time.Duration) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(10*time.Millisecond)))
	if err != nil {
		p.t.Fatalf("waiting for %s: %v%s", what, err, p.consoleSummary())
	}
}

// poll reports whether a JavaScript predicate becomes true within timeout.
func (p *tab) poll(predicate string, timeout time.Duration) bool {
	_, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(10*time.Millisecond)))
	return err == nil
}

// readyWithin bounds waitReady: a page answers in under a second on a quiet 2-core machine, but a
// run beside other work (load 20 on 2 cores, observed) took over 30 s to compile the wasm and
// answer; the wait is only an upper bound, so it is generous.
const readyWithin = 75 * time.Second

// waitReady waits until the wasm has answered and a fresh result is shown, and the editors are
// CodeMirror views (each starts as a preview of its text, built once the first answer is drawn:
// web/editors.js).
func (p *tab) waitReady() {
	p.t.Helper()
	p.waitFor("data-ready without data-stale, the editors built",
		`document.documentElement.hasAttribute("data-ready") && !document.documentElement.hasAttribute("data-stale") && !document.querySelector(".mp-preview")`, readyWithin)
}

// problems returns the console's errors and exceptions and the probe's records.
func (p *tab) problems() []string {
	p.t.Helper()
	var probed []string
	p.eval(`window.__mergeplayProbe ? window.__mergeplayProbe.errors : ["the probe did not run"]`, &probed)
	p.mu.Lock()
	defer p.mu.Unlock()
	out := probed
	for _, m := range p.console {
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
			out = append(out, fmt.Sprintf("%s (%s:%d)", m, m.URL, m.Line+1))
		}
	}
	return out
}

// expectNoProblems fails the test on any console error, exception, worker error or CSP
// violation so far.
func (p *tab) expectNoProblems() {
	p.t.Helper()
	if problems := p.problems(); len(problems) > 0 {
		p.t.Errorf("the page reported problems:\n  %s", strings.Join(problems, "\n  "))
	}
}

// consoleSummary lists the console so far, for failure messages.
func (p *tab) consoleSummary() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.console) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nconsole:")
	for _, m := range p.console {
		fmt.Fprintf(&b, "\n  %s", m)
	}
	return b.String()
}

func abbreviate(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// js quotes a Go string as a JavaScript string literal.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
