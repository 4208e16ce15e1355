package browsertest

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

// embedPath is the embed the tests open: the config and the result, read-only, dark.
const embedPath = "/?embed=1&panes=updated,result&readonly=1&theme=dark#example=apply-containers"

// TestEmbedLayout opens the embed as a top-level page: the embed layout, only the panes asked
// for, read-only editors, the theme asked for, and a marked result.
func TestEmbedLayout(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 900, 700)
	p.navigate(embedPath)
	p.waitReady()
	var got struct {
		Embed, Shown, Original, Live bool
		Theme                        string
		ReadOnly                     string
		Marks                        int
	}
	p.eval(`(() => {
	  const visible = (sel) => { const el = document.querySelector(sel); return !!el && !el.closest("[hidden]") && el.getClientRects().length > 0; };
	  return {
	    Embed: document.documentElement.hasAttribute("data-embed"),
	    Shown: visible('[data-input="updated"]'),
	    Original: visible('[data-input="original"]'),
	    Live: visible('[data-input="live"]'),
	    Theme: document.documentElement.dataset.theme || "",
	    ReadOnly: document.querySelector('[data-input="updated"] .cm-content')?.getAttribute("aria-readonly") ?? "",
	    Marks: document.querySelectorAll('#result [data-mark]:not([data-mark="none"])').length,
	  };
	})()`, &got)
	if !got.Embed || !got.Shown || got.Original || got.Live || got.Theme != "dark" || got.ReadOnly != "true" || got.Marks == 0 {
		t.Errorf("embed layout: %+v (want data-embed, updated shown, original and live hidden, dark, read-only, marks)", got)
	}
	before := p.editorText("updated")
	p.typeAtEnd("updated", "typed: into a read-only embed")
	if after := p.editorText("updated"); after != before {
		t.Errorf("typing changed a read-only embed's editor: %q", after)
	}
	p.expectNoProblems()
}

// TestEmbedAnswersPostMessage embeds the page in an iframe of another origin, as documentation
// would, and talks to it: results arrive, mergeplay:set re-merges, mergeplay:get returns the
// state, and a malformed mergeplay message is refused with mergeplay:error.
func TestEmbedAnswersPostMessage(t *testing.T) {
	h := setup(t)
	parent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>docs</title>
<script>window.received = []; addEventListener("message", (e) => window.received.push(e.data));</script>
<iframe id="embed" src="%s" width="900" height="600"></iframe>`, html.EscapeString(h.url(strings.Replace(embedPath, "&readonly=1", "", 1))))
	}))
	defer parent.Close()
	p := openTab(t, h, 1000, 700)
	p.do("opening the documentation page", chromedp.Navigate(parent.URL))
	waitMessage := func(what, predicate string) {
		t.Helper()
		p.waitFor(what, `window.received.some((m) => m && `+predicate+`)`, 20*time.Second)
	}
	waitMessage("a first mergeplay:result", `m.type === "mergeplay:result" && m.response && m.response.result`)
	waitMessage("a mergeplay:height", `m.type === "mergeplay:height" && m.height > 0`)

	const updated = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-the-parent\ndata:\n  greeting: hello\n"
	p.eval(`document.getElementById("embed").contentWindow.postMessage({type: "mergeplay:set", original: "", live: "", updated: `+js(updated)+`}, "*")`, nil)
	waitMessage("the result of mergeplay:set", `m.type === "mergeplay:result" && m.response && m.response.result.includes("greeting: hello")`)

	p.eval(`document.getElementById("embed").contentWindow.postMessage({type: "mergeplay:get"}, "*")`, nil)
	waitMessage("mergeplay:state", `m.type === "mergeplay:state"`)
	var state struct {
		Mode    string `json:"mode"`
		Updated string `json:"updated"`
	}
	p.eval(`window.received.filter((m) => m && m.type === "mergeplay:state").pop().state`, &state)
	if state.Updated != updated || state.Mode != "apply" {
		t.Errorf("mergeplay:state says %+v", state)
	}

	p.eval(`document.getElementById("embed").contentWindow.postMessage({type: "mergeplay:set", updated: 42}, "*")`, nil)
	waitMessage("mergeplay:error for a malformed message", `m.type === "mergeplay:error" && typeof m.error === "string"`)
	p.expectNoProblems()
}

// embedGeometry reads an embed's layout from the parent page (same origin): where the result and
// the inputs are, how many rows the result's tabs take, the embed's height and its frame's.
// squeezedPanels lists the panels of an output column cut shorter than their text while under
// their own cap: the tab shown and the exercise are the ones that give way (their editors scroll).
const squeezedPanels = `((output) => [...output.children]
  .filter((el) => el.getClientRects().length && !el.matches(".mp-tabpanel, .mp-exercise"))
  .filter((el) => el.scrollHeight > el.clientHeight + 1 && !(el.clientHeight >= parseFloat(getComputedStyle(el).maxHeight) - 1))
  .map((el) => el.className))`

const embedGeometry = `(() => {
  const frame = document.getElementById("embed");
  const d = frame.contentDocument;
  const r = (el) => el.getBoundingClientRect();
  const output = r(d.getElementById("mp-output"));
  const inputs = [...d.querySelectorAll(".mp-pane:not([hidden])")].map(r).filter((b) => b.height > 0);
  const tabs = [...d.querySelectorAll('[role="tab"]')].map((t) => Math.round(r(t).top));
  const scroller = r(d.querySelector("#result .cm-scroller"));
  const lines = [...d.querySelectorAll("#result .cm-line")].map(r).filter((b) => b.height > 0 && b.top >= scroller.top - 1 && b.bottom <= scroller.bottom + 1).length;
  const squeezed = ` + squeezedPanels + `(d.getElementById("mp-output"));
  return {
    OutputLeft: output.left, OutputTop: output.top, OutputBottom: output.bottom,
    InputsRight: Math.max(...inputs.map((b) => b.right)), InputsTop: Math.min(...inputs.map((b) => b.top)),
    TabRows: new Set(tabs).size, Body: Math.ceil(d.body.getBoundingClientRect().height), Frame: r(frame).height,
    Lines: lines, Squeezed: squeezed,
    Ready: d.documentElement.hasAttribute("data-ready") && !d.querySelector(".mp-preview"),
  };
})()`

type embedBox struct {
	OutputLeft, OutputTop, OutputBottom float64
	InputsRight, InputsTop              float64
	TabRows                             int
	Body, Frame                         float64
	Lines                               int      // the result's lines in sight
	Squeezed                            []string // panels of the output column cut short
	Ready                               bool
}

// heightScript is web/embed.js's HEIGHT_SCRIPT (a copy), which the Embed dialog offers the
// parent page: it sets the frame's height to the one the embed asks for.
const heightScript = `<script>
addEventListener("message", (e) => {
  if (e.data?.type !== "mergeplay:height") return;
  for (const f of document.querySelectorAll("iframe"))
    if (f.contentWindow === e.source) f.height = String(e.data.height);
});
</script>`

// TestEmbedLaysOutForItsWidth embeds the default example (three inputs and the result) in a
// documentation page whose frame takes its height from the embed (heightScript): at 800 px the
// inputs sit stacked beside the result, whose tabs hold one row; at 480 px the panes stack, the
// result first. Either way the result shows at least 12 lines, no panel above or below it (the
// status, how live is managed, the legend) is cut short, and the frame settles at a height that
// shows the whole embed: under 760 px at 800 px (it asked for 1,758 px before: three input
// columns, the result in a row under them, each as tall as the frame), under 1,200 px for the four
// panes stacked at 480 px.
func TestEmbedLaysOutForItsWidth(t *testing.T) {
	h := setup(t)
	pages, err := server.New(h.distDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ width, most int }{{800, 760}, {480, 1200}} {
		width := c.width
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			// The documentation page comes from the embed's own origin, so that the test can read
			// the frame's layout.
			site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/docs" {
					pages.ServeHTTP(w, r)
					return
				}
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprintf(w, `<!doctype html><title>docs</title><link rel="icon" href="data:,"><body style="margin:0">
<iframe id="embed" src="/?embed=1#example=apply-containers" width="%d" height="480"></iframe>%s`, width, heightScript)
			}))
			defer site.Close()
			p := openTab(t, h, int64(width)+40, 900)
			p.do("opening the documentation page", chromedp.Navigate(site.URL+"/docs"))
			var box embedBox
			deadline := time.Now().Add(30 * time.Second)
			for {
				p.eval(`(() => { try { return `+embedGeometry+`; } catch { return {}; } })()`, &box)
				if box.Ready && box.Body > 0 && box.Body <= box.Frame+1 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the frame never settled at the embed's height: %+v", box)
				}
				time.Sleep(200 * time.Millisecond)
			}
			time.Sleep(500 * time.Millisecond) // a last height message may still be on its way
			p.eval(embedGeometry, &box)
			t.Logf("%d px: %+v", width, box)
			if dir := os.Getenv("MERGEPLAY_SCREENSHOTS"); dir != "" {
				p.screenshot(dir, fmt.Sprintf("embed-%d.png", width))
			}
			if box.Frame > float64(c.most) || box.Body > box.Frame+1 {
				t.Errorf("the frame is %.0f px tall for an embed of %.0f px, want it to show the whole embed in at most %d px", box.Frame, box.Body, c.most)
			}
			if box.Lines < minLines {
				t.Errorf("the result shows %d lines, want at least %d", box.Lines, minLines)
			}
			if len(box.Squeezed) > 0 {
				t.Errorf("panels of the output column are cut shorter than their text: %q", box.Squeezed)
			}
			if box.TabRows != 1 {
				t.Errorf("the result's tabs wrap onto %d rows", box.TabRows)
			}
			if width >= 720 && box.OutputLeft < box.InputsRight {
				t.Errorf("at %d px the result (left %.0f) is not beside the inputs (right %.0f)", width, box.OutputLeft, box.InputsRight)
			}
			if width < 720 && box.OutputBottom > box.InputsTop {
				t.Errorf("at %d px the result (%.0f–%.0f) does not come first, above the inputs (from %.0f)", width, box.OutputTop, box.OutputBottom, box.InputsTop)
			}
			p.expectNoProblems()
		})
	}
}

// TestEmbedInAFixedFrame opens an embed in frames of a fixed height, too short for the output
// column's panels and 12 lines of result: the Embed dialog's default 480 px, at 800 and 390 px
// wide, on a conflict example (its conflicts panel above the result). The output column scrolls
// as a whole; scrolled to the result, the reader sees at least 12 of its lines, and no panel is
// cut shorter than its text (before, the summary of how live is managed was cut mid-line and the
// result left with no height at all).
func TestEmbedInAFixedFrame(t *testing.T) {
	h := setup(t)
	for _, width := range []int64{800, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			p := openTab(t, h, width, 480)
			p.navigate("/?embed=1#example=ssa-autoscaler-conflict")
			p.waitReady()
			var got struct {
				Lines    int
				Squeezed []string
			}
			p.eval(`(() => {
			  const output = document.getElementById("mp-output");
			  const top = () => document.querySelector("#result .cm-scroller").getBoundingClientRect().top;
			  output.scrollTop += top() - Math.max(output.getBoundingClientRect().top, 0);
			  if (top() < 0 || top() > innerHeight) window.scrollBy(0, top());
			  const b = document.querySelector("#result .cm-scroller").getBoundingClientRect();
			  const lines = [...document.querySelectorAll("#result .cm-line")].filter((l) => {
			    const r = l.getBoundingClientRect();
			    return r.height > 0 && r.top >= Math.max(b.top, 0) - 1 && r.bottom <= Math.min(b.bottom, innerHeight) + 1;
			  }).length;
			  return {Lines: lines, Squeezed: `+squeezedPanels+`(output)};
			})()`, &got)
			if got.Lines < minLines {
				t.Errorf("scrolled to, the result shows %d lines in a 480 px frame, want at least %d", got.Lines, minLines)
			}
			if len(got.Squeezed) > 0 {
				t.Errorf("panels of the output column are cut shorter than their text: %q", got.Squeezed)
			}
			p.expectNoProblems()
		})
	}
}
