package browsertest

import (
	"testing"
)

// TestLoadsWithoutErrors opens the page as a reader would and waits for the wasm's answer: no
// console error, no exception, no CSP violation on the way.
func TestLoadsWithoutErrors(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 900)
	p.navigate("/")
	p.waitReady()
	var marks int
	p.eval(`document.querySelectorAll("#result [data-mark]").length`, &marks)
	if marks == 0 {
		t.Error("the result shows no line with a data-mark")
	}
	p.expectNoProblems()
}
