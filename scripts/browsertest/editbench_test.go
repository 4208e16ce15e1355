package browsertest

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// The edit budgets (DESIGN.md): an edit re-merged and re-marked within these, median.
const (
	editBudgetMS       = 50  // the examples
	streamEditBudgetMS = 500 // a 5,000-line stream
)

// Edit benchmark sizes.
const (
	editsPerExample = 20   // timed edits per example (after one untimed)
	editsOnStream   = 10   // timed edits on the stream (after one untimed)
	streamLines     = 5000 // the config's lines in the stream benchmark
)

// editTimer defines window.__mpEdit(input, from, to, text, marker): it replaces lines from to to
// (1-based) of an input's editor as typing does (a user transaction, which the page takes as an edit), asks
// for the merge at once as Ctrl+Enter does (the page otherwise waits for a 120 ms pause in
// typing), and resolves with the milliseconds from just before the edit until the answer is shown:
// <html data-stale> gone and the result pane's text, or the conflicts panel's, holding marker
// (shownMS, when the page's code has run), then the next animation frame (frameMS, the frame
// that paints it).
const editTimer = `(() => {
  if (window.__mpEdit) return;
  window.__mpEdit = (input, from, to, text, marker) => new Promise((resolve, reject) => {
    const root = document.documentElement;
    const editor = window.__mp.view('[data-input="' + input + '"]');
    const result = window.__mp.view("#result");
    if (!editor || !result) { reject(new Error("no editor view for " + input + " or #result")); return; }
    let shownMS = null;
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no answer showing " + marker + " within 10 s")); }, 10000);
    const observer = new MutationObserver(() => {
      if (shownMS !== null || root.hasAttribute("data-stale") || !root.hasAttribute("data-ready")) return;
      const conflicts = document.querySelector(".mp-conflicts-list");
      if (!result.state.doc.toString().includes(marker) && !(conflicts && conflicts.textContent.includes(marker))) return;
      shownMS = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ shownMS, frameMS: performance.now() - t0 }));
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-stale"] });
    const doc = editor.state.doc;
    const t0 = performance.now();
    editor.dispatch({ changes: { from: doc.line(from).from, to: doc.line(to).to, insert: text }, userEvent: "input.type" });
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, bubbles: true, cancelable: true }));
  });
})()`

// editedTimes is what __mpEdit resolves with.
type editedTimes struct {
	ShownMS float64 `json:"shownMS"`
	FrameMS float64 `json:"frameMS"`
}

// lineEdit is an edit the benchmark types again and again: line Line (1-based) of the config
// (updated) becomes Prefix + Value + a mark of its own + Suffix each time (which may be several
// lines), and the result shows Value and the mark.
type lineEdit struct {
	Line                  int
	Prefix, Value, Suffix string
	// Unseen is set when the answer shows no trace of the edit (a merge that stops on a conflict
	// of another field): the answer is then the first one shown after the edit, which the page's
	// "latest request wins" makes the edit's own.
	Unseen bool
}

// text returns the edited lines of edit number i and the text the result then shows.
func (e *lineEdit) text(i int) (lines, marker string) {
	marker = fmt.Sprintf("%s-e%dx", e.Value, i)
	lines = e.Prefix + marker + e.Suffix
	if e.Unseen {
		marker = ""
	}
	return lines, marker
}

// candidates returns the edits findEdit tries for line i (1-based) of lines in a pass: first
// (pass 0) the line's value with a mark added (plain or double-quoted); then (pass 1), on a
// document's metadata line, an annotation added; last (pass 2), on the last line, a key added at
// the root.
func candidates(lines []string, i, pass int) []*lineEdit {
	var out []*lineEdit
	line := lines[i-1]
	switch {
	case pass == 1 && line == "metadata:":
		return []*lineEdit{{Line: i, Prefix: "metadata:\n  annotations:\n    mergeplay.dev/bench: ", Value: "bench"}}
	case pass == 2 && i == len(lines) && strings.TrimSpace(line) != "":
		return []*lineEdit{{Line: i, Prefix: line + "\nmergeplayBench: ", Value: "bench"}}
	case pass != 0:
		return nil
	}
	if m := editableLine.FindStringSubmatch(line); m != nil && !strings.Contains(m[3], ": ") && !identityKey(m[2]) && !keyword(m[3]) {
		out = append(out, &lineEdit{Line: i, Prefix: m[1], Value: m[3]})
	}
	if m := quotedLine.FindStringSubmatch(line); m != nil && !identityKey(m[2]) {
		out = append(out, &lineEdit{Line: i, Prefix: m[1], Value: m[3], Suffix: `"`})
	}
	return out
}

// quotedLine matches a config line "key: "value"" whose value holds no quote or backslash.
var quotedLine = regexp.MustCompile(`^(\s*(?:- )?([A-Za-z][A-Za-z0-9_.\-/]*): ")([^"\\]*)"\s*$`)

// identityKey reports whether a key names a resource (an edit leaves those alone).
func identityKey(key string) bool {
	return key == "name" || key == "namespace" || key == "kind" || key == "apiVersion"
}

// keyword reports whether a plain value would read as something else than a string (YAML 1.1
// booleans and null).
func keyword(value string) bool {
	switch strings.ToLower(value) {
	case "true", "false", "yes", "no", "on", "off", "null":
		return true
	}
	return false
}

// editableLine matches a config line "key: value" (maybe a list item) whose value is a plain
// scalar starting with a letter, which stays a plain string when a suffix is added.
var editableLine = regexp.MustCompile(`^(\s*(?:- )?([A-Za-z][A-Za-z0-9_.\-/]*): )([A-Za-z][^#"'{}\[\]]*?)\s*$`)

// findEdit picks an edit of the config that shows in the result or in a conflict, from the last
// line up (see candidates): each is tried with the native engine (no errors, the mark in the
// answer). When none shows (a merge that stops on a conflict elsewhere), the first edit answered
// without errors is taken, Unseen. nil when no edit is answered without errors.
func findEdit(tb testing.TB, req *contract.Request) *lineEdit {
	tb.Helper()
	h := handler.Default()
	lines := strings.Split(strings.TrimSuffix(req.Updated, "\n"), "\n")
	var unseen *lineEdit
	for pass := range 3 {
		for i := len(lines); i >= 1; i-- {
			for _, e := range candidates(lines, i, pass) {
				edited, marker := e.text(0)
				try := *req
				try.Updated = strings.Join(append(append(append([]string{}, lines[:i-1]...), edited), lines[i:]...), "\n") + "\n"
				resp := h.Handle(tb.Context(), &try)
				if len(resp.Errors) == 0 && (strings.Contains(resp.Result, marker) || conflictsName(resp, marker)) {
					return e
				}
				if len(resp.Errors) == 0 && unseen == nil {
					unseen = e
				}
			}
		}
	}
	if unseen != nil {
		unseen.Unseen = true
	}
	return unseen
}

// conflictsName reports whether a conflict's message names marker: a merge that stops on
// conflicts shows them instead of a result, each with the config's value.
func conflictsName(resp *contract.Response, marker string) bool {
	for _, c := range resp.Conflicts {
		if strings.Contains(c.Message, marker) {
			return true
		}
	}
	return false
}

// timeEdits types n+1 edits into the config and returns the times of the last n (the first
// warms up), sorted.
func (p *tab) timeEdits(e *lineEdit, n int) []float64 {
	p.t.Helper()
	p.eval(helpers, nil)
	p.eval(editTimer, nil)
	var times []float64
	to := e.Line // the first edit replaces one line, the next ones what the previous one wrote
	for i := 0; i <= n; i++ {
		text, marker := e.text(i + 1)
		var got editedTimes
		p.eval(fmt.Sprintf(`window.__mpEdit("updated", %d, %d, %s, %s)`, e.Line, to, js(text), js(marker)), &got)
		to = e.Line + strings.Count(text, "\n")
		if i > 0 {
			times = append(times, got.FrameMS)
		}
	}
	sort.Float64s(times)
	return times
}

// reportEdits reports the median and the 95th percentile (nearest rank) of sorted times.
func reportEdits(b *testing.B, times []float64) {
	b.ReportMetric(times[len(times)/2], "median-ms")
	b.ReportMetric(times[int(math.Ceil(0.95*float64(len(times))))-1], "p95-ms")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkEdit measures, in headless Chromium, the time from an edit typed into the config to
// its re-marked result shown (see editTimer; the page's 120 ms typing pause is skipped as
// Ctrl+Enter skips it): editsPerExample edits on each example (a sub-benchmark each, opened
// through its #example= link in one tab), then editsOnStream edits on an apply stream of about
// streamLines config lines (stream-5000-lines, opened through a share link). Each reports the
// median (median-ms) and the 95th percentile (p95-ms); the budgets (DESIGN.md) are a median under
// editBudgetMS on the examples and under streamEditBudgetMS on the stream. Run it with
// -benchtime 1x (the figures are per edit, not per b.N) on a real build: make bench.
func BenchmarkEdit(b *testing.B) {
	h := setup(b)
	p := openTab(b, h, 1440, 900)
	p.navigate("/")
	p.waitReady()
	p.eval(helpers, nil)
	parent := p.t
	for _, ex := range allExamples(b) {
		b.Run(ex.Name, func(b *testing.B) {
			p.t = b
			defer func() { p.t = parent }()
			e := findEdit(b, ex.Request)
			if e == nil {
				b.Skip("no edit of the config is answered without errors")
			}
			texts := fmt.Sprintf(`window.__mp.text("original") === %s && window.__mp.text("updated") === %s && window.__mp.text("live") === %s`,
				js(ex.Request.Original), js(ex.Request.Updated), js(ex.Request.Live))
			opened := fmt.Sprintf(`window.__mergeplayProbe.staleCount > %d && %s`, p.staleCount(), texts)
			var open bool // the example the page opened with (its link changes nothing)
			p.eval(texts, &open)
			for attempt := 1; !open; attempt++ { // see TestExamplesShowTheirMarks
				p.eval(`location.hash = `+js("#example="+ex.Name), nil)
				if p.poll(opened, 2*time.Second) {
					break
				}
				if attempt == 3 {
					b.Fatalf("example %s does not open from its link", ex.Name)
				}
			}
			p.waitReady()
			reportEdits(b, p.timeEdits(e, editsPerExample*b.N))
		})
	}
	b.Run(fmt.Sprintf("stream-%d-lines", streamLines), func(b *testing.B) {
		req := applyStream(b, streamLines)
		e := findEdit(b, req)
		if e == nil {
			b.Fatal("no line of the stream's config shows its change in the result")
		}
		s := openTab(b, h, 1440, 900) // a tab of its own: the stream stays out of the examples' tab
		s.navigate("/" + encodeShare(b, sharedState{Mode: req.Mode, Original: req.Original, Updated: req.Updated, Live: req.Live}))
		s.waitReady()
		reportEdits(b, s.timeEdits(e, editsOnStream*b.N))
		s.close()
	})
	p.expectNoProblems()
}

// applyStream builds an apply request whose config has at least lines lines: the apply-stream
// example's resources again and again, renamed (a suffix on every metadata.name) so that every
// identity is unique.
func applyStream(tb testing.TB, lines int) *contract.Request {
	tb.Helper()
	base := requestOf(tb, "apply-stream", nil)
	var original, updated, live []string
	for k := 0; strings.Count(strings.Join(updated, "---\n"), "\n") < lines; k++ {
		suffix := fmt.Sprintf("-%d", k)
		original = append(original, pair.Renamed(tb, base.Original, suffix)...)
		updated = append(updated, pair.Renamed(tb, base.Updated, suffix)...)
		live = append(live, pair.Renamed(tb, base.Live, suffix)...)
	}
	req := *base
	req.Original, req.Updated, req.Live = strings.Join(original, "---\n"), strings.Join(updated, "---\n"), strings.Join(live, "---\n")
	return &req
}
