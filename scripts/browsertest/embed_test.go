package browsertest

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
