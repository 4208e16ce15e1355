package browsertest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestScreenshots takes the screenshots of the README and docs/: the default view, an embed and
// a phone's width (390 px), light and dark, each with a reason tooltip open; and the exercise
// revealed, light, dark and at 390 px (exerciseShots). They go to the folder MERGEPLAY_SCREENSHOTS names (make
// screenshots writes docs/screenshots); without it, to a temporary folder, so that the views are
// still exercised.
func TestScreenshots(t *testing.T) {
	h := setup(t)
	dir := screenshotDir(t)
	for _, shot := range []struct {
		name, path    string
		width, height int64
	}{
		{"default", "/", 1440, 900},
		{"embed", "/?embed=1&panes=updated,result#example=apply-containers", 960, 640},
		{"phone", "/", 390, 844},
	} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(shot.name+"-"+scheme, func(t *testing.T) {
				p := openTab(t, h, shot.width, shot.height)
				p.do("choosing the "+scheme+" scheme", colorScheme(scheme))
				p.navigate(shot.path)
				p.waitReady()
				var theme string
				p.eval(`document.documentElement.dataset.theme || ""`, &theme)
				if theme != scheme {
					t.Errorf("the page's theme is %q under prefers-color-scheme: %s", theme, scheme)
				}
				hoverMarked(p)
				png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.HasPrefix(png, []byte("\x89PNG")) {
					t.Fatal("the screenshot is not a PNG")
				}
				file := filepath.Join(dir, shot.name+"-"+scheme+".png")
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s (%d bytes)", file, len(png))
				p.expectNoProblems()
			})
		}
	}
	for i, shot := range exerciseShots {
		t.Run(shot.name, func(t *testing.T) {
			png := exerciseScreenshot(t, h, i)
			file := filepath.Join(dir, shot.name+".png")
			if err := os.WriteFile(file, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s (%d bytes)", file, len(png))
		})
	}
}

// colorScheme emulates the system's light or dark preference.
func colorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// hoverMarked moves the mouse over a marked line of the result (a deleted one first: its reason
// is the engine's own, where an opener's says its subtree is uniform), so that its reason shows
// in a tooltip.
func hoverMarked(p *tab) {
	p.t.Helper()
	p.hoverLine("a marked line", `(() => {
	  const lines = [...document.querySelectorAll("#result .cm-line")];
	  return ["deleted", "changed", "added", "retained"].map((m) => lines.find((l) => l.dataset.mark === m)).find(Boolean);
	})()`, `!!document.querySelector(".cm-tooltip .mp-reason-text")`)
	time.Sleep(200 * time.Millisecond)
}

// hoverLine scrolls the result line the JavaScript expression line selects into view, rests the
// mouse on it and waits until the predicate tooltip holds. The editor shows its tooltip once the
// pointer rests on the line; a busy machine (a fresh clone's test run beside other work) can
// drop the first hover, so it moves off and back, a few times.
func (p *tab) hoverLine(what, line, tooltip string) {
	p.t.Helper()
	var pt []float64
	p.eval(`(() => {
	  const line = `+line+`;
	  if (!line) return [];
	  line.scrollIntoView({ block: "center" });
	  const r = line.getBoundingClientRect();
	  return [r.left + Math.min(120, r.width / 2), r.top + r.height / 2];
	})()`, &pt)
	if len(pt) != 2 {
		p.t.Fatalf("no %s to hover", what)
	}
	for attempt := 1; ; attempt++ {
		p.do("hovering "+what, chromedp.MouseEvent(chromedp.MouseMoved, pt[0], pt[1]))
		if p.poll(tooltip, 5*time.Second) {
			return
		}
		if attempt == 4 {
			p.waitFor("the tooltip of "+what, tooltip, 5*time.Second)
			return
		}
		p.do("moving off "+what, chromedp.MouseEvent(chromedp.MouseMoved, 1, 1))
	}
}
