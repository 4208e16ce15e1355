package browsertest

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/history"
)

// sharedHistory is a history as a share link carries it (web/history.js's historyToValue).
type sharedHistory struct {
	Mode  string       `json:"mode"`
	Live  string       `json:"live"`
	Steps []sharedStep `json:"steps"`
	At    int          `json:"at"`
}

// sharedStep is one step of a shared history: a state without live.
type sharedStep struct {
	Mode     string         `json:"mode"`
	Original string         `json:"original"`
	Updated  string         `json:"updated"`
	Options  map[string]any `json:"options"`
}

// decodeHistory reads a "#s=1.<payload>" fragment holding a history.
func decodeHistory(t testing.TB, fragment string) *sharedHistory {
	t.Helper()
	_, payload, _ := strings.Cut(strings.TrimPrefix(fragment, "#s="), ".")
	compressed, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		t.Fatalf("the link %q: %v", fragment, err)
	}
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(compressed)))
	if err != nil {
		t.Fatalf("the link %q: %v", fragment, err)
	}
	var s sharedHistory
	if err := json.Unmarshal(data, &s); err != nil || s.Mode != "history" {
		t.Fatalf("the link holds no history (%v): %s", err, data)
	}
	return &s
}

// request is the contract's history request for a shared history, decoded as the engine
// decodes one (a step's omitted options take kubectl's defaults).
func (s *sharedHistory) request(t testing.TB) *contract.Request {
	t.Helper()
	data, err := json.Marshal(map[string]any{"mode": "history", "live": s.Live, "steps": s.Steps})
	if err != nil {
		t.Fatal(err)
	}
	req, err := contract.DecodeRequest(data)
	if err != nil {
		t.Fatalf("the link's history is no request: %v", err)
	}
	return req
}

// historyFragment writes a history as a share link's fragment, as the page writes one.
func historyFragment(h sharedHistory) string {
	h.Mode = "history"
	fragment, err := shareFragment(h)
	if err != nil {
		panic(err)
	}
	return fragment
}

// stepsKey sends a key (with its modifiers) to the timeline's steps, focusing them first.
func (p *tab) stepsKey(key string, options ...chromedp.KeyOption) {
	p.t.Helper()
	p.do("pressing "+key+" in the steps", chromedp.Focus(chromedp.CSS(`.mp-steps`)), chromedp.KeyEvent(key, options...))
}

// stepsAnswer sends a key to the steps and waits for the answer to what it changed.
func (p *tab) stepsAnswer(key string, options ...chromedp.KeyOption) {
	p.t.Helper()
	before := p.staleCount()
	p.stepsKey(key, options...)
	p.waitAnswer(before)
}

// screenshotDir is where screenshots go: MERGEPLAY_SCREENSHOTS, or a temporary folder.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("MERGEPLAY_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// storyHistory is a short story: kubectl create-like apply of a Deployment, server-side apply of
// it with more replicas, then a config kubectl refuses (the history goes on after it), then
// server-side apply again; the second step shown.
func storyHistory() sharedHistory {
	config := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.27\n"
	ssa := map[string]any{"manager": "kubectl"}
	return sharedHistory{Live: "", At: 1, Steps: []sharedStep{
		{Mode: "apply", Updated: config, Options: map[string]any{}},
		{Mode: "ssa", Updated: strings.Replace(config, "replicas: 2", "replicas: 5", 1), Options: ssa},
		{Mode: "apply", Updated: "apiVersion: apps/v1\nkind: Deployment\nmetadata: [not, a, map\n", Options: map[string]any{}},
		{Mode: "ssa", Updated: strings.Replace(config, "nginx:1.27", "nginx:1.28", 1), Options: ssa},
	}}
}

// timelineRow is one step's row in the timeline, as drawn.
type timelineRow struct {
	Lines    []string `json:"lines"`
	Refused  string   `json:"refused"`
	Deleted  string   `json:"deleted"`
	Owners   string   `json:"owners"`
	Selected bool     `json:"selected"`
}

func (p *tab) timelineRows() []timelineRow {
	p.t.Helper()
	var rows []timelineRow
	p.eval(`[...document.querySelectorAll(".mp-timeline:not([hidden]) .mp-step")].map((r) => ({
	  lines: [...r.querySelectorAll(".mp-step-line")].map((c) => c.textContent),
	  refused: r.querySelector(".mp-step-refused")?.textContent ?? "",
	  deleted: r.querySelector(".mp-step-deleted")?.textContent ?? "",
	  owners: r.querySelector(".mp-step-owners")?.textContent ?? "",
	  selected: r.getAttribute("aria-selected") === "true" }))`, &rows)
	return rows
}

// settledHash waits until the address bar stops changing and returns it.
func (p *tab) settledHash() string {
	p.t.Helper()
	link := p.hash()
	for deadline := time.Now().Add(4 * time.Second); time.Now().Before(deadline); {
		time.Sleep(400 * time.Millisecond)
		next := p.hash()
		if next == link {
			break
		}
		link = next
	}
	return link
}

// expectStepShown checks that the page shows step i of the history its address bar holds, as
// the engine answers that history natively: the timeline's rows (each step's command lines, the
// refused ones saying so), the live editor holding the object before the step (read-only after
// the first), and the result pane the step's result.
func expectStepShown(t *testing.T, p *tab, i int) *contract.Response {
	t.Helper()
	p.waitReady()
	return expectTimeline(t, p, i)
}

// expectTimeline checks what expectStepShown checks, on the page as it is (a step refused keeps
// the result of the last answer that had one, stale, as any refused config does).
func expectTimeline(t *testing.T, p *tab, i int) *contract.Response {
	t.Helper()
	shared := decodeHistory(t, p.settledHash())
	if shared.At != i {
		t.Fatalf("the link shows step %d, want %d", shared.At+1, i+1)
	}
	want := answer(t, shared.request(t))
	rows := p.timelineRows()
	if len(rows) != len(want.Steps) {
		t.Fatalf("the timeline shows %d steps, the history has %d", len(rows), len(want.Steps))
	}
	before := shared.Live
	for j, step := range want.Steps {
		var lines []string
		for _, c := range step.Commands {
			lines = append(lines, c.Line)
		}
		if len(lines) == 0 { // kubectl refused before it ran: the row names the step's mode
			lines = rows[j].Lines[:min(1, len(rows[j].Lines))]
		}
		if len(rows[j].Lines) == 0 || strings.Join(rows[j].Lines, "\n") != strings.Join(lines, "\n") {
			t.Errorf("step %d shows %q, the engine's commands are %q", j+1, rows[j].Lines, lines)
		}
		refused := len(step.Errors) > 0 || len(step.Conflicts) > 0
		if refused != strings.HasPrefix(rows[j].Refused, "refused: ") || rows[j].Selected != (j == i) {
			t.Errorf("step %d: refused %v, row %+v", j+1, refused, rows[j])
		}
		if j == i {
			if got := p.editorText("live"); untimed(got) != untimed(before) {
				t.Errorf("the live editor holds\n%s\nwant the object before step %d\n%s", got, j+1, before)
			}
			if got := resultText(p.resultLines()); !refused && untimed(got) != untimed(strings.TrimSuffix(step.Result, "\n")) {
				t.Errorf("step %d's result shows\n%s\nwant\n%s", j+1, got, step.Result)
			}
		}
		before = history.After(step, before)
	}
	var readOnly bool
	p.eval(`window.__mp.view('[data-input="live"]').state.readOnly`, &readOnly)
	if readOnly != (i > 0) {
		t.Errorf("step %d shown: the live editor read-only is %v", i+1, readOnly)
	}
	return want.Steps[i]
}

// TestHistoryBuildAndEdit builds a history from an example with real clicks and keys: "+ Step"
// makes the example the first step and adds a second, the mode switch makes it server-side
// apply, the timeline's keys choose, add, reorder and remove steps, a config kubectl refuses is
// said so in its row and the history goes on; each time the page shows what the engine answers
// natively for the history its address bar holds.
func TestHistoryBuildAndEdit(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=apply-containers")
	before := p.staleCount()
	p.do("adding a step", chromedp.Click(chromedp.CSS(`[data-action="history"]`)))
	p.waitAnswer(before)
	expectStepShown(t, p, 1)
	if got := p.paneLabels()["live"]; got != "object before step 2" {
		t.Errorf("the live pane is labelled %q", got)
	}

	before = p.staleCount()
	p.do("switching step 2 to server-side apply", chromedp.Click(chromedp.CSS(`label[for="mp-mode-ssa"]`)))
	p.waitAnswer(before)
	step := expectStepShown(t, p, 1)
	if !strings.Contains(step.Commands[0].Line, "--server-side") {
		t.Errorf("step 2 answers %q", step.Commands[0].Line)
	}
	if rows := p.timelineRows(); !strings.Contains(rows[1].Owners, "kubectl") {
		t.Errorf("step 2's row names no owners: %+v", rows[1])
	}

	// The keyboard: ↑ then Enter chooses step 1; Insert adds a step after it; Alt+↓ moves the new
	// step last.
	p.stepsKey(kb.ArrowUp)
	p.stepsAnswer(kb.Enter)
	expectStepShown(t, p, 0)
	p.stepsAnswer(kb.Insert)
	expectStepShown(t, p, 1)
	p.stepsAnswer(kb.ArrowDown, chromedp.KeyModifiers(chromedp.ModifierAlt))
	expectStepShown(t, p, 2)
	if rows := p.timelineRows(); strings.Contains(rows[2].Lines[0], "--server-side") || !strings.Contains(rows[1].Lines[0], "--server-side") {
		t.Errorf("after the move the steps are %+v", rows)
	}

	// A config kubectl refuses: its row says so; a step added after it (a copy, refused too)
	// given a good config runs on the object as step 2 left it; the refused step removed.
	good := p.editorText("updated")
	p.typeAtEnd("updated", "\nmetadata: [broken\n")
	refusedShown := func(n int) {
		p.waitFor("the error in the config", fmt.Sprintf(`window.__mp.errorLines("updated").length > 0 && document.querySelectorAll(".mp-step").length === %d && document.querySelector(".mp-step[aria-selected=true] .mp-step-refused")`, n), 10*time.Second)
		if step := expectTimeline(t, p, n-1); len(step.Errors) == 0 {
			t.Errorf("the broken config is not refused: %+v", step)
		}
	}
	refusedShown(3)
	p.stepsKey(kb.Insert)
	refusedShown(4)
	p.typeInto(`[data-input="updated"] .cm-content`, good)
	p.waitFor("step 4 carried out", `!document.querySelector(".mp-step[aria-selected=true] .mp-step-refused")`, 10*time.Second)
	expectStepShown(t, p, 3)

	p.stepsKey(kb.ArrowUp)
	p.stepsAnswer(kb.Delete)
	expectStepShown(t, p, 2)
	if rows := p.timelineRows(); len(rows) != 3 || rows[2].Refused != "" {
		t.Errorf("after Delete the steps are %+v", rows)
	}
	p.expectNoProblems()
}

// TestHistoryShareLink opens a history's link, edits its chosen step, and opens the address
// bar's link in a fresh tab and in an embed: the same history, the same step shown, and the
// page writes the same link again, byte for byte.
func TestHistoryShareLink(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/"+historyFragment(storyHistory()))
	expectStepShown(t, p, 1)
	before := p.staleCount()
	p.typeAtEnd("updated", "# ünïcödé ✓ \"quoted\" \\back\\ \ttab   ")
	p.waitAnswer(before)
	expectStepShown(t, p, 1)
	link := p.settledHash()
	if got := decodeHistory(t, link); !strings.HasSuffix(got.Steps[1].Updated, "\ttab   ") || len(got.Steps) != 4 {
		t.Fatalf("the link's history: %+v", got)
	}
	for _, path := range []string{"/" + link, "/?embed=1" + link} {
		q := openTab(t, h, 1280, 900)
		q.navigate(path)
		q.waitReady()
		expectStepShown(t, q, 1)
		if got := q.settledHash(); got != link {
			t.Errorf("%s: the reopened page writes\n%s\nwant\n%s", path, got, link)
		}
		q.expectNoProblems()
	}
	p.expectNoProblems()
}

// TestHistoryDeletedObject opens a history whose helm upgrade deletes the release's only
// object (its new render holds none) and whose last step, kubectl apply, creates it again: the
// timeline says what step 2 deleted and that no object is left, step 3 meets no object (the live
// editor empty, read-only) and creates it; step 2 shown, its result is empty and its mark says
// helm deleted the object.
func TestHistoryDeletedObject(t *testing.T) {
	h := setup(t)
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop-legacy\n  namespace: default\ndata:\n  checkout: v1\n"
	rel := map[string]any{"release": "shop"}
	story := sharedHistory{At: 2, Steps: []sharedStep{
		{Mode: "helm3", Updated: cm, Options: rel},
		{Mode: "helm3", Original: cm, Updated: "", Options: rel},
		{Mode: "apply", Updated: cm, Options: map[string]any{}},
	}}
	p := modeTab(t, h, "/"+historyFragment(story))
	want := expectStepShown(t, p, 2)
	if want.Result == "" || p.editorText("live") != "" {
		t.Errorf("step 3: result %q, live editor %q: want the object created on none", want.Result, p.editorText("live"))
	}
	rows := p.timelineRows()
	if got := rows[1].Deleted; got != "deleted: ConfigMap shop-legacy; no object is left" {
		t.Errorf("step 2's row says %q of what it deleted", got)
	}
	if rows[0].Deleted != "" || rows[2].Deleted != "" {
		t.Errorf("rows 1 and 3 say they deleted %q, %q", rows[0].Deleted, rows[2].Deleted)
	}
	p.stepsKey(kb.ArrowUp)
	p.stepsAnswer(kb.Enter)
	step := expectStepShown(t, p, 1)
	if len(step.Fields) != 1 || step.Fields[0].Mark != contract.Deleted || step.Fields[0].Rule != "helm/deleted" {
		t.Errorf("step 2's marks %+v: want the object deleted by helm/deleted", step.Fields)
	}
	var reasons []string
	p.eval(`[...document.querySelectorAll("[data-mark=deleted]")].map((e) => e.getAttribute("title") ?? e.textContent)`, &reasons)
	if len(reasons) == 0 {
		t.Errorf("step 2's result pane shows no deleted line")
	}
	p.expectNoProblems()
}

// TestHistoryScreenshots writes the timeline at 1280×720, 1366×768 and 390×844, light and dark,
// to MERGEPLAY_SCREENSHOTS (a temporary folder otherwise), with the step list in sight.
func TestHistoryScreenshots(t *testing.T) {
	h := setup(t)
	dir := screenshotDir(t)
	for _, shot := range []struct {
		file          string
		width, height int64
		scheme        string
	}{
		{"history-1280.png", 1280, 720, "light"},
		{"history-1366-dark.png", 1366, 768, "dark"},
		{"history-phone.png", 390, 844, "light"},
		{"history-phone-dark.png", 390, 844, "dark"},
	} {
		t.Run(shot.file, func(t *testing.T) {
			p := openTab(t, h, shot.width, shot.height)
			p.do("choosing the "+shot.scheme+" scheme", colorScheme(shot.scheme))
			p.navigate("/" + historyFragment(storyHistory()))
			p.waitReady()
			p.do("scrolling to the timeline", chromedp.ScrollIntoView(chromedp.CSS(`.mp-timeline`)))
			var fits bool
			p.eval(`(() => { const r = document.querySelector(".mp-steps").getBoundingClientRect(); return r.width > 0 && r.right <= innerWidth + 0.5 && document.documentElement.scrollWidth <= innerWidth; })()`, &fits)
			if !fits {
				t.Errorf("%dx%d: the steps do not fit the window's width", shot.width, shot.height)
			}
			time.Sleep(200 * time.Millisecond)
			p.screenshot(dir, shot.file)
			p.expectNoProblems()
		})
	}
}

// untimed drops the managedFields' times: server-side apply stamps each answer with its moment.
func untimed(text string) string {
	lines := strings.Split(text, "\n")
	out := lines[:0]
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "time: ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestHistoryExampleFromTheGallery opens a history example from the examples gallery with real
// clicks: the page shows its timeline (every step's command lines as the engine answers them,
// the refused step said so, the last step chosen), the live editor holding the object before the
// last step, the last step's result with its marks, and the action downloading the whole
// history's reproduce script, the engine's. Every example that is a history is listed.
func TestHistoryExampleFromTheGallery(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/")
	ex := exampleNamed(t, "history-ssa-conflict-after-scale")
	p.do("opening the gallery", chromedp.Click(chromedp.CSS(`#mp-actions button[data-action="examples"]`)))
	p.waitFor("the histories listed", `[...document.querySelectorAll(".mp-gallery-group h3")].some((h) => h.textContent.startsWith("Histories"))`, 5*time.Second)
	for _, h := range allExamples(t) {
		if h.Mode == contract.History {
			p.waitFor("the history "+h.Name+" listed", `[...document.querySelectorAll(".mp-gallery-item .mp-gallery-title")].some((e) => e.textContent === `+js(h.Title)+`)`, 5*time.Second)
		}
	}
	item := `[...document.querySelectorAll(".mp-gallery-item")].find((b) => b.querySelector(".mp-gallery-title").textContent === ` + js(ex.Title) + `)`
	before := p.staleCount()
	p.do("opening "+ex.Name, chromedp.Click(chromedp.JSPath(item)))
	p.waitAnswer(before)
	p.waitReady()
	want := answer(t, ex.Request)
	p.waitFor("the timeline", fmt.Sprintf(`document.querySelectorAll(".mp-timeline:not([hidden]) .mp-step").length === %d`, len(want.Steps)), 10*time.Second)
	rows := p.timelineRows()
	for i, step := range want.Steps {
		refused := len(step.Errors) > 0 || len(step.Conflicts) > 0
		if len(rows[i].Lines) != 1 || rows[i].Lines[0] != step.Commands[0].Line || refused != strings.HasPrefix(rows[i].Refused, "refused: ") {
			t.Errorf("step %d shows %+v; the engine's command is %q, refused %v", i+1, rows[i], step.Commands[0].Line, refused)
		}
		if rows[i].Selected != (i == len(want.Steps)-1) {
			t.Errorf("step %d selected: %v; the last step is the one shown", i+1, rows[i].Selected)
		}
	}
	shown := shownRequest(t, ex)
	if !p.poll(`window.__mp.text("live") === `+js(shown.Live), 10*time.Second) {
		t.Fatalf("the live editor holds\n%s\nwant the object before the last step\n%s", p.editorText("live"), shown.Live)
	}
	if got := p.editorText("updated"); got != shown.Updated {
		t.Errorf("the config editor holds\n%s\nwant the last step's\n%s", got, shown.Updated)
	}
	lines := p.resultLines()
	if got := resultText(lines); got != strings.TrimSuffix(want.Result, "\n") {
		t.Errorf("the result shows\n%s\nwant the last step's\n%s", got, want.Result)
	}
	checkMarks(t, ex, want, lines)
	next := p.downloads(t.TempDir())
	p.openTerminal()
	p.do("clicking Reproduce the whole history", chromedp.Click(chromedp.CSS(`[data-action="reproduce-history"]`)))
	got := next()
	asked := *ex.Request
	asked.Reproduce = true
	if script := answer(t, &asked).Reproduce; got.name != "mergeplay-reproduce.sh" || script == "" || got.text != script {
		t.Errorf("the download %q is not the engine's script of the whole history (%d bytes):\n%s", got.name, len(script), head(got.text))
	}
	p.waitFor("the note on the download", `document.querySelector(".mp-commands-note").textContent.includes("the whole history")`, 10*time.Second)

	// Step 2, kubectl scale (a writer, which the mode switch does not offer), chosen by keys:
	// the object before it in the live editor, its own result.
	for range len(want.Steps) - 2 {
		p.stepsKey(kb.ArrowUp)
	}
	p.stepsAnswer(kb.Enter)
	p.waitFor("step 2 chosen", `document.querySelector(".mp-step[aria-selected=true]")?.dataset.step === "1"`, 10*time.Second)
	p.waitReady()
	if got := p.editorText("live"); got != want.Steps[0].Result {
		t.Errorf("step 2 shown: the live editor holds\n%s\nwant step 1's result", got)
	}
	if got := resultText(p.resultLines()); got != strings.TrimSuffix(want.Steps[1].Result, "\n") {
		t.Errorf("step 2 shown: the result is\n%s\nwant\n%s", got, want.Steps[1].Result)
	}
	p.expectNoProblems()
}
