package browsertest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLoadsWithoutErrors opens the page as a reader would and waits for the wasm's answer: no
// console error, no exception, no CSP violation on the way. The wasm's first answer is the
// prerendered one, which the page keeps as drawn (the mergeplay:kept mark): the build asks for it
// as the page's first request does.
func TestLoadsWithoutErrors(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 900)
	p.navigate("/")
	p.waitReady()
	var marks, kept int
	p.eval(`document.querySelectorAll("#result [data-mark]").length`, &marks)
	if marks == 0 {
		t.Error("the result shows no line with a data-mark")
	}
	p.eval(`performance.getEntriesByName("mergeplay:kept").length`, &kept)
	if kept != 1 {
		t.Error("the engine's first answer is not the prerendered one: the page drew it again")
	}
	p.expectNoProblems()
}

// TestEditorsLookTheSameBuilt holds the wasm, so that the editors stay previews of their texts
// (web/preview.js) and the result pane a preview of the prerendered answer (web/resultpreview.js),
// and screenshots them; then lets the engine answer, which builds their CodeMirror views, and
// screenshots them again: each editor's pixels, and the result pane's, are the same, in light and
// dark and at a phone's width. Only anti-aliasing may differ (a pane's rounded corners), a few
// pixels.
func TestEditorsLookTheSameBuilt(t *testing.T) {
	h := setup(t)
	for _, c := range []struct {
		name          string
		width, height int64
		scheme        string
	}{{"desktop-light", 1440, 900, "light"}, {"desktop-dark", 1440, 900, "dark"}, {"phone-light", 390, 844, "light"}} {
		t.Run(c.name, func(t *testing.T) {
			url, release := gatedServer(t, h, false)
			p := openTab(t, h, c.width, c.height)
			p.do("choosing the "+c.scheme+" scheme", colorScheme(c.scheme))
			p.do("loading the page", chromedp.Navigate(url+"/"))
			p.waitFor("the prerendered answer", `document.documentElement.hasAttribute("data-prerendered") && document.querySelectorAll("#mp-inputs .mp-preview, #result .mp-preview").length === 4`, 30*time.Second)
			before, rects := editorShots(p)
			release()
			p.waitReady()
			after, rectsAfter := editorShots(p)
			for i, r := range rects {
				// The part of the pane on screen in both: the result pane's height follows the
				// status line above it, which says other things before and after the answer.
				r = r.Intersect(rectsAfter[i])
				if r.Dx() == 0 || r.Dy() == 0 {
					continue // an editor off the screen or hidden
				}
				differ := 0
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						if before.At(x, y) != after.At(x, y) {
							differ++
						}
					}
				}
				if differ > 40 {
					t.Errorf("%s (%v): %d pixels differ between its preview and its view%s", paneNames[i], r, differ, keepShots(t, c.name, before, after))
				}
			}
			p.expectNoProblems()
		})
	}
}

// keepShots writes both screenshots of a pane that changed to the folder MERGEPLAY_SCREENSHOTS
// names, and says where; without it, nothing.
func keepShots(t *testing.T, name string, before, after image.Image) string {
	dir := os.Getenv("MERGEPLAY_SCREENSHOTS")
	if dir == "" {
		return ""
	}
	var written []string
	for suffix, img := range map[string]image.Image{"preview": before, "view": after} {
		path := filepath.Join(dir, fmt.Sprintf("looks-%s-%s.png", name, suffix))
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil || os.WriteFile(path, buf.Bytes(), 0o644) != nil {
			t.Logf("could not write %s", path)
			continue
		}
		written = append(written, path)
	}
	sort.Strings(written)
	return fmt.Sprintf(" (screenshots: %s)", strings.Join(written, ", "))
}

// paneNames names the boxes editorShots returns, in order.
var paneNames = []string{"the original editor", "the updated editor", "the live editor", "the result pane"}

// editorShots screenshots the page (without moving the mouse over it) and returns the visible
// part of each input editor's box and of the result pane's.
func editorShots(p *tab) (image.Image, []image.Rectangle) {
	p.t.Helper()
	var boxes [][4]float64
	p.eval(`[...document.querySelectorAll("#mp-inputs [data-input], #result")].map((el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })`, &boxes)
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		p.t.Fatal(err)
	}
	var rects []image.Rectangle
	for _, b := range boxes {
		rects = append(rects, image.Rect(int(math.Ceil(b[0])), int(math.Ceil(b[1])), int(b[2]), int(b[3])).Intersect(img.Bounds()))
	}
	return img, rects
}

// TestPrerenderedAnswerServesItsTabs holds the wasm: the prerendered answer (the default
// example's, computed whole when the page was built) draws the Diff tab at once. Released, the
// engine's first answer, which leaves the diff and the patches out, is kept as drawn (the
// mergeplay:kept mark), and the Patch tab still draws: the page's answer is the one it kept.
func TestPrerenderedAnswerServesItsTabs(t *testing.T) {
	h := setup(t)
	url, release := gatedServer(t, h, false)
	p := openTab(t, h, 1280, 900)
	p.do("loading the page", chromedp.Navigate(url+"/"))
	p.waitFor("the prerendered answer", `document.documentElement.hasAttribute("data-prerendered")`, 30*time.Second)
	p.do("clicking the diff tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="diff"]`)))
	p.waitFor("the diff drawn from the prerendered answer", `document.querySelector("#mp-panel-diff .mp-diff-row") !== null`, 10*time.Second)
	release()
	p.waitReady()
	var kept int
	p.eval(`performance.getEntriesByName("mergeplay:kept").length`, &kept)
	if kept != 1 {
		t.Errorf("the engine's first answer was drawn again (mergeplay:kept marked %d times)", kept)
	}
	p.do("clicking the patch tab", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="patch"]`)))
	p.waitFor("the patch drawn", `document.querySelector("#mp-panel-patch .mp-patch") !== null`, 30*time.Second)
	p.do("clicking the diff tab again", chromedp.Click(chromedp.CSS(`[role="tab"][data-tab="diff"]`)))
	p.waitFor("the diff drawn", `document.querySelector("#mp-panel-diff .mp-diff-row") !== null`, 30*time.Second)
	p.expectNoProblems()
}
