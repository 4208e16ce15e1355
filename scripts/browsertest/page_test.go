package browsertest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// helpers defines window.__mp in the page: reading an editor's exact text and every line of the
// result pane. CodeMirror renders only the lines near the viewport, so resultLines scrolls the
// view line by line until each has been seen. The editor's view is found as
// EditorView.findFromDOM finds it (contentDOM.cmTile.root.view).
const helpers = `(() => {
  if (window.__mp) return;
  const viewOf = (selector) => {
    const content = document.querySelector(selector + " .cm-content");
    const tile = content && (content.cmTile || content.cmView);
    return (tile && tile.root && tile.root.view) || null;
  };
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  window.__mp = {
    view: viewOf,
    text(inputName) {
      const view = viewOf('[data-input="' + inputName + '"]');
      if (!view) throw new Error("no editor view for input " + inputName);
      return view.state.doc.toString();
    },
    async resultLines() {
      const view = viewOf("#result");
      if (!view) throw new Error("no CodeMirror view in #result");
      const doc = view.state.doc, seen = new Map();
      const collect = () => {
        // The mark gutter's elements by the line of the block they stand beside ("" when it
        // shows no symbol); a line without one (folded away) is left unchecked (null).
        const symbols = new Map();
        for (const g of view.dom.querySelectorAll(".mp-mark-gutter .cm-gutterElement")) {
          const rect = g.getBoundingClientRect();
          if (!rect.height) continue;
          const block = view.lineBlockAtHeight(rect.top + rect.height / 2 - view.documentTop);
          const mark = g.querySelector(".mp-gutter-mark")?.className.match(/mp-mark-(\w+)/)?.[1];
          symbols.set(doc.lineAt(block.from).number, mark ?? "");
        }
        for (const el of view.contentDOM.querySelectorAll(".cm-line")) {
          const n = doc.lineAt(view.posAtDOM(el)).number;
          seen.set(n, {
            gutterMark: symbols.has(n) ? symbols.get(n) : (seen.get(n)?.gutterMark ?? null),
            mark: el.getAttribute("data-mark"),
            deleted: el.classList.contains("mp-deleted"),
            dropped: el.classList.contains("mp-dropped"),
            text: el.querySelector(".cm-placeholder") ? "" : el.textContent,
          });
        }
      };
      collect();
      for (let n = 1; n <= doc.lines; n++) {
        if (seen.has(n)) continue;
        view.dispatch({ effects: view.constructor.scrollIntoView(doc.line(n).from, { y: "start" }) });
        await frames();
        collect();
        if (!seen.has(n)) throw new Error("line " + n + " of the result never rendered");
      }
      return [...seen.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    },
    // The lines (1-based) of an editor's error diagnostics.
    errorLines(inputName) {
      const view = viewOf('[data-input="' + inputName + '"]');
      if (!view) return [];
      const els = view.contentDOM.querySelectorAll(".cm-lintRange-error, .cm-lintPoint-error");
      return [...new Set([...els].map((el) => view.state.doc.lineAt(view.posAtDOM(el)).number))];
    },
  };
})()`

// shownLine is one line of the result pane as the page renders it.
type shownLine struct {
	Mark string `json:"mark"`
	// GutterMark: the mark of the gutter's symbol beside the line ("" for none; nil when no
	// gutter element stands beside it: a line folded away).
	GutterMark *string `json:"gutterMark"`
	Deleted    bool    `json:"deleted"`
	// Dropped: a struck line of a dropped item, drawn from updated.
	Dropped bool   `json:"dropped"`
	Text    string `json:"text"`
}

// resultLines returns every line of the result pane.
func (p *tab) resultLines() []shownLine {
	p.t.Helper()
	p.eval(helpers, nil)
	var lines []shownLine
	p.eval(`window.__mp.resultLines()`, &lines)
	for i, l := range lines {
		if want := strings.TrimPrefix(l.Mark, "none"); l.GutterMark != nil && *l.GutterMark != want {
			p.t.Errorf("result line %d (%q, marked %q) has the gutter symbol of %q", i+1, l.Text, l.Mark, *l.GutterMark)
		}
	}
	return lines
}

// editorText returns the exact text of an input's editor.
func (p *tab) editorText(inputName string) string {
	p.t.Helper()
	p.eval(helpers, nil)
	var text string
	p.eval(`window.__mp.text(`+js(inputName)+`)`, &text)
	return text
}

// typeAtEnd types text at the end of an input's editor as a reader would: click into it, Ctrl+End,
// then text input (Input.insertText, the path an IME or a paste of one line takes).
func (p *tab) typeAtEnd(inputName, text string) {
	p.t.Helper()
	// The scroller, not the content: the content's middle may be scrolled out of the editor's
	// view, and a click there lands on whatever is drawn at that point.
	scroller := chromedp.CSS(`[data-input="` + inputName + `"] .cm-scroller`)
	insert := chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
	p.do("typing into "+inputName,
		chromedp.ScrollIntoView(scroller),
		chromedp.Click(scroller),
		chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		insert,
	)
}

// hash returns location.hash.
func (p *tab) hash() string {
	p.t.Helper()
	var h string
	p.eval(`location.hash`, &h)
	return h
}

// TestTypingUpdatesTheResult types a field into the config and waits for it to show, marked.
func TestTypingUpdatesTheResult(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	before := p.editorText("updated")
	if !strings.HasSuffix(before, "image: helper:1.3\n") {
		t.Fatalf("the example's config changed: %q", before)
	}
	p.typeAtEnd("updated", "        imagePullPolicy: Always")
	if got := p.editorText("updated"); got != before+"        imagePullPolicy: Always" {
		t.Fatalf("the editor holds %q", got)
	}
	p.waitFor("the typed field in the result", `document.querySelector("#result").textContent.includes("imagePullPolicy: Always")`, 10*time.Second)
	p.waitReady()
	found := false
	for _, l := range p.resultLines() {
		if strings.Contains(l.Text, "imagePullPolicy: Always") {
			found = true
			if l.Mark != "added" {
				t.Errorf("the typed field is marked %q, want added", l.Mark)
			}
		}
	}
	if !found {
		t.Error("the typed field is not in the result pane")
	}
	p.waitFor("a share link in the address bar", `location.hash.startsWith("#s=")`, 5*time.Second)
	p.expectNoProblems()
}

// TestInvalidYAMLKeepsTheStaleResult breaks live and expects the error at the line the engine
// reports, in the live editor only, with the last good result kept and marked stale; undo brings
// a fresh result back.
func TestInvalidYAMLKeepsTheStaleResult(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	good := resultText(p.resultLines())

	p.typeAtEnd("live", "  bad: [unclosed")
	p.waitFor("data-stale", `document.documentElement.hasAttribute("data-stale")`, 10*time.Second)
	live := p.editorText("live")
	resp := answer(t, requestOf(t, "apply-containers", func(r *contract.Request) { r.Live = live }))
	if len(resp.Errors) == 0 || resp.Errors[0].Input != "live" || resp.Errors[0].Line == 0 {
		t.Fatalf("the engine does not locate the error in live: %+v", resp.Errors)
	}
	want := resp.Errors[0].Line
	p.waitFor("the error diagnostic in live", `window.__mp.errorLines("live").length > 0`, 10*time.Second)
	var lines map[string][]int
	p.eval(`({original: window.__mp.errorLines("original"), updated: window.__mp.errorLines("updated"), live: window.__mp.errorLines("live")})`, &lines)
	if len(lines["original"])+len(lines["updated"]) > 0 || len(lines["live"]) != 1 || lines["live"][0] != want {
		t.Errorf("error diagnostics at %v, want live line %d only", lines, want)
	}
	var problem string
	p.eval(`document.querySelector('[data-pane="live"] .mp-problem-error')?.textContent ?? ""`, &problem)
	if !strings.Contains(problem, fmt.Sprintf("line %d", want)) {
		t.Errorf("the live pane's problem list says %q, want line %d", problem, want)
	}
	if got := resultText(p.resultLines()); got != good {
		t.Errorf("the stale result changed:\n%s\nwant\n%s", got, good)
	}

	p.do("undoing", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitReady()
	if got := resultText(p.resultLines()); got != good {
		t.Errorf("after undo the result is\n%s\nwant\n%s", got, good)
	}
	p.expectNoProblems()
}

// resultText joins the result pane's lines that are in the result (deleted ones left out).
func resultText(lines []shownLine) string {
	var out []string
	for _, l := range lines {
		if !l.Deleted {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}
