package browsertest

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// slowWorker holds every merge request the page sends its worker for window.__mergeDelay ms (0
// until a test sets it), as a slow merge (a 2 MB paste, kustomize on a long stream) would keep
// the page waiting; the engine answers as usual once the request reaches it. The engine's
// instance in the page (web/inline.js), which would answer a small edit at once, never starts:
// the handle its Go main sets is not kept, so every merge goes through the worker.
const slowWorker = `(() => {
  window.__mergeDelay = 0;
  Object.defineProperty(window, "mergeplayHandle", { configurable: true, get() { return undefined; }, set() {} });
  const Base = window.Worker;
  window.Worker = class extends Base {
    postMessage(message, ...rest) {
      const delay = window.__mergeDelay;
      if (message && typeof message.id === "number" && delay > 0) {
        setTimeout(() => super.postMessage(message, ...rest), delay);
        return;
      }
      return super.postMessage(message, ...rest);
    }
  };
})();`

// TestSlowMergeSaysSo types into the config while merges take 2 s: within a moment the status
// line says a merge is running, then the whole seconds since the edit (web/progress.js), and
// the answer then reports the engine's time and the reader's wait, from the edit to the answer.
// An example opened by its link says "Merging…" and, answered, "after you asked": no edit.
func TestSlowMergeSaysSo(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 900)
	p.addScript(slowWorker)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	p.eval(`window.__mergeDelay = 2000`, nil)
	p.typeAtEnd("updated", " # slow")
	const status = `document.querySelector(".mp-status").dataset.kind + "|" + document.querySelector(".mp-status-text").textContent + "|" + document.querySelector(".mp-status-time").textContent`
	p.waitFor("the status line saying a merge runs", `(`+status+`).startsWith("working|Merging your edit…|")`, 1500*time.Millisecond)
	p.waitFor("the time counting up", `(`+status+`) === "working|Merging your edit…|1 s"`, 1500*time.Millisecond)
	var stale bool
	p.eval(`document.documentElement.hasAttribute("data-stale")`, &stale)
	if !stale {
		t.Error("while the merge runs the result is not marked stale")
	}
	p.waitReady()
	var done string
	p.eval(status, &done)
	m := regexp.MustCompile(`^ok\|Merged in ([0-9,]+) ms; answered ([0-9.]+) (ms|s) after your edit\.\|$`).FindStringSubmatch(done)
	if m == nil {
		t.Fatalf("after the answer the status line says %q", done)
	}
	waited, _ := strconv.ParseFloat(m[2], 64)
	if m[3] == "s" {
		waited *= 1000
	}
	engine, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	if waited < 2000 || engine < 2000 {
		t.Errorf("the answer reports %q: the reader waited at least 2 s", done)
	}

	// A quick merge says nothing on the way, and reports the wait too.
	p.eval(`window.__mergeDelay = 0`, nil)
	p.typeAtEnd("updated", "er")
	p.waitReady()
	p.eval(status, &done)
	if !regexp.MustCompile(`^ok\|Merged in [0-9,]+ ms; answered [0-9]+ ms after your edit\.\|$`).MatchString(done) {
		t.Errorf("after a quick merge the status line says %q", done)
	}

	// An example opened by its link is no edit: the status line says so while it merges and after.
	p.eval(`window.__mergeDelay = 1000`, nil)
	p.eval(`location.hash = "#example=apply-field-added"`, nil)
	p.waitFor("the status line saying the example merges", `(`+status+`).startsWith("working|Merging…|")`, 1500*time.Millisecond)
	p.waitFor("the example's answer", `(`+status+`).startsWith("ok|")`, 5*time.Second)
	p.eval(status, &done)
	if !regexp.MustCompile(`^ok\|Merged in [0-9,]+ ms; answered [0-9.]+ (ms|s) after you asked\.\|$`).MatchString(done) {
		t.Errorf("after an example opened the status line says %q", done)
	}
	p.expectNoProblems()
}
