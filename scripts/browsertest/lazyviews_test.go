package browsertest

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

// heldViews serves the harness's build with the page's second bundle (views.*.js: CodeMirror's
// views) held back until release is called, and counts the requests for it.
type heldViews struct {
	next    http.Handler
	gate    chan struct{}
	release func()
	mu      sync.Mutex
	asked   int
}

func (s *heldViews) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/views.") {
		s.mu.Lock()
		s.asked++
		s.mu.Unlock()
		<-s.gate
	}
	s.next.ServeHTTP(w, r)
}

func (s *heldViews) requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.asked
}

// openWithViewsHeld opens the default example in a tab whose second bundle is held back
// (serveHeldViews) and waits for its first answer.
func openWithViewsHeld(t *testing.T) (*heldViews, *tab) {
	t.Helper()
	h := setup(t)
	held, url := serveHeldViews(t, h)
	p := openTab(t, h, 1280, 1000)
	p.do("loading the page", chromedp.Navigate(url+"/#example=apply-containers"))
	p.waitFor("the first answer, the views held back", `document.documentElement.hasAttribute("data-ready")`, readyWithin)
	return held, p
}

// serveHeldViews serves the build on a server of its own whose second bundle waits for release.
func serveHeldViews(t *testing.T, h *harness) (*heldViews, string) {
	t.Helper()
	handler, err := server.New(h.distDir)
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	held := &heldViews{next: handler, gate: gate, release: sync.OnceFunc(func() { close(gate) })}
	srv := httptest.NewServer(held)
	t.Cleanup(srv.Close)
	t.Cleanup(held.release) // before the server closes: a held request would keep it open
	return held, srv.URL
}

// clickPreviewAt presses the updated editor's preview at a line (1-based) and column (0-based): the
// left edge of that character, as a reader's click before it puts the caret there.
func (p *tab) clickPreviewAt(line, column int) {
	p.t.Helper()
	var at struct{ X, Y float64 }
	p.eval(`(() => {
	  const el = document.querySelectorAll('[data-input="updated"] .mp-preview-lines > div')[`+strconv.Itoa(line-1)+`];
	  el.scrollIntoView({ block: "center" });
	  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
	  let left = `+strconv.Itoa(column)+`;
	  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
	    if (left < t.data.length) {
	      const r = document.createRange();
	      r.setStart(t, left); r.setEnd(t, left + 1);
	      const box = r.getBoundingClientRect();
	      return { X: box.left + 1, Y: box.top + box.height / 2 };
	    }
	    left -= t.data.length;
	  }
	  throw new Error("the line is shorter than the column");
	})()`, &at)
	p.do("clicking the preview", chromedp.MouseClickXY(at.X, at.Y))
}

// TestKeysTypedBeforeTheViewsArrive: CodeMirror's views come in the page's second bundle, after
// the first answer. A reader who clicks into an editor's preview and types before it arrives (its
// response held back here) loses nothing: once the view is built, the keys are in the text, in
// the order typed, at the caret where the click put it, and the preview never changed its text
// meanwhile; the view has the focus and the caret after the typed text, so typing goes on there.
func TestKeysTypedBeforeTheViewsArrive(t *testing.T) {
	held, p := openWithViewsHeld(t)
	for deadline := time.Now().Add(10 * time.Second); held.requests() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the page never asked for its second bundle after its first answer")
		}
	}
	var before string
	p.eval(`[...document.querySelectorAll('[data-input="updated"] .mp-preview-lines > div')].map((l) => l.textContent).join("\n")`, &before)
	lines := strings.Split(before, "\n")
	const line, prefix = 14, "        image: nginx:" // the first container's image: typing goes before its tag
	if len(lines) < line || !strings.HasPrefix(lines[line-1], prefix) {
		t.Fatalf("the example's config changed: %q", before)
	}

	p.clickPreviewAt(line, len(prefix))
	// Real key events, each a keydown (and its character) the preview keeps: letters, a Backspace,
	// an arrow, a shifted letter, a space.
	p.do("typing before the views arrive", chromedp.KeyEvent("xy"), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent("ab"),
		chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent("C d"))
	var still struct {
		Preview bool
		Text    string
	}
	p.eval(`({ Preview: Boolean(document.querySelector('[data-input="updated"] .mp-preview')),
	  Text: [...document.querySelectorAll('[data-input="updated"] .mp-preview-lines > div')].map((l) => l.textContent).join("\n") })`, &still)
	if !still.Preview || held.requests() == 0 {
		t.Fatalf("the view was built before its bundle came (preview shown %v, bundle asked for %d times)", still.Preview, held.requests())
	}
	if still.Text != before {
		t.Fatalf("the preview changed its text while the views were held:\n%s", still.Text)
	}

	held.release()
	p.waitReady()
	typed := func(s string) string {
		l := slices.Clone(lines)
		l[line-1] = prefix + s + strings.TrimPrefix(lines[line-1], prefix)
		return strings.Join(l, "\n")
	}
	if got, want := p.editorText("updated"), typed("xaC db"); got != want {
		t.Fatalf("the config after the views came:\n%s\nwant:\n%s", got, want)
	}
	p.do("typing on in the view", chromedp.KeyEvent("!"))
	p.waitFor("the key in the view", `window.__mp.text("updated") === `+js(typed("xaC d!b")), 5*time.Second)
	p.waitFor("the typed text in the result", `document.querySelector("#result").textContent.includes("nginx:xaC d!b1.10")`, 10*time.Second)
	p.expectNoProblems()
}

// TestKeyboardBeforeTheViewsArrive: a keyboard reader who goes to the result and then to an
// editor before the second bundle arrives (its response held back) loses nothing either: n in
// the result's preview jumps to the next change once the result's view is built, as n in the
// view does; Ctrl+End and keys typed into live's preview, which had the keyboard focus, are in
// live's text; and the focus stays in live, where the reader went last.
func TestKeyboardBeforeTheViewsArrive(t *testing.T) {
	held, p := openWithViewsHeld(t)
	var before string
	p.eval(`[...document.querySelectorAll('[data-input="live"] .mp-preview-lines > div')].map((l) => l.textContent).join("\n")`, &before)

	focus := func(selector string) {
		p.eval(`document.querySelector(`+js(selector+" .mp-preview")+`).focus()`, nil)
	}
	focus("#result")
	p.do("n in the result's preview", chromedp.KeyEvent("n"))
	focus(`[data-input="live"]`)
	p.do("typing at live's end", chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent("#k"))
	if held.requests() == 0 {
		t.Fatal("the page never asked for its second bundle")
	}
	var preview bool
	p.eval(`Boolean(document.querySelector('[data-input="live"] .mp-preview'))`, &preview)
	if !preview {
		t.Fatal("live's view was built before its bundle came")
	}

	held.release()
	p.waitReady()
	if got := p.editorText("live"); got != before+"#k" {
		t.Errorf("live after the views came:\n%s\nwant:\n%s", got, before+"#k")
	}
	var focused bool
	p.eval(`document.activeElement?.closest('[data-input="live"] .cm-content') !== null`, &focused)
	if !focused {
		t.Error("the focus left live's editor")
	}
	p.eval(helpers, nil)
	p.eval(modeHelpers, nil)
	jumped := p.cursorLine()
	p.eval(`window.__mp.cursorTo(1)`, nil)
	p.press("n")
	if want := p.cursorLine(); jumped != want || want <= 1 {
		t.Errorf("n before the result's view put its cursor on line %d; n in the view goes to line %d", jumped, want)
	}
	p.expectNoProblems()
}
