package browsertest

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// hostile is markup that runs code wherever it is parsed as HTML.
const hostile = `<img src=x onerror=alert(1)>`

// TestHostileTextRendersAsText opens links crafted to inject markup (a share link whose inputs,
// keys, names and options hold it; an example link; embed parameters; a damaged share link) and
// types it into an editor; the share link opens into the exercise too, revealed. Each tab fails on any dialog; the page must show the text as text,
// create no element from it, and log no error (an inline handler blocked by the CSP logs one).
func TestHostileTextRendersAsText(t *testing.T) {
	h := setup(t)
	// A Role, whose name need only be a path segment: the API server takes this one (a
	// ConfigMap so named, or a label so written, it refuses: engine/apiserver).
	doc := "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: \"" + hostile + "\"\n  annotations:\n    html: \"" + hostile + "\"\n" +
		"    link: \"javascript:alert(2)\"\nrules:\n- apiGroups: [\"\"]\n  resources: [\"" + hostile + "\"]\n  verbs: [get]\n"
	bad := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: [" + hostile + "\n"
	crafted := encodeShare(t, map[string]any{
		"mode": "apply", "original": "", "updated": doc, "live": doc,
		"options": map[string]any{"schemaType": hostile},
	})
	erroring := encodeShare(t, map[string]any{"mode": "apply", "original": "", "updated": bad, "live": doc})
	for _, tt := range []struct {
		name, path string
		ready      bool
		shows      string // text the page must show (as text)
	}{
		{"share link", "/" + crafted, true, hostile},
		{"share link with a YAML error", "/" + erroring, true, ""},
		// The browser percent-encodes the fragment: whatever the page shows of it, it is text.
		{"example link", "/#example=" + url.PathEscape(hostile), true, ""},
		{"damaged share link", "/#s=1." + url.PathEscape(hostile), true, ""},
		{"embed parameters", "/?embed=1&panes=" + url.QueryEscape(hostile) + "&theme=" + url.QueryEscape(`"><svg onload=alert(3)>`) + crafted, true, hostile},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := openTab(t, h, 1280, 1000)
			p.navigate(tt.path)
			if tt.ready {
				p.waitFor("data-ready", `document.documentElement.hasAttribute("data-ready")`, 30*time.Second)
			}
			time.Sleep(300 * time.Millisecond) // let tooltips, views and the link settle
			checkNoInjection(t, p, tt.shows)
		})
	}
	t.Run("exercise", func(t *testing.T) {
		p := openExercise(t, h, "/"+crafted+"&exercise=1", 1280, 1000)
		p.do("revealing", chromedp.Click(chromedp.CSS(`[data-action="reveal"]`)))
		p.waitFor("the reasons of the missed lines", `document.querySelectorAll(".mp-exercise-reason").length > 0`, 5*time.Second)
		var inGrid bool
		p.eval(`document.querySelector(".mp-exercise-grid").textContent.includes(`+js(hostile)+`)`, &inGrid)
		if !inGrid {
			t.Error("the exercise does not show the hostile text as text")
		}
		checkNoInjection(t, p, hostile)
	})
	t.Run("typed", func(t *testing.T) {
		p := openTab(t, h, 1280, 1000)
		p.navigate("/#example=apply-field-added")
		p.waitReady()
		// A document of its own: a field typed into the Deployment would be refused as unknown
		// (strict validation), and a ConfigMap's data holds any text.
		p.typeAtEnd("updated", "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: injected\ndata:\n  html: \""+hostile+"\"\n")
		p.waitFor("the typed text in the result", `document.querySelector("#result").textContent.includes(`+js(hostile)+`)`, 10*time.Second)
		// Hover the lines that hold the text, so that their reason tooltips are built.
		var points [][2]float64
		p.eval(`(() => { const lines = [...document.querySelectorAll("#result .cm-line")].filter((l) => l.textContent.includes("<img")); lines[0]?.scrollIntoView({block: "center"}); return lines.map((l) => { const r = l.getBoundingClientRect(); return [r.left + 40, r.top + r.height / 2]; }); })()`, &points)
		if len(points) == 0 {
			t.Fatal("no result line shows the typed text")
		}
		for _, pt := range points {
			p.do("hovering the result", chromedp.MouseEvent(chromedp.MouseMoved, pt[0], pt[1]), chromedp.Sleep(400*time.Millisecond))
		}
		var tooltips int
		p.eval(`document.querySelectorAll(".cm-tooltip").length`, &tooltips)
		if tooltips == 0 {
			t.Error("hovering a marked line showed no reason tooltip")
		}
		for _, tab := range []string{"Patch", "Diff", "Explain", "Result"} {
			clickTab(p, tab)
		}
		checkNoInjection(t, p, hostile)
	})
}

// checkNoInjection fails when the page holds an element made from the hostile text, does not
// show the text it should, or logged problems.
func checkNoInjection(t *testing.T, p *tab, shows string) {
	t.Helper()
	var injected []string
	p.eval(`[...document.querySelectorAll('img[src="x"], img[onerror], svg[onload], [onerror], [onload]')].map((el) => el.outerHTML.slice(0, 120))`, &injected)
	if len(injected) > 0 {
		t.Errorf("elements made from hostile text: %v", injected)
	}
	if shows != "" {
		var text string
		p.eval(`document.body.textContent`, &text)
		if !strings.Contains(text, shows) {
			t.Errorf("the page does not show %q as text", shows)
		}
	}
	p.expectNoProblems()
}

// clickTab selects a tab of the result views by its label.
func clickTab(p *tab, label string) {
	p.t.Helper()
	p.eval(`(() => { const b = [...document.querySelectorAll('[role="tab"]')].find((el) => el.textContent.trim().startsWith(`+js(label)+`)); if (b) b.click(); return !!b; })()`, nil)
}
