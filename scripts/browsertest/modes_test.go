package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// The modes' own views: server-side apply (options, folded managedFields, conflicts with both
// values, the Ownership tab), Helm 2 (out-of-sync warnings on their lines, the two results side
// by side, the repair patch and its command), kubectl patch (marks, a directive error on the
// patch's line) and merge3 (labels, options, examples, and the mode switch re-merging the same
// inputs under apply).

// modeHelpers adds to window.__mp (page_test.go) what these tests read: the result view's cursor
// line, its folded lines, and the rows of the Ownership and Helm 2 | Helm 3 views.
const modeHelpers = `(() => {
  if (window.__mp.cursorLine) return;
  const result = () => window.__mp.view("#result");
  Object.assign(window.__mp, {
    cursorLine() {
      const v = result();
      return v.state.doc.lineAt(v.state.selection.main.head).number;
    },
    resultFocused: () => result().hasFocus,
    // Puts the result's cursor on a line and focuses it.
    cursorTo(n) {
      const v = result();
      v.dispatch({ selection: { anchor: v.state.doc.line(n).from }, scrollIntoView: true });
      v.focus();
    },
    folds() {
      const v = result();
      const lineOf = (el) => v.state.doc.lineAt(v.posAtDOM(el)).number;
      const hidden = [...v.contentDOM.querySelectorAll(".cm-line.mp-folded")];
      const starts = [...v.contentDOM.querySelectorAll(".cm-line.mp-fold-start")];
      return {
        hidden: hidden.map(lineOf),
        visible: hidden.filter((el) => el.getClientRects().length > 0).length,
        starts: starts.map((el) => ({ line: lineOf(el), text: el.textContent, marker: el.querySelector(".mp-fold-marker")?.dataset.label ?? "" })),
        bar: document.querySelector(".mp-fold-bar")?.hidden ? "" : document.querySelector(".mp-fold-bar")?.textContent ?? "",
      };
    },
    tabs: () => [...document.querySelectorAll('[role="tab"]')].map((b) => b.textContent.trim()),
    selectedTab: () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent.trim() ?? "",
    ownerRows: () => [...document.querySelectorAll(".mp-owner-row")].map((r) => ({
      line: Number(r.dataset.line),
      owners: [...r.querySelectorAll(".mp-owner")].map((e) => e.textContent),
      who: r.querySelector(".mp-owner-who").textContent,
      text: r.querySelector(".mp-owner-text").textContent,
    })),
    sideRows: () => [...document.querySelectorAll(".mp-sbs-row")].map((r) => {
      const cells = r.querySelectorAll("td");
      return {
        kind: r.className.replace(/.*mp-sbs-(same|changed|left|right).*/, "$1"),
        mark: cells[0].textContent,
        leftLine: cells[1].textContent, left: cells[2].firstChild && cells[2].firstChild.nodeType === 3 ? cells[2].firstChild.textContent : "",
        warned: !!cells[2].querySelector(".mp-sbs-warn"),
        rightLine: cells[3].textContent, right: cells[4].textContent,
      };
    }),
  });
})()`

// modeTab opens a tab with the page's helpers and this file's.
func modeTab(t *testing.T, h *harness, path string) *tab {
	t.Helper()
	p := openTab(t, h, 1440, 900)
	p.navigate(path)
	p.waitReady()
	p.eval(helpers, nil)
	p.eval(modeHelpers, nil)
	return p
}

// exampleNamed returns one of the repository's examples.
func exampleNamed(t testing.TB, name string) *examples.Example {
	t.Helper()
	for _, ex := range allExamples(t) {
		if ex.Name == name {
			return ex
		}
	}
	t.Fatalf("no example %s", name)
	return nil
}

// extraOf decodes one key of a response's extra.
func extraOf(t testing.TB, resp *contract.Response, key string, out any) {
	t.Helper()
	data, err := json.Marshal(resp.Extra[key])
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("extra.%s: %v", key, err)
	}
}

// typeInto replaces the text of an input control as a reader does: click, select all, type.
func (p *tab) typeInto(selector, text string) {
	p.t.Helper()
	insert := chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
	p.do("typing into "+selector,
		chromedp.Click(chromedp.CSS(selector)),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		insert,
	)
}

// choose picks an option of a <select> as a reader does (its change event fires).
func (p *tab) choose(selector, value string) {
	p.t.Helper()
	p.eval(`(() => { const s = document.querySelector(`+js(selector)+`); s.value = `+js(value)+`; s.dispatchEvent(new Event("change", { bubbles: true })); })()`, nil)
}

// press sends a key to the focused element and lets the page draw (and CodeMirror measure) what
// it did.
func (p *tab) press(key string) {
	p.t.Helper()
	p.do("pressing "+key, chromedp.KeyEvent(key))
	p.eval(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, nil)
}

// waitAnswer waits for the answer to a change: the result goes stale, then fresh again.
func (p *tab) waitAnswer(staleBefore int) {
	p.t.Helper()
	p.waitFor("a new answer", fmt.Sprintf(`window.__mergeplayProbe.staleCount > %d`, staleBefore), 10*time.Second)
	p.waitReady()
}

// staleCount reads how many times the page went stale so far.
func (p *tab) staleCount() int {
	p.t.Helper()
	var n int
	p.eval(`window.__mergeplayProbe.staleCount`, &n)
	return n
}

// screenshot writes a PNG of the tab to dir/name.
func (p *tab) screenshot(dir, name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		p.t.Fatal("the screenshot is not a PNG")
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("wrote %s (%d bytes)", file, len(png))
}

// paneLabels returns each input pane's heading, "" for a hidden pane.
func (p *tab) paneLabels() map[string]string {
	p.t.Helper()
	var labels map[string]string
	p.eval(`Object.fromEntries(["original", "updated", "live"].map((i) => { const pane = document.querySelector('[data-pane="' + i + '"]'); return [i, pane.hidden ? "" : pane.querySelector("h2 .mp-role").textContent]; }))`, &labels)
	return labels
}

// optionControls lists the ids of the options bar's controls.
func (p *tab) optionControls() []string {
	p.t.Helper()
	var ids []string
	p.eval(`[...document.querySelectorAll(".mp-options input, .mp-options select")].map((e) => e.id)`, &ids)
	return ids
}

func expectStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%s: %q, want %q", what, got, want)
	}
}

// TestSSAModeViews: the server-side apply mode with its manager, operation and force options;
// managedFields folded in the result with every other line's mark right, skipped by the cursor
// and opened by Enter or the toggle; the Ownership tab against extra.owners; the conflicts panel
// with manager, path and both values; and force, operation and manager re-merging as the engine
// answers natively.
func TestSSAModeViews(t *testing.T) {
	h := setup(t)

	t.Run("forced apply", func(t *testing.T) {
		ex := exampleNamed(t, "ssa-autoscaler-force")
		resp := answer(t, ex.Request)
		p := modeTab(t, h, "/#example=ssa-autoscaler-force")
		if got := p.paneLabels(); got["original"] != "" || got["updated"] != "applied config" || got["live"] != "live object" {
			t.Errorf("input labels %v", got)
		}
		expectStrings(t, "options", p.optionControls(), []string{"mp-option-manager", "mp-option-operation", "mp-option-force", "mp-option-now"})
		var opts struct {
			Manager, Operation string
			Force              bool
		}
		p.eval(`({manager: document.querySelector("#mp-option-manager").value, operation: document.querySelector("#mp-option-operation").value, force: document.querySelector("#mp-option-force").checked})`, &opts)
		if opts.Manager != "kubectl" || opts.Operation != "apply" || !opts.Force {
			t.Errorf("options shown %+v, want manager kubectl, operation apply, force", opts)
		}
		expectStrings(t, "tabs", p.tabsShown(), []string{"Result", "Patch", "Diff", "Explain", "Ownership"})

		// Folded, and every line (the hidden ones too) keeps the engine's marks.
		checkMarks(t, ex, resp, p.resultLines())
		var mf contract.Field
		for _, f := range resp.Fields {
			if f.Path == ".metadata.managedFields" {
				mf = f
			}
		}
		if mf.Line == 0 || mf.EndLine <= mf.Line {
			t.Fatalf("the engine marks no managedFields block: %+v", mf)
		}
		folds := p.folds()
		if len(folds.Starts) != 1 || folds.Starts[0].Line != mf.Line || folds.Starts[0].Text != "  managedFields:" {
			t.Errorf("fold starts %+v, want line %d", folds.Starts, mf.Line)
		}
		if len(folds.Hidden) != mf.EndLine-mf.Line || folds.Hidden[0] != mf.Line+1 || folds.Visible != 0 {
			t.Errorf("hidden lines %v (%d on screen), want %d–%d hidden", folds.Hidden, folds.Visible, mf.Line+1, mf.EndLine)
		}
		if want := fmt.Sprintf("%d lines folded", mf.EndLine-mf.Line); !strings.Contains(folds.Starts[0].Marker, want) || !strings.Contains(folds.Bar, "managedFields folded") {
			t.Errorf("fold marker %q and bar %q, want %q", folds.Starts[0].Marker, folds.Bar, want)
		}

		// The cursor skips the hidden lines; Enter on the key's line opens and closes them.
		p.eval(`window.__mp.cursorTo(`+fmt.Sprint(mf.Line)+`)`, nil)
		p.press(kb.ArrowDown)
		if got := p.cursorLine(); got != mf.EndLine+1 {
			t.Errorf("ArrowDown from managedFields went to line %d, want %d", got, mf.EndLine+1)
		}
		p.press(kb.ArrowUp)
		if got := p.cursorLine(); got != mf.Line {
			t.Errorf("ArrowUp came back to line %d, want %d", got, mf.Line)
		}
		p.press(kb.Enter)
		if f := p.folds(); len(f.Hidden) != 0 || !strings.Contains(f.Bar, "shown") {
			t.Errorf("Enter did not open the fold: %+v", f)
		}
		p.press(kb.ArrowDown)
		if got := p.cursorLine(); got != mf.Line+1 {
			t.Errorf("with the fold open, ArrowDown went to line %d, want %d", got, mf.Line+1)
		}
		p.press(kb.ArrowUp)
		p.press(kb.Enter)
		if f := p.folds(); len(f.Hidden) != mf.EndLine-mf.Line {
			t.Errorf("Enter did not close the fold again: %+v", f)
		}
		p.do("opening the fold with its toggle", chromedp.Click(chromedp.CSS(".mp-fold-toggle")))
		if f := p.folds(); len(f.Hidden) != 0 {
			t.Errorf("the toggle did not open the fold: %+v", f)
		}
		checkMarks(t, ex, resp, p.resultLines())
		p.do("closing it", chromedp.Click(chromedp.CSS(".mp-fold-toggle")))
		if f := p.folds(); len(f.Hidden) != mf.EndLine-mf.Line {
			t.Errorf("the toggle did not close the fold: %+v", f)
		}

		// Ownership: every line of the result with extra.owners' managers.
		clickTab(p, "Ownership")
		var owners []struct {
			Line     int
			Path     string
			Managers []string
		}
		extraOf(t, resp, "owners", &owners)
		rows := p.ownerRows()
		if want := strings.Count(resp.Result, "\n") - (mf.EndLine - mf.Line); len(rows) != want {
			t.Errorf("%d ownership rows, want %d (the result's lines, managedFields folded)", len(rows), want)
		}
		byLine := map[int][]string{}
		for _, r := range rows {
			byLine[r.Line] = r.Owners
		}
		lines := strings.Split(resp.Result, "\n")
		for _, o := range owners {
			got, ok := byLine[o.Line]
			if !ok {
				t.Errorf("no ownership row for line %d (%s)", o.Line, o.Path)
				continue
			}
			for _, m := range o.Managers {
				if !strings.Contains(strings.Join(got, "|"), m) {
					t.Errorf("line %d %q: owners %v, want %s (%s)", o.Line, lines[o.Line-1], got, m, o.Path)
				}
			}
		}
		for _, r := range rows {
			if r.Text != lines[r.Line-1] {
				t.Errorf("ownership row %d shows %q, the result has %q", r.Line, r.Text, lines[r.Line-1])
			}
			if strings.TrimSpace(r.Text) == "replicas: 3" && strings.Join(r.Owners, ",") != "kubectl" {
				t.Errorf("replicas is owned by %v, want kubectl (forced)", r.Owners)
			}
		}
		var view string
		p.eval(`document.querySelector(".mp-ownership-view").textContent`, &view)
		for _, want := range []string{"kubectl", "Apply apps/v1 · 2026-01-01T00:00:00Z", "Forced: taken over from kube-controller-manager (update, scale): .spec.replicas."} {
			if !strings.Contains(view, want) {
				t.Errorf("the Ownership view does not say %q", want)
			}
		}
		p.choose("#mp-owner-filter", "kubectl")
		kept := p.ownerRows()
		if len(kept) == 0 || len(kept) >= len(rows) {
			t.Errorf("the kubectl filter keeps %d of %d rows", len(kept), len(rows))
		}
		for _, r := range kept {
			if !strings.Contains(strings.Join(r.Owners, "|"), "kubectl") {
				t.Errorf("the kubectl filter keeps line %d owned by %v", r.Line, r.Owners)
			}
		}
		p.expectNoProblems()
	})

	t.Run("conflict, then force, operation and manager", func(t *testing.T) {
		ex := exampleNamed(t, "ssa-autoscaler-conflict")
		resp := answer(t, ex.Request)
		if len(resp.Conflicts) != 1 {
			t.Fatalf("the example answers %d conflicts", len(resp.Conflicts))
		}
		p := modeTab(t, h, "/#example=ssa-autoscaler-conflict")
		checkMarks(t, ex, resp, p.resultLines())
		var items []struct {
			Head   string
			Values [][]string
		}
		p.eval(`[...document.querySelectorAll(".mp-conflicts:not([hidden]) .mp-conflict")].map((li) => ({head: li.querySelector(".mp-conflict-head").textContent, values: [...li.querySelectorAll(".mp-conflict-value")].map((d) => [d.querySelector("dt").textContent, d.querySelector("dd").textContent])}))`, &items)
		c := resp.Conflicts[0]
		if len(items) != 1 {
			t.Fatalf("the conflicts panel lists %d conflicts, want 1", len(items))
		}
		for _, want := range []string{c.Path, "owned by " + c.Manager + " (update, scale)", fmt.Sprintf("live line %d", c.Line)} {
			if !strings.Contains(items[0].Head, want) {
				t.Errorf("the conflict says %q, want %q in it", items[0].Head, want)
			}
		}
		if got := fmt.Sprint(items[0].Values); got != "[[live, owned by kube-controller-manager (update, scale): 7] [config, applied by kubectl: 3]]" {
			t.Errorf("the conflict's values: %s", got)
		}
		// The live layout (no result) folds managedFields too.
		if f := p.folds(); len(f.Starts) != 1 || len(f.Hidden) == 0 {
			t.Errorf("live's managedFields is not folded: %+v", f)
		}
		clickTab(p, "Ownership")
		var view string
		p.eval(`document.querySelector(".mp-ownership-view").textContent`, &view)
		for _, want := range []string{"No result", "kube-controller-manager (update, scale)", "stopped on conflicts"} {
			if !strings.Contains(view, want) {
				t.Errorf("the Ownership view without a result does not say %q", want)
			}
		}
		clickTab(p, "Result")

		steps := []struct {
			name string
			act  func()
			edit func(*contract.Options)
		}{
			{"force", func() { p.do("forcing", chromedp.Click(chromedp.CSS("#mp-option-force"))) }, func(o *contract.Options) { o.Force = true }},
			{"operation update", func() { p.choose("#mp-option-operation", "update") }, func(o *contract.Options) { o.Operation = "update" }},
			{"manager", func() { p.typeInto("#mp-option-manager", "rollout-bot") }, func(o *contract.Options) { o.Manager = "rollout-bot" }},
		}
		req := *ex.Request
		for _, step := range steps {
			before := p.staleCount()
			step.act()
			step.edit(&req.Options)
			p.waitAnswer(before)
			want := answer(t, &req)
			if len(want.Errors) > 0 || want.Result == "" {
				t.Fatalf("%s: the engine answers %+v", step.name, want.Errors)
			}
			p.waitFor(step.name+": the answer's managers", `!document.documentElement.hasAttribute("data-stale")`, 5*time.Second)
			checkMarks(t, ex, want, p.resultLines())
			var conflictsShown bool
			p.eval(`!document.querySelector(".mp-conflicts").hidden`, &conflictsShown)
			if conflictsShown {
				t.Errorf("%s: the conflicts panel still shows", step.name)
			}
		}
		clickTab(p, "Ownership")
		var managers []string
		p.eval(`[...document.querySelectorAll(".mp-owner-legend .mp-owner")].map((e) => e.textContent)`, &managers)
		if !strings.Contains(strings.Join(managers, "|"), "rollout-bot (update)") {
			t.Errorf("the Ownership view's managers %v lack rollout-bot (update)", managers)
		}
		p.expectNoProblems()
	})
}

// tabsShown lists the result views' tabs.
func (p *tab) tabsShown() []string {
	p.t.Helper()
	var tabs []string
	p.eval(`window.__mp.tabs()`, &tabs)
	return tabs
}

// cursorLine returns the result cursor's line.
func (p *tab) cursorLine() int {
	p.t.Helper()
	var n int
	p.eval(`window.__mp.cursorLine()`, &n)
	return n
}

type foldsShown struct {
	Hidden  []int
	Visible int
	Starts  []struct {
		Line         int
		Text, Marker string
	}
	Bar string
}

// folds reads the result pane's folds.
func (p *tab) folds() foldsShown {
	p.t.Helper()
	var f foldsShown
	p.eval(`window.__mp.folds()`, &f)
	return f
}

type ownerRow struct {
	Line      int
	Owners    []string
	Who, Text string
}

func (p *tab) ownerRows() []ownerRow {
	p.t.Helper()
	var rows []ownerRow
	p.eval(`window.__mp.ownerRows()`, &rows)
	return rows
}

// TestTwowayModeViews: Helm 2's out-of-sync warnings (listed, linked to their line of the
// two-way result, and shown on that line), the two results side by side with the differing line
// marked, and the repair patch with its kubectl command, copied as written; hostile names stay
// text and are quoted for the shell.
func TestTwowayModeViews(t *testing.T) {
	h := setup(t)
	ex := exampleNamed(t, "twoway-kubectl-edit")
	resp := answer(t, ex.Request)
	var warnings []struct {
		Path, TwoWay, ThreeWay string
		Line                   int
	}
	extraOf(t, resp, "warnings", &warnings)
	var three struct{ Result string }
	extraOf(t, resp, "threeWay", &three)
	if len(warnings) != 1 {
		t.Fatalf("the example has %d warnings", len(warnings))
	}
	w := warnings[0]

	p := modeTab(t, h, "/#example=twoway-kubectl-edit")
	if got := p.paneLabels(); got["original"] != "previous render" || got["updated"] != "new render" || got["live"] != "live object" {
		t.Errorf("input labels %v", got)
	}
	expectStrings(t, "tabs", p.tabsShown(), []string{"Result", "Patch", "Diff", "Explain", "Helm 2 | Helm 3"})
	checkMarks(t, ex, resp, p.resultLines()) // the notes change no line's text

	// The warning: in the panel, with both values and a link to its line.
	var panel struct {
		Title, Head, Button string
		Values              [][]string
	}
	p.eval(`(() => { const s = document.querySelector(".mp-outofsync"); if (s.hidden) return {}; const li = s.querySelector(".mp-outofsync-item");
	  return {title: s.querySelector(".mp-outofsync-title").textContent, head: li.querySelector(".mp-outofsync-head").textContent, button: li.querySelector(".mp-outofsync-line").firstChild.textContent,
	    values: [...li.querySelectorAll(".mp-outofsync-values > div")].map((d) => [d.querySelector("dt").textContent, d.querySelector("dd").textContent])}; })()`, &panel)
	if panel.Title != "1 field left out of sync by the Helm 2 upgrade" || !strings.Contains(panel.Head, w.Path) || panel.Button != fmt.Sprintf("line %d", w.Line) {
		t.Errorf("the out-of-sync panel: %+v", panel)
	}
	if got := fmt.Sprint(panel.Values); got != fmt.Sprint([][]string{{"Helm 2 leaves:", w.TwoWay}, {"Helm 3 sets:", w.ThreeWay}}) {
		t.Errorf("the warning's values: %s", got)
	}
	// On its line of the result.
	var onLine struct {
		Text, Note string
		Class      bool
	}
	p.eval(`(() => { const v = window.__mp.view("#result"); const el = [...v.contentDOM.querySelectorAll(".cm-line")].find((l) => v.state.doc.lineAt(v.posAtDOM(l)).number === `+fmt.Sprint(w.Line)+`);
	  return {text: el.textContent, note: el.querySelector(".mp-line-note")?.dataset.note ?? "", class: el.classList.contains("mp-has-warning")}; })()`, &onLine)
	lines := strings.Split(resp.Result, "\n")
	if onLine.Text != lines[w.Line-1] || !onLine.Class || !strings.Contains(onLine.Note, "out of sync") || !strings.Contains(onLine.Note, w.ThreeWay) {
		t.Errorf("result line %d: %+v", w.Line, onLine)
	}
	// The link: from another tab, back to the Result tab with that line focused.
	clickTab(p, "Explain")
	p.do("following the warning's link", chromedp.Click(chromedp.CSS(".mp-outofsync-line")))
	var sel string
	var focused bool
	p.eval(`window.__mp.selectedTab()`, &sel)
	p.eval(`window.__mp.resultFocused()`, &focused)
	if got := p.cursorLine(); sel != "Result" || !focused || got != w.Line {
		t.Errorf("the warning's link shows tab %q, focused %v, line %d; want Result, focused, line %d", sel, focused, got, w.Line)
	}

	// Side by side.
	// The panel may be drawn again under the click (an answer landing from the page's engine
	// or the worker): the click is repeated once when the tab did not change.
	const sideBySide = `window.__mp.selectedTab() === "Helm 2 | Helm 3"`
	p.do("opening the side-by-side view", chromedp.Click(chromedp.CSS(".mp-outofsync-repair")))
	if !p.poll(sideBySide, 2*time.Second) {
		p.do("opening the side-by-side view again", chromedp.Click(chromedp.CSS(".mp-outofsync-repair")))
		p.poll(sideBySide, 5*time.Second)
	}
	p.eval(`window.__mp.selectedTab()`, &sel)
	if sel != "Helm 2 | Helm 3" {
		t.Errorf("the panel's link opens %q", sel)
	}
	var rows []struct {
		Kind, Mark, LeftLine, Left, RightLine, Right string
		Warned                                       bool
	}
	p.eval(`window.__mp.sideRows()`, &rows)
	var left, right []string
	var changed, warned []string
	for _, r := range rows {
		if r.LeftLine != "" {
			left = append(left, r.Left)
		}
		if r.RightLine != "" {
			right = append(right, r.Right)
		}
		if r.Kind != "same" {
			changed = append(changed, r.Mark+" "+r.Left+" | "+r.Right)
		}
		if r.Warned {
			warned = append(warned, r.LeftLine)
		}
	}
	if got := strings.Join(left, "\n") + "\n"; got != resp.Result {
		t.Errorf("the left column is not the two-way result:\n%s", got)
	}
	if got := strings.Join(right, "\n") + "\n"; got != three.Result {
		t.Errorf("the right column is not the three-way result:\n%s", got)
	}
	expectStrings(t, "differing rows", changed, []string{"≠differs     threads = 16 |     threads = 4"})
	expectStrings(t, "rows marked out of sync", warned, []string{fmt.Sprint(w.Line)})

	// The repair patch and its command, copied as written.
	const command = `kubectl patch configmap node-config -n default --type strategic -p '{"data":{"node.conf":"threads = 4\n"}}'`
	var repair struct{ Patch, Command string }
	p.eval(`(() => { const r = document.querySelector(".mp-repair"); return {patch: r.querySelector("pre").textContent, command: r.querySelector(".mp-repair-command pre").textContent}; })()`, &repair)
	if repair.Command != command {
		t.Errorf("the repair command is\n%s\nwant\n%s", repair.Command, command)
	}
	if repair.Patch != "{\n  \"data\": {\n    \"node.conf\": \"threads = 4\\n\"\n  }\n}" {
		t.Errorf("the repair patch is\n%s", repair.Patch)
	}
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.CallBrowser(p.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted,
			Origin: h.server.URL, BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID,
		})
		if err != nil {
			t.Fatalf("allowing %s: %v", name, err)
		}
	}
	p.eval(`[...document.querySelectorAll(".mp-repair button")].find((b) => b.firstChild.textContent === "Copy command").click()`, nil)
	p.waitFor("the command copied", `[...document.querySelectorAll(".mp-repair button")].some((b) => b.firstChild.textContent === "Copied")`, 5*time.Second)
	var copied string
	p.eval(`navigator.clipboard.readText()`, &copied)
	if copied != command {
		t.Errorf("copied %q, want %q", copied, command)
	}
	p.expectNoProblems()

	t.Run("hostile names", func(t *testing.T) {
		// A Role: its name need only be a path segment, which the API server takes (a
		// ConfigMap so named, or a namespace holding "$(x)", it refuses: engine/apiserver).
		name := `it's` + hostile
		doc := func(value string) string {
			return "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: \"" + name + "\"\n  namespace: team-x\n" +
				"  annotations:\n    a: \"" + value + "\"\n    b: \"$(x) " + hostile + "\"\n"
		}
		req := &contract.Request{Mode: "twoway", Original: doc("1"), Updated: doc("1"), Live: doc(hostile), Options: contract.DefaultOptions()}
		want := answer(t, req)
		if len(want.Errors) > 0 {
			t.Fatalf("the engine refuses the request: %+v", want.Errors)
		}
		q := openTab(t, h, 1440, 900)
		q.navigate("/" + encodeShare(t, map[string]any{"mode": "twoway", "original": req.Original, "updated": req.Updated, "live": req.Live}))
		q.waitReady()
		clickTab(q, "Helm 2 | Helm 3")
		var cmd string
		q.eval(`document.querySelector(".mp-repair-command pre")?.textContent ?? ""`, &cmd)
		if wantCmd := `kubectl patch role.v1.rbac.authorization.k8s.io 'it'\''s<img src=x onerror=alert(1)>' -n team-x --type strategic -p '{"metadata":{"annotations":{"a":"1"}}}'`; cmd != wantCmd {
			t.Errorf("the repair command is\n%s\nwant\n%s", cmd, wantCmd)
		}
		checkNoInjection(t, q, hostile)
	})
}

// TestPatchMode: kubectl patch opens its examples with their marks and no view of its own, and an
// invalid directive typed into the patch lands on the patch editor's line.
func TestPatchMode(t *testing.T) {
	h := setup(t)
	ex := exampleNamed(t, "patch-delete-item")
	resp := answer(t, ex.Request)
	p := modeTab(t, h, "/#example=patch-delete-item")
	if got := p.paneLabels(); got["original"] != "" || got["updated"] != "patch" || got["live"] != "target" {
		t.Errorf("input labels %v", got)
	}
	expectStrings(t, "options", p.optionControls(), []string{"mp-option-multiKeys"})
	expectStrings(t, "tabs", p.tabsShown(), []string{"Result", "Patch", "Diff", "Explain"})
	checkMarks(t, ex, resp, p.resultLines())
	if !hasMark(resp, contract.Deleted) {
		t.Error("the example deletes nothing")
	}
	good := resultText(p.resultLines())

	const directive = "      $patch: explode"
	p.typeAtEnd("updated", directive)
	p.waitFor("data-stale", `document.documentElement.hasAttribute("data-stale")`, 10*time.Second)
	bad := answer(t, requestOf(t, ex.Name, func(r *contract.Request) { r.Updated += directive }))
	if len(bad.Errors) != 1 || bad.Errors[0].Input != "updated" || bad.Errors[0].Line == 0 || !strings.Contains(bad.Errors[0].Message, "unknown patch type") {
		t.Fatalf("the engine's answer to an invalid directive: %+v", bad.Errors)
	}
	want := bad.Errors[0].Line
	p.waitFor("the directive's error in the patch editor", `window.__mp.errorLines("updated").length > 0`, 10*time.Second)
	var lines map[string][]int
	p.eval(`({original: window.__mp.errorLines("original"), updated: window.__mp.errorLines("updated"), live: window.__mp.errorLines("live")})`, &lines)
	if len(lines["original"])+len(lines["live"]) > 0 || len(lines["updated"]) != 1 || lines["updated"][0] != want {
		t.Errorf("error diagnostics at %v, want the patch's line %d only", lines, want)
	}
	var problem string
	p.eval(`document.querySelector('[data-pane="updated"] .mp-problem-error')?.textContent ?? ""`, &problem)
	if !strings.Contains(problem, fmt.Sprintf("line %d", want)) || !strings.Contains(problem, "unknown patch type") {
		t.Errorf("the patch pane's problem list says %q", problem)
	}
	if got := resultText(p.resultLines()); got != good {
		t.Errorf("the stale result changed:\n%s", got)
	}
	p.expectNoProblems()
}

// TestMerge3Mode: kustomize's merge3 with its labels and option, its examples opening with their
// marks, inferKeys re-merging, and the mode switch re-merging the same inputs under apply and
// back, as the merge3-vs-apply examples' explanations invite.
func TestMerge3Mode(t *testing.T) {
	h := setup(t)
	ex := exampleNamed(t, "merge3-drift-kept")
	p := modeTab(t, h, "/#example=merge3-drift-kept")
	if got := p.paneLabels(); got["original"] != "upstream before" || got["updated"] != "upstream now" || got["live"] != "local copy" {
		t.Errorf("input labels %v", got)
	}
	expectStrings(t, "options", p.optionControls(), []string{"mp-option-inferKeys"})
	expectStrings(t, "tabs", p.tabsShown(), []string{"Result", "Patch", "Diff", "Explain"})
	checkMarks(t, ex, answer(t, ex.Request), p.resultLines())

	// The switch: the same three inputs, merged by apply, then by merge3 again.
	var note string
	p.eval(`document.querySelector(".mp-note-text").textContent`, &note)
	if !strings.Contains(note, "Switch the mode to apply") {
		t.Errorf("the example's explanation does not invite the switch: %q", note)
	}
	inputs := func() [3]string {
		return [3]string{p.editorText("original"), p.editorText("updated"), p.editorText("live")}
	}
	opened := inputs()
	asApply := *ex.Request
	asApply.Mode, asApply.Options = "apply", contract.DefaultOptions()
	applied := answer(t, &asApply)
	if len(applied.Errors) > 0 || applied.Result == "" {
		t.Fatalf("apply answers %+v", applied.Errors)
	}
	before := p.staleCount()
	p.do("switching to apply", chromedp.Click(chromedp.CSS(`label[for="mp-mode-apply"]`)))
	p.waitAnswer(before)
	if got := inputs(); got != opened {
		t.Errorf("switching the mode changed the inputs: %q", got)
	}
	if got := p.paneLabels(); got["original"] != "last-applied" || got["updated"] != "config" || got["live"] != "live object" {
		t.Errorf("apply's labels %v", got)
	}
	checkMarks(t, ex, applied, p.resultLines())
	if resultText(p.resultLines()) == strings.TrimSuffix(answer(t, ex.Request).Result, "\n") {
		t.Error("apply and merge3 give the same result: the example shows no difference")
	}
	p.waitFor("a share link for the switched state", `location.hash.startsWith("#s=")`, 5*time.Second)
	before = p.staleCount()
	p.do("switching back to merge3", chromedp.Click(chromedp.CSS(`label[for="mp-mode-merge3"]`)))
	p.waitAnswer(before)
	checkMarks(t, ex, answer(t, ex.Request), p.resultLines())
	p.waitFor("the example's link back", `location.hash === "#example=merge3-drift-kept"`, 5*time.Second)

	// Every merge3-vs-apply example invites the switch.
	for _, name := range []string{"merge3-new-items-appended", "merge3-removed-item-kept-partly"} {
		r := modeTab(t, h, "/#example="+name)
		r.eval(`document.querySelector(".mp-note-text").textContent`, &note)
		if !strings.Contains(note, "Switch the mode to apply") {
			t.Errorf("%s: the explanation does not invite the switch", name)
		}
		r.close()
	}

	// inferKeys: shown as the example sets it, and re-merging when turned off.
	infer := exampleNamed(t, "merge3-infer-keys")
	q := modeTab(t, h, "/#example=merge3-infer-keys")
	var checked bool
	q.eval(`document.querySelector("#mp-option-inferKeys").checked`, &checked)
	if !checked {
		t.Error("inferKeys is not checked for merge3-infer-keys")
	}
	checkMarks(t, infer, answer(t, infer.Request), q.resultLines())
	off := *infer.Request
	off.Options.InferKeys = false
	before = q.staleCount()
	q.do("turning inferKeys off", chromedp.Click(chromedp.CSS("#mp-option-inferKeys")))
	q.waitAnswer(before)
	checkMarks(t, infer, answer(t, &off), q.resultLines())
	p.expectNoProblems()
	q.expectNoProblems()
}

// TestModeScreenshots takes a screenshot of each mode's own view: docs/screenshots/
// ssa-ownership.png, twoway-side-by-side.png and merge3.png when MERGEPLAY_SCREENSHOTS names
// that folder (a temporary folder otherwise).
func TestModeScreenshots(t *testing.T) {
	h := setup(t)
	dir := screenshotDir(t)
	for _, shot := range []struct {
		file, example, tab string
		height             int64
	}{
		{"ssa-ownership.png", "ssa-client-side-handover", "Ownership", 900},
		{"twoway-side-by-side.png", "twoway-kubectl-edit", "Helm 2 | Helm 3", 1120},
		{"merge3.png", "merge3-drift-kept", "", 900},
	} {
		t.Run(shot.file, func(t *testing.T) {
			p := openTab(t, h, 1440, shot.height)
			p.do("choosing the light scheme", colorScheme("light"))
			p.navigate("/#example=" + shot.example)
			p.waitReady()
			if shot.tab != "" {
				clickTab(p, shot.tab)
			} else {
				// The explanation, open: it invites the switch to apply.
				p.do("opening the explanation", chromedp.Click(chromedp.CSS(".mp-note > summary")))
				hoverMarked(p)
			}
			time.Sleep(200 * time.Millisecond)
			p.screenshot(dir, shot.file)
			p.expectNoProblems()
		})
	}
}

// TestManagementPanelDrawnAsScrolled: a stream's panel draws its first chunk of disclosures
// (lazylist.js's CHUNK, 150) and the next ones as it is scrolled to its end, all of them in the
// end, in live's order.
func TestManagementPanelDrawnAsScrolled(t *testing.T) {
	const objects = 400
	req := bigStream(objects)
	h := setup(t)
	p := modeTab(t, h, "/")
	p.eval(setTimer, nil)
	p.eval(fmt.Sprintf(`window.__mpSet({type: "mergeplay:set", mode: "apply", options: {overwrite: true}, original: %s, updated: %s, live: %s})`,
		js(req.Original), js(req.Updated), js(req.Live)), nil)
	count := `document.querySelectorAll(".mp-managed details").length`
	var drawn int
	p.eval(count, &drawn)
	if drawn != 150 {
		t.Fatalf("%d disclosures drawn at first, want the first chunk of 150", drawn)
	}
	for _, want := range []int{300, objects} {
		p.eval(`(() => { const s = document.querySelector(".mp-managed"); s.scrollTop = s.scrollHeight; })()`, nil)
		p.waitFor(fmt.Sprintf("%d disclosures", want), count+` === `+strconv.Itoa(want), 10*time.Second)
	}
	var order struct{ First, Last string }
	p.eval(`(() => { const d = [...document.querySelectorAll(".mp-managed .mp-managed-resource")];
	  return {first: d[0].textContent, last: d[d.length - 1].textContent}; })()`, &order)
	if !strings.HasSuffix(order.First, "/web-0") || !strings.HasSuffix(order.Last, fmt.Sprintf("/web-%d", objects-1)) {
		t.Errorf("the first and last disclosures: %+v", order)
	}
	p.expectNoProblems()
}

// TestManagementPanel: live's managers above the result (extra.management), closed to one line
// naming the tools behind them; opened from the keyboard, each managedFields entry with what it
// means and the engine's note on the scale subresource. An example whose live is a local copy
// (merge3) has no panel.
func TestManagementPanel(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=ssa-autoscaler-conflict")
	var closed struct {
		Hidden, Open bool
		Summary      string
	}
	p.eval(`(() => { const s = document.querySelector(".mp-managed"); const d = s.querySelector("details");
	  return {hidden: s.hidden, open: d.open, summary: d.querySelector("summary").textContent}; })()`, &closed)
	if closed.Hidden || closed.Open || !strings.Contains(closed.Summary, "apps/v1/Deployment/shop/web") ||
		!strings.Contains(closed.Summary, "kubectl apply --server-side and the HorizontalPodAutoscaler") {
		t.Fatalf("the panel before opening: %+v", closed)
	}
	p.eval(`document.querySelector(".mp-managed summary").focus()`, nil)
	p.press("\r")
	var open struct {
		Open    bool
		Writers []string
		Notes   []string
	}
	p.eval(`(() => { const d = document.querySelector(".mp-managed details");
	  return {open: d.open, writers: [...d.querySelectorAll(".mp-managed-writers li")].map((li) => li.textContent),
	    notes: [...d.querySelectorAll(".mp-managed-notes li")].map((li) => li.textContent)}; })()`, &open)
	if !open.Open || len(open.Writers) != 2 || !strings.HasPrefix(open.Writers[1], "kube-controller-manager (the HorizontalPodAutoscaler, through scale, 1 field, live line 25)") {
		t.Errorf("the panel opened with Enter: %+v", open)
	}
	if len(open.Notes) != 1 || !strings.Contains(open.Notes[0], "leave replicas out of the config") {
		t.Errorf("the notes: %q", open.Notes)
	}
	p.checkAxe("the management panel open")
	if dir := os.Getenv("MERGEPLAY_SCREENSHOTS"); dir != "" {
		p.screenshot(dir, "management-open.png")
	}

	q := modeTab(t, h, "/#example=merge3-stream")
	var hidden bool
	q.eval(`document.querySelector(".mp-managed")?.hidden ?? true`, &hidden)
	if !hidden {
		t.Error("merge3's page shows a management panel")
	}
}
