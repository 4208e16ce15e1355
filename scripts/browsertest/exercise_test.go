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

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

// The exercise ("Predict, then reveal", issue 18): the result's lines without marks, marked by
// the learner with the keyboard or the mouse, scored against the engine's answer computed here
// natively.

// exerciseExample is the example the exercise tests solve: 15 scored lines, among them a
// deleted container drawn from live.
const exerciseExample = "apply-containers"

// markKeys are the letters that set each mark in the exercise.
var markKeys = map[string]string{"added": "a", "changed": "c", "deleted": "d", "retained": "r", "ignored": "i", "conflict": "x"}

// exerciseRow is a scored row of the exercise as the page draws it.
type exerciseRow struct {
	Line     int    `json:"line"` // the row's index among all the exercise's rows
	Number   int    `json:"number"`
	Live     bool   `json:"live"`
	Text     string `json:"text"`
	Given    string `json:"given"`
	Outcome  string `json:"outcome"`
	Expected string `json:"expected"`
	Reason   string `json:"reason"`
}

// exerciseRowsJS reads the scored rows of the exercise in a document.
const exerciseRowsJS = `[...DOC.querySelectorAll(".mp-exercise-row[data-scored]")].map((r) => ({
  line: Number(r.dataset.line), number: Number(r.dataset.number || 0), live: r.hasAttribute("data-live"),
  text: r.querySelector(".mp-exercise-code").textContent, given: r.dataset.given || "",
  outcome: r.dataset.outcome || "", expected: r.dataset.expected || "",
  reason: r.querySelector(".mp-exercise-reason")?.textContent || "",
}))`

// exerciseRows returns the scored rows of the tab's exercise.
func (p *tab) exerciseRows() []exerciseRow {
	p.t.Helper()
	var rows []exerciseRow
	p.eval(strings.ReplaceAll(exerciseRowsJS, "DOC", "document"), &rows)
	return rows
}

// engineMarks is the engine's mark of each line a field starts on, as the exercise scores them:
// result lines by their number, live's lines (deleted fields) by theirs.
type engineMarks struct {
	result, live map[int]contract.Field
}

// marksOf reads a native response: one field per line, the example being chosen with no line
// where fields of two marks start.
func marksOf(t *testing.T, resp *contract.Response) engineMarks {
	t.Helper()
	m := engineMarks{result: map[int]contract.Field{}, live: map[int]contract.Field{}}
	for _, f := range resp.Fields {
		lines := m.result
		if f.Mark == contract.Deleted || f.Mark == contract.Conflicted {
			lines = m.live
		}
		if prev, ok := lines[f.Line]; ok && prev.Mark != f.Mark {
			t.Fatalf("line %d starts fields marked %s and %s: choose another example", f.Line, prev.Mark, f.Mark)
		}
		if _, ok := lines[f.Line]; !ok {
			lines[f.Line] = f
		}
	}
	return m
}

// of returns the engine's field for a row.
func (m engineMarks) of(t *testing.T, row exerciseRow) contract.Field {
	t.Helper()
	lines := m.result
	if row.Live {
		lines = m.live
	}
	f, ok := lines[row.Number]
	if !ok {
		t.Fatalf("the exercise scores line %d (live %v) %q, where the engine starts no field", row.Number, row.Live, row.Text)
	}
	return f
}

// sameReason reports whether a reason shown is the engine's (the page writes it as a sentence:
// a capital letter, a full stop).
func sameReason(shown, engine string) bool {
	return strings.Contains(strings.ToLower(shown), strings.ToLower(strings.TrimSuffix(strings.TrimSpace(engine), ".")))
}

// openExercise opens the example's exercise link in a new tab and waits for its rows.
func openExercise(t *testing.T, h *harness, path string, width, height int64) *tab {
	t.Helper()
	p := openTab(t, h, width, height)
	p.navigate(path)
	p.waitReady()
	p.waitFor("the exercise's rows", `document.documentElement.hasAttribute("data-exercise") && !document.querySelector(".mp-exercise").hidden && document.querySelectorAll(".mp-exercise-row[data-scored]").length > 0`, 10*time.Second)
	return p
}

// solveByKeyboard focuses the first scored line (a click on its mark) and marks every line with
// its letter, moving down with the arrow key; wrong maps a line's index to the mark given instead.
func solveByKeyboard(p *tab, rows []exerciseRow, marks engineMarks, wrong map[int]string) {
	p.t.Helper()
	p.do("focusing the first line", chromedp.Click(chromedp.CSS(`.mp-exercise-row[data-scored] .mp-exercise-given`)))
	var actions []chromedp.Action[chromedp.Void]
	for i, row := range rows {
		mark := string(marks.of(p.t.(*testing.T), row).Mark)
		if w, ok := wrong[i]; ok {
			mark = w
		}
		actions = append(actions, chromedp.KeyEvent(markKeys[mark]), chromedp.KeyEvent(kb.ArrowDown))
	}
	p.do("marking every line by keyboard", actions...)
}

// TestExerciseSolved opens an example's exercise from its link, marks every line right with the
// keyboard and reveals: a full score, announced. One line then marked wrong with the mouse's
// picker: a score one less, the engine's mark and reason under that line. Esc leaves; the
// Exercise button comes back into it, and the address bar says so.
func TestExerciseSolved(t *testing.T) {
	h := setup(t)
	marks := marksOf(t, answer(t, requestOf(t, exerciseExample, nil)))
	p := openExercise(t, h, "/#example="+exerciseExample+"&exercise=1", 1280, 1000)
	rows := p.exerciseRows()
	if len(rows) != len(marks.result)+len(marks.live) {
		t.Errorf("the exercise scores %d lines; the engine starts fields on %d", len(rows), len(marks.result)+len(marks.live))
	}
	solveByKeyboard(p, rows, marks, nil)
	for i, row := range p.exerciseRows() {
		if want := string(marks.of(t, row).Mark); row.Given != want {
			t.Errorf("row %d %q: marked %q by keyboard, want %q", i, row.Text, row.Given, want)
		}
	}
	p.do("revealing", chromedp.Click(chromedp.CSS(`[data-action="reveal"]`)))
	full := fmt.Sprintf("%d of %d lines right.", len(rows), len(rows))
	p.waitFor("the full score", `document.querySelector(".mp-exercise-score[role=status]").textContent === `+js(full), 5*time.Second)

	// One line wrong, with the mouse: the deleted container marked retained.
	wrong := -1
	for i, row := range rows {
		if row.Live && marks.of(t, row).Mark == contract.Deleted {
			wrong = i
			break
		}
	}
	if wrong < 0 {
		t.Fatal("the example has no deleted line to get wrong")
	}
	picker := fmt.Sprintf(`.mp-exercise-row[data-line="%d"] .mp-exercise-pick[data-mark="retained"]`, rows[wrong].Line)
	p.do("marking one line wrong with the picker", chromedp.Click(chromedp.CSS(picker)))
	less := fmt.Sprintf("%d of %d lines right.", len(rows)-1, len(rows))
	p.waitFor("the score one less", `document.querySelector(".mp-exercise-score[role=status]").textContent === `+js(less), 5*time.Second)
	p.do("revealing again", chromedp.Click(chromedp.CSS(`[data-action="reveal"]`)))
	checkOneMiss(t, p.exerciseRows(), wrong, marks.of(t, rows[wrong]), "retained")

	// Esc leaves: the result pane is back, the focus on the Exercise button, the link plain.
	p.do("leaving with Esc", chromedp.Click(chromedp.CSS(picker)), chromedp.KeyEvent(kb.Escape))
	p.waitFor("the result pane back", `!document.documentElement.hasAttribute("data-exercise") && document.querySelector(".mp-exercise").hidden && document.querySelector("#result").getClientRects().length > 0`, 5*time.Second)
	p.waitFor("the focus on the Exercise button and a plain link", `document.activeElement?.dataset.action === "exercise" && location.hash === "#example=`+exerciseExample+`"`, 5*time.Second)
	p.do("entering again with the Exercise button", chromedp.KeyEvent(kb.Enter))
	p.waitFor("the exercise back, its marks kept, the link saying so", `document.documentElement.hasAttribute("data-exercise") && document.activeElement?.classList.contains("mp-exercise-mark") && location.hash === "#example=`+exerciseExample+`&exercise=1"`, 5*time.Second)
	p.expectNoProblems()
}

// checkOneMiss checks the rows after a reveal with one line wrong: that line missed, showing the
// engine's mark and reason; every other line right.
func checkOneMiss(t *testing.T, rows []exerciseRow, wrong int, want contract.Field, given string) {
	t.Helper()
	for i, row := range rows {
		switch {
		case i == wrong && (row.Outcome != "missed" || row.Given != given || row.Expected != string(want.Mark)):
			t.Errorf("the wrong line %q: outcome %q, given %q, expected %q; want missed, %s, %s", row.Text, row.Outcome, row.Given, row.Expected, given, want.Mark)
		case i == wrong && !sameReason(row.Reason, want.Reason):
			t.Errorf("the wrong line %q shows the reason %q; the engine's is %q", row.Text, row.Reason, want.Reason)
		case i != wrong && (row.Outcome != "right" || row.Reason != ""):
			t.Errorf("line %q: outcome %q, reason %q; want right and no reason", row.Text, row.Outcome, row.Reason)
		}
	}
}

// TestExerciseShareLink edits the example (the address becomes a share link), enters the
// exercise, and opens the address bar's link in a new tab: the same state, in the exercise.
func TestExerciseShareLink(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.navigate("/#example=" + exerciseExample)
	p.waitReady()
	p.typeAtEnd("updated", "        imagePullPolicy: Always")
	p.waitFor("the typed field in the result", `document.querySelector("#result").textContent.includes("imagePullPolicy: Always")`, 10*time.Second)
	p.waitReady()
	p.do("entering the exercise", chromedp.Click(chromedp.CSS(`[data-action="exercise"]`)))
	p.waitFor("a share link with the exercise", `/^#s=1\.[A-Za-z0-9_-]+&exercise=1$/.test(location.hash)`, 5*time.Second)
	link := p.hash()
	updated := p.editorText("updated")

	q := openExercise(t, h, "/"+link, 1280, 1000)
	if got := q.editorText("updated"); got != updated {
		t.Errorf("the share link opened the config %q, want %q", got, updated)
	}
	// The typed line continues the added container above it: shown, not scored.
	var found bool
	q.eval(`[...document.querySelectorAll(".mp-exercise-row .mp-exercise-code")].some((c) => c.textContent.includes("imagePullPolicy: Always"))`, &found)
	if !found {
		t.Error("the exercise opened from the share link does not hold the typed line")
	}
	p.expectNoProblems()
	q.expectNoProblems()
}

// TestExerciseEmbed embeds the exercise (?embed=1&exercise=1) in a documentation page served
// from the same origin (so that the test can find the rows in the iframe), marks the first line
// right with the keyboard and reveals: the parent receives mergeplay:score with the score shown.
func TestExerciseEmbed(t *testing.T) {
	h := setup(t)
	marks := marksOf(t, answer(t, requestOf(t, exerciseExample, nil)))
	page, err := server.New(h.distDir)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", page)
	mux.HandleFunc("/docs.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>docs</title><link rel="icon" href="data:,">
<script>window.received = []; addEventListener("message", (e) => window.received.push(e.data));</script>
<iframe id="embed" src="/?embed=1&amp;exercise=1#example=`+exerciseExample+`" width="900" height="640" title="exercise"></iframe>`)
	})
	docs := httptest.NewServer(mux)
	defer docs.Close()

	p := openTab(t, h, 1000, 760)
	p.do("opening the documentation page", chromedp.Navigate(docs.URL+"/docs.html"))
	frame := `document.getElementById("embed").contentDocument`
	p.waitFor("the embed's exercise", `(() => { const d = `+frame+`; return !!d && d.documentElement.hasAttribute("data-embed") && d.documentElement.hasAttribute("data-exercise") && d.querySelectorAll(".mp-exercise-row[data-scored]").length > 0; })()`, 30*time.Second)
	var rows []exerciseRow
	p.eval(strings.ReplaceAll(exerciseRowsJS, "DOC", frame), &rows)
	click := func(what, selector string) {
		t.Helper()
		var pt []float64
		p.eval(`(() => { const f = document.getElementById("embed"); const el = f.contentDocument.querySelector(`+js(selector)+`);
		  el.scrollIntoView({ block: "center" }); const r = el.getBoundingClientRect(), o = f.getBoundingClientRect();
		  return [o.left + f.clientLeft + r.left + r.width / 2, o.top + f.clientTop + r.top + r.height / 2]; })()`, &pt)
		p.do(what, chromedp.MouseClickXY(pt[0], pt[1]))
	}
	click("focusing the first line", `.mp-exercise-row[data-scored] .mp-exercise-given`)
	p.do("marking it by keyboard", chromedp.KeyEvent(markKeys[string(marks.of(t, rows[0]).Mark)]))
	click("revealing", `[data-action="reveal"]`)
	p.waitFor("mergeplay:score", `window.received.some((m) => m && m.type === "mergeplay:score")`, 10*time.Second)
	var score struct {
		Right  int `json:"right"`
		Total  int `json:"total"`
		Misses []struct {
			Number   int    `json:"number"`
			Expected string `json:"expected"`
			Reason   string `json:"reason"`
		} `json:"misses"`
	}
	p.eval(`window.received.filter((m) => m && m.type === "mergeplay:score").pop().score`, &score)
	if score.Right != 1 || score.Total != len(rows) || len(score.Misses) != len(rows)-1 {
		t.Errorf("mergeplay:score says %d of %d right with %d misses; want 1 of %d", score.Right, score.Total, len(score.Misses), len(rows))
	}
	for _, m := range score.Misses {
		if m.Expected == "" || m.Reason == "" {
			t.Errorf("a miss without its mark or reason: %+v", m)
		}
	}
	var shown string
	p.eval(frame+`.querySelector(".mp-exercise-score").textContent`, &shown)
	if want := fmt.Sprintf("1 of %d lines right.", len(rows)); shown != want {
		t.Errorf("the embed shows %q, want %q", shown, want)
	}
	p.expectNoProblems()
}

// revealWithOneMark brings the exercise to its revealed state: the first line marked with the
// keyboard (as added, right or not), every other line missed.
func revealWithOneMark(p *tab) {
	p.t.Helper()
	p.waitFor("the exercise's rows", `document.querySelectorAll(".mp-exercise-row[data-scored]").length > 0`, 10*time.Second)
	p.do("marking a line and revealing",
		chromedp.Click(chromedp.CSS(`.mp-exercise-row[data-scored] .mp-exercise-given`)),
		chromedp.KeyEvent("a"),
		chromedp.Click(chromedp.CSS(`[data-action="reveal"]`)))
	p.waitFor("the score", `/ of \d+ lines? right\.$/.test(document.querySelector(".mp-exercise-score").textContent)`, 5*time.Second)
}

// exerciseShots are the exercise's screenshots (TestScreenshots takes them): revealed with the
// keyboard's marks right but the deleted container's, light and dark, and at a phone's width.
var exerciseShots = []struct {
	name, path    string
	width, height int64
	scheme        string
}{
	{"exercise-light", "/#example=apply-containers&exercise=1", 1440, 900, "light"},
	{"exercise-dark", "/#example=apply-containers&exercise=1", 1440, 900, "dark"},
	{"exercise-phone", "/#example=apply-containers&exercise=1", 390, 844, "light"},
}

// exerciseScreenshot solves the exercise with one line wrong and captures the page.
func exerciseScreenshot(t *testing.T, h *harness, shot int) []byte {
	t.Helper()
	s := exerciseShots[shot]
	marks := marksOf(t, answer(t, requestOf(t, exerciseExample, nil)))
	p := openTab(t, h, s.width, s.height)
	p.do("choosing the "+s.scheme+" scheme", colorScheme(s.scheme))
	p.navigate(s.path)
	p.waitReady()
	p.waitFor("the exercise's rows", `document.querySelectorAll(".mp-exercise-row[data-scored]").length > 0`, 10*time.Second)
	rows := p.exerciseRows()
	wrong := map[int]string{}
	for i, row := range rows {
		if row.Live {
			wrong[i] = "retained" // the deleted container: struck on the reveal, with its reason
		}
	}
	solveByKeyboard(p, rows, marks, wrong)
	p.do("revealing", chromedp.Click(chromedp.CSS(`[data-action="reveal"]`)))
	p.waitFor("the score", `document.querySelector(".mp-exercise-score").textContent.endsWith("right.")`, 5*time.Second)
	// At a phone's width the page scrolls to the missed line; on a wide screen it is in view.
	p.eval(`innerWidth < 980 && document.querySelector(".mp-exercise-row[data-outcome=missed]").scrollIntoView({ block: "center" })`, nil)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	p.expectNoProblems()
	return png
}
