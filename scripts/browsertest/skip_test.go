package browsertest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// skipResources makes a stream the worker answers (web/inline.js answers requests of at most
// 64 KiB on the page's thread; this one, about 240 KB, is the worker's). Its answers leave the line diff
// and the patches out until their tab is shown, as every answer does (web/engine.js
// partsToSkip). It was a stream past 1 MiB while only those left them out; under a load
// average of 9 or more its answer passed the worker's time limit (11.3 s) now and then.
const skipResources = 400

// TestLongStreamTabsAskForTheirParts sets a stream the worker answers, then opens the Diff and
// Patch tabs: each draws its part, which the answer shown left out and the tab asked for.
func TestLongStreamTabsAskForTheirParts(t *testing.T) {
	h := setup(t)
	req := largeStream(t, skipResources)
	if n := len(req.Original) + len(req.Updated) + len(req.Live); n <= 2*64<<10 {
		t.Fatalf("the stream holds %d bytes, want more than 128 KiB: the worker's, not the page's thread", n)
	}
	p := openTabWithin(t, h, 1440, 900, 5*time.Minute)
	defer p.close()
	p.navigate("/")
	p.waitReady()
	// Count what the worker is asked, to see the answer leave the parts out and the tabs ask.
	p.eval(`(() => {
	  window.__mpAsked = [];
	  const post = Worker.prototype.postMessage;
	  Worker.prototype.postMessage = function (message) {
	    if (message && typeof message.request === "string") window.__mpAsked.push(JSON.parse(message.request).skip ?? []);
	    return post.apply(this, arguments);
	  };
	})()`, nil)
	p.eval(setTimer, nil)
	var ms float64
	p.eval(fmt.Sprintf(`window.__mpSet({type: "mergeplay:set", mode: "apply", original: %s, updated: %s, live: %s})`,
		js(req.Original), js(req.Updated), js(req.Live)), &ms)
	var asked [][]string
	p.eval(`window.__mpAsked`, &asked)
	if len(asked) == 0 || fmt.Sprint(asked[len(asked)-1]) != "[diff patches]" {
		t.Errorf("the long stream's request skipped %v, want [diff patches]", asked)
	}
	for _, tt := range []struct{ tab, drawn, skip string }{
		{"diff", `#mp-panel-diff .mp-diff-row`, "[patches]"},
		{"patch", `#mp-panel-patch .mp-patch`, "[]"},
	} {
		p.do("clicking the "+tt.tab+" tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="`+tt.tab+`"]`)))
		p.waitFor("the "+tt.tab+" tab drawn", `document.querySelector(`+js(tt.drawn)+`) !== null`, 2*time.Minute)
		p.eval(`window.__mpAsked`, &asked)
		if got := fmt.Sprint(asked[len(asked)-1]); got != tt.skip {
			t.Errorf("the %s tab asked with skip %s, want %s", tt.tab, got, tt.skip)
		}
	}
	p.expectNoProblems()
}
