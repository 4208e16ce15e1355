package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDroppedItemShown: #example=apply-container-ports-53. The config's 53/UDP port, which
// kubectl's patch merged into the 53/TCP one, is drawn struck from the config right after the
// port the result kept, marked dropped; the legend's dropped jumps to it, and its reason (on
// focus, in the live panel; on hover, in a tooltip) says what was lost. The page passes axe-core
// in light and dark with the dropped lines shown.
func TestDroppedItemShown(t *testing.T) {
	h := setup(t)
	ex := exampleNamed(t, "apply-container-ports-53")
	p := modeTab(t, h, "/#example="+ex.Name)
	lines := p.resultLines()
	checkMarks(t, ex, answer(t, ex.Request), lines)
	udp := indexOf(lines, func(l shownLine) bool { return l.Dropped && l.Text == "        - containerPort: 53" })
	switch {
	case udp < 0 || udp+1 >= len(lines):
		t.Fatalf("no struck dropped port in the result pane:\n%s", paneText(lines))
	case lines[udp+1].Text != "          protocol: UDP" || !lines[udp+1].Dropped:
		t.Errorf("the dropped port's second line is %+v, want its protocol: UDP struck", lines[udp+1])
	case udp < 2 || lines[udp-1].Text != "          protocol: TCP" || lines[udp-1].Dropped || lines[udp-1].Deleted:
		t.Errorf("the dropped port is not drawn right after the kept 53/TCP port:\n%s", paneText(lines))
	}
	for _, l := range lines[udp : udp+2] {
		if l.Mark != "dropped" {
			t.Errorf("dropped line %q is marked %q", l.Text, l.Mark)
		}
	}

	// The legend lists dropped, and jumps to the struck port; the keyboard panel reads its reason.
	var legend struct {
		Disabled bool
		Text     string
	}
	p.eval(`(() => { const b = document.querySelector('.mp-legend-item[data-mark="dropped"]'); return b ? {disabled: b.disabled, text: b.textContent} : {disabled: true, text: ""}; })()`, &legend)
	if legend.Disabled || !strings.Contains(legend.Text, "dropped") {
		t.Fatalf("the legend's dropped entry is %+v, want an enabled button naming dropped", legend)
	}
	p.do("pressing the legend's dropped", chromedp.Click(chromedp.CSS(`.mp-legend-item[data-mark="dropped"]`)))
	p.waitFor("the reason panel reading the dropped port", `(() => { const t = document.querySelector(".mp-reason").textContent;
	  return t.includes("dropped") && t.includes("Config line") && t.includes('protocol "UDP"') && t.includes("server-side apply"); })()`, 5*time.Second)

	// Hovering the struck port shows the same reason in a tooltip.
	p.hoverLine("the dropped port", `document.querySelector("#result .cm-line.mp-dropped")`,
		`[...document.querySelectorAll(".cm-tooltip .mp-reason-text")].some((e) => e.textContent.includes('protocol "UDP"'))`)
	p.expectNoProblems()

	for _, scheme := range []string{"light", "dark"} {
		t.Run("axe-"+scheme, func(t *testing.T) {
			q := openTabWithin(t, h, 1440, 900, 4*tabTimeout)
			q.do("choosing the "+scheme+" scheme", colorScheme(scheme))
			q.navigate("/#example=" + ex.Name)
			q.waitReady()
			q.checkAxe("apply-container-ports-53 (dropped) " + scheme)
			q.expectNoProblems()
		})
	}
}
