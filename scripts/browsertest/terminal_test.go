package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// terminalState reads the "At the terminal" block: whether it is open, its folded line, and the
// room between its texts and the output column's edges.
const terminalState = `(() => {
  const block = document.querySelector(".mp-terminal");
  const column = document.getElementById("mp-output").getBoundingClientRect();
  const title = block.querySelector(".mp-disclosure-title").getBoundingClientRect();
  const line = block.querySelector(".mp-command-line pre")?.getBoundingClientRect();
  return {
    open: block.open,
    peek: block.querySelector(".mp-terminal-peek").textContent,
    titleLeft: title.left - column.left,
    lineLeft: line && line.width ? line.left - column.left : -1,
    lineRight: line && line.width ? column.right - line.right : -1,
  };
})()`

// openTerminal opens the "At the terminal" block (it starts folded in windows under 1000 px
// tall) as a reader does, by its heading.
func (p *tab) openTerminal() {
	p.t.Helper()
	var open bool
	p.eval(`document.querySelector(".mp-terminal").open`, &open)
	if !open {
		p.do("opening At the terminal", chromedp.Click(chromedp.CSS(".mp-terminal summary")))
	}
}

type terminalView struct {
	Open      bool    `json:"open"`
	Peek      string  `json:"peek"`
	TitleLeft float64 `json:"titleLeft"`
	LineLeft  float64 `json:"lineLeft"`
	LineRight float64 `json:"lineRight"`
}

// TestTerminalBlock: "At the terminal" starts folded to one line holding the first command in a
// window under 1000 px tall and open in a taller one; Enter on its heading opens it (the reader's
// choice is kept over a reload); its heading and commands keep a padding from the column's edges
// on a desktop and a phone; while an input is broken it is greyed with the result.
func TestTerminalBlock(t *testing.T) {
	h := setup(t)
	for _, size := range []struct {
		width, height int64
		open          bool
	}{{1440, 900, false}, {1920, 1080, true}, {390, 844, false}} {
		p := openTab(t, h, size.width, size.height)
		p.navigate("/#example=apply-containers")
		p.waitReady()
		var v terminalView
		p.eval(terminalState, &v)
		if v.Open != size.open {
			t.Errorf("%dx%d: the terminal block starts open=%v, want %v", size.width, size.height, v.Open, size.open)
		}
		if v.Peek != "$ kubectl apply -f config.yaml" {
			t.Errorf("%dx%d: the folded line shows %q", size.width, size.height, v.Peek)
		}
		if !v.Open {
			p.do("opening the block by keyboard", chromedp.Focus(chromedp.CSS(".mp-terminal summary")), chromedp.KeyEvent(kb.Enter))
			p.eval(terminalState, &v)
			if !v.Open {
				t.Fatalf("%dx%d: Enter on the heading does not open the block", size.width, size.height)
			}
		}
		if v.TitleLeft < 8 || v.LineLeft < 8 || v.LineRight < 8 {
			t.Errorf("%dx%d: the block's heading and command are %.0f, %.0f and %.0f px from the column's edges, want at least 8", size.width, size.height, v.TitleLeft, v.LineLeft, v.LineRight)
		}
		p.close()
	}

	p := openTab(t, h, 1440, 900)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	p.do("opening the block", chromedp.Click(chromedp.CSS(".mp-terminal summary")))
	p.waitFor("the choice kept", `localStorage.getItem("mergeplay:terminal") === "open"`, 2*time.Second)
	p.do("reloading", chromedp.Reload())
	p.waitReady()
	var v terminalView
	p.eval(terminalState, &v)
	if !v.Open {
		t.Error("after a reload the terminal block forgot it was opened")
	}
	const opacity = `Number(getComputedStyle(document.querySelector(".mp-commands-list")).opacity)`
	p.typeAtEnd("live", "  bad: [unclosed")
	p.waitFor("the terminal greyed with the stale result", `document.documentElement.hasAttribute("data-stale") && `+opacity+` < 0.6`, 5*time.Second)
	p.do("undoing", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.waitReady()
	p.waitFor("the terminal no longer greyed", opacity+` === 1`, 5*time.Second)
	p.expectNoProblems()
}
