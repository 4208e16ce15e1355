package browsertest

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// TestExamplesShowTheirMarks opens every example by its link, one after the other in one tab
// (the page follows #example= links as they change), and compares the marks the result pane
// shows with the response the engine gives natively: the same set of marks; the result's lines,
// in order, between the struck deleted ones; and on each line where fields start, the mark of
// those fields (when they agree).
func TestExamplesShowTheirMarks(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.navigate("/")
	p.waitReady()
	p.eval(helpers, nil)
	parent := t
	var refused []*examples.Example
	for _, ex := range allExamples(t) {
		if ex.Refused() {
			refused = append(refused, ex) // opened in tabs of their own, below
			continue
		}
		t.Run(ex.Name, func(t *testing.T) {
			resp := answer(t, ex.Request)
			p.t = t // the tab reports to the subtest while it runs
			defer func() { p.t = parent }()
			// Opened: the page took the example's state, which makes the shown result stale.
			var staleCount int
			p.eval(`window.__mergeplayProbe.staleCount`, &staleCount)
			shown := shownRequest(t, ex) // a history opens at its last step
			opened := fmt.Sprintf(`window.__mergeplayProbe.staleCount > %d && window.__mp.text("original") === %s && window.__mp.text("updated") === %s && window.__mp.text("live") === %s`,
				staleCount, js(shown.Original), js(shown.Updated), js(shown.Live))
			// The page rewrites its address a moment after each change (a debounced
			// history.replaceState): a hash set just before that can be overwritten before its
			// hashchange is handled. Set it again until the example opens.
			for attempt := 1; ; attempt++ {
				p.eval(`location.hash = `+js("#example="+ex.Name), nil)
				if p.poll(opened, 2*time.Second) {
					break
				}
				if attempt == 3 {
					t.Fatalf("example %s does not open from its link", ex.Name)
				}
			}
			p.waitReady()
			checkMarks(t, ex, resp, p.resultLines())
		})
	}
	p.expectNoProblems()
	for _, ex := range refused {
		t.Run(ex.Name, func(t *testing.T) { checkRefusal(t, h, ex) })
	}
}

// checkRefusal opens an example the engine refuses in a tab of its own: the page shows no result
// (none from another example either), and the status line names the first error's input and line.
func checkRefusal(t *testing.T, h *harness, ex *examples.Example) {
	resp := answer(t, ex.Request)
	if len(resp.Errors) == 0 {
		t.Fatalf("example %s is expected to be refused; the engine answers it", ex.Name)
	}
	p := openTab(t, h, 1280, 1000)
	p.navigate("/#example=" + ex.Name)
	p.waitFor("the refusal in the status line", `document.querySelector(".mp-status")?.dataset.kind === "error"`, 30*time.Second)
	var status string
	p.eval(`document.querySelector(".mp-status").textContent`, &status)
	first := resp.Errors[0]
	if want := fmt.Sprintf("the %s input, line %d", first.Input, first.Line); !strings.Contains(status, want) {
		t.Errorf("status %q does not name %q", status, want)
	}
	// The views are built once the refusal is painted (web/main.js buildEditorsSoon): on a busy
	// machine, a moment after the status line says it.
	p.waitFor("the result's view built", `!document.querySelector(".mp-preview")`, readyWithin)
	checkMarks(t, ex, resp, p.resultLines())
	// A config kubectl refuses before sending anything (apply-annotation-not-a-string) shows
	// kubectl's command with kubectl's refusal, and no script to reproduce; an object the API
	// server refuses (apply-annotation-too-long), kubectl's command with the server's refusal,
	// and a script that replays it.
	if len(resp.Commands) > 0 {
		p.waitFor("the refused command", `document.querySelectorAll(".mp-commands .mp-command").length > 0`, 10*time.Second)
		expectCommands(t, p.commandsShown(), resp.Commands)
		var enabled bool
		p.eval(`!document.querySelector('[data-action="reproduce"]').disabled`, &enabled)
		if server := !strings.HasPrefix(resp.Commands[0].Error, "error: "); enabled != server {
			t.Errorf("Reproduce offered: %v; want %v (%.60s)", enabled, server, resp.Commands[0].Error)
		}
	}
	p.expectNoProblems()
}

// checkMarks compares the result pane's lines with a response.
func checkMarks(t *testing.T, ex *examples.Example, resp *contract.Response, lines []shownLine) {
	t.Helper()
	want, got := markSet(resp), map[string]bool{}
	for _, l := range lines {
		if l.Mark != "" && l.Mark != "none" {
			got[l.Mark] = true
		}
	}
	if fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(want)) {
		t.Errorf("marks shown %v, the engine's fields have %v", sorted(got), sorted(want))
	}
	if resp.Result == "" {
		return
	}
	var result []shownLine
	for _, l := range lines {
		if l.Dropped {
			if l.Mark != string(contract.Dropped) {
				t.Errorf("a struck line of the config is marked %q: %q", l.Mark, l.Text)
			}
			continue
		}
		if l.Deleted {
			if l.Mark != string(contract.Deleted) {
				t.Errorf("a struck line is marked %q: %q", l.Mark, l.Text)
			}
			continue
		}
		result = append(result, l)
	}
	if text := resultText(result); withoutTimes(text) != withoutTimes(strings.TrimSuffix(resp.Result, "\n")) {
		t.Errorf("the pane's result lines differ from the engine's result:\n%s\nwant\n%s", text, resp.Result)
		return
	}
	for line, mark := range lineMarks(resp) {
		if line <= len(result) && result[line-1].Mark != mark {
			t.Errorf("result line %d %q is marked %q, its fields are %s", line, result[line-1].Text, result[line-1].Mark, mark)
		}
	}
	if hasMark(resp, contract.Deleted) != hasDeleted(lines) {
		t.Errorf("deleted fields: %v, struck lines shown: %v", hasMark(resp, contract.Deleted), hasDeleted(lines))
	}
}

// managedTime is a managedFields entry's time line.
var managedTime = regexp.MustCompile(`(?m)^( *)time: \d{4}-\d\d-\d\dT[\d:]+Z$`)

// withoutTimes is a result with managedFields' times blanked: the page sends options.now only to
// the modes that offer it (ssa), so an apply, patch or twoway example's created object carries
// the page's clock there, the example's options.now in the engine's answer.
func withoutTimes(text string) string {
	return managedTime.ReplaceAllString(text, "${1}time: TIME")
}

// markSet returns the marks of a response's fields.
func markSet(resp *contract.Response) map[string]bool {
	out := map[string]bool{}
	for _, f := range resp.Fields {
		out[string(f.Mark)] = true
	}
	return out
}

// lineMarks maps each result line where result fields start to their mark, when they agree.
func lineMarks(resp *contract.Response) map[int]string {
	out, conflicting := map[int]string{}, map[int]bool{}
	for _, f := range resp.Fields {
		if f.Mark == contract.Deleted || f.Mark == contract.Dropped || f.Mark == contract.Conflicted || f.Line <= 0 {
			continue
		}
		if m, ok := out[f.Line]; ok && m != string(f.Mark) {
			conflicting[f.Line] = true
		}
		out[f.Line] = string(f.Mark)
	}
	for line := range conflicting {
		delete(out, line)
	}
	return out
}

func hasMark(resp *contract.Response, mark contract.Mark) bool {
	for _, f := range resp.Fields {
		if f.Mark == mark {
			return true
		}
	}
	return false
}

func hasDeleted(lines []shownLine) bool {
	for _, l := range lines {
		if l.Deleted {
			return true
		}
	}
	return false
}

func sorted(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
