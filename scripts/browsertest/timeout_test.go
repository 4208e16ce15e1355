package browsertest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// workerCounter runs in every document before the page's scripts (after the probe): it counts
// the workers the page creates, the ones it terminates and the "ready" messages they send, so a
// test can see a worker being replaced, and keeps the last request sent to the engine (sentId,
// counting the requests; sentRequest: its JSON, inputs included, whole) and the number of the last one
// answered (answeredId), so a test can see that the engine answered a given state; workerSent
// counts the requests sent to a worker and workerAnswered the answers it gave, inline those
// answered in the page. A call of the engine's instance in the page
// (web/inline.js, through the global its Go main sets: wasm/bridge_js.go) is a request sent and
// answered at once.
const workerCounter = `(() => {
  const count = { created: 0, terminated: 0, ready: 0, sentId: 0, sentRequest: "", answeredId: 0, workerSent: 0, workerAnswered: 0, inline: 0 };
  Object.defineProperty(window, "__mergeplayWorkers", { value: count });
  const numbers = new Map(); // a worker message's id → its request's number
  const withInputs = (json, inputs) => (inputs ? JSON.stringify({ ...JSON.parse(json), ...inputs }) : json);
  let handle;
  Object.defineProperty(window, "mergeplayHandle", { configurable: true, get() { return handle; }, set(fn) {
    handle = (json, original, updated, live) => {
      count.sentRequest = withInputs(json, { original, updated, live });
      const out = fn(json, original, updated, live);
      count.answeredId = ++count.sentId;
      count.inline++;
      return out;
    };
  } });
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      count.created++;
      this.addEventListener("message", (e) => {
        if (e.data && e.data.type === "ready") count.ready++;
        if (e.data && typeof e.data.id === "number") count.workerAnswered++;
        if (e.data && typeof e.data.id === "number" && numbers.has(e.data.id)) count.answeredId = numbers.get(e.data.id);
      });
    }
    postMessage(message, ...rest) {
      if (message && typeof message.id === "number") {
        numbers.set(message.id, ++count.sentId);
        count.workerSent++;
        // The inputs go apart from the request's JSON (web/engine.js: jobOf), a long one as a
        // splice of the last one this worker was sent (inputSplices): put them back in, whole.
        if (message.inputs) {
          const held = this.__heldInputs ?? {};
          for (const [key, part] of Object.entries(message.inputs)) {
            held[key] = typeof part === "string" ? part : held[key].slice(0, part.head) + part.text + held[key].slice(held[key].length - part.tail);
          }
          this.__heldInputs = held;
          count.sentRequest = withInputs(message.request, { ...held });
        } else {
          count.sentRequest = message.request;
        }
      }
      return super.postMessage(message, ...rest);
    }
    terminate() {
      count.terminated++;
      return super.terminate();
    }
  };
})();`

// addScript installs a script that runs in every document the tab opens from now on, before the
// page's own scripts.
func (p *tab) addScript(source string) {
	p.t.Helper()
	p.do("installing a script", chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: source})
		return err
	}))
}

// slowAliases is an apply request the engine takes far longer than the page's time budget on
// (web/engine.js timeBudget: 4 s for a request this small), within its bounds: three custom
// resources whose spec nests maps through anchors and aliases, levels deep, ten keys a level,
// every leaf different in each input (at 5 levels: 111,110 leaves an input from 1.7 KB of
// request; the engine reads at most 1,000,000 nodes per input). Reading, merging and marking
// that many leaves takes about 2.7 s of CPU natively, 14 s in the page's wasm (Node 20, an idle
// 2-core machine) and 1.7 GB of memory. (Earlier inputs of this test, long flow lists of
// finalizers, were slow for reasons since fixed: a quadratic sort, then quadratic repeat removal;
// once linear, their time grew with their bytes as the budget does.)
func slowAliases(levels int) *contract.Request {
	return &contract.Request{Mode: "apply", Original: aliasedWidget("slow", "a", levels), Updated: aliasedWidget("slow", "b", levels), Live: aliasedWidget("slow", "c", levels)}
}

// aliasedWidget is a Widget document named name whose spec nests flow maps through anchors and
// aliases, levels deep, ten aliases a level, its leaves' values prefix and their number.
func aliasedWidget(name, prefix string, levels int) string {
	var b strings.Builder
	b.WriteString("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: " + name + "\nspec:\n")
	for l := range levels {
		entries := make([]string, 10)
		for i := range entries {
			if l == 0 {
				entries[i] = fmt.Sprintf("k%d: %s%d", i, prefix, i)
			} else {
				entries[i] = fmt.Sprintf("m%d: *l%d", i, l-1)
			}
		}
		fmt.Fprintf(&b, "  l%d: &l%d {%s}\n", l, l, strings.Join(entries, ", "))
	}
	return b.String()
}

// shortBudgets divides by ten every timer the page sets for more than 10 s: the time budget of a
// large request (web/engine.js timeBudget: 4 s and 4 s per MiB), which the engine now mostly
// meets on the slow input since its merges grow linearly; the loading notice's 10 s is left as it
// is. The page's own code then meets a request past its budget as it would in the field.
const shortBudgets = `(() => {
  const native = window.setTimeout;
  window.setTimeout = (fn, delay, ...args) => native(fn, delay > 10000 ? delay / 10 : delay, ...args);
})()`

// TestEngineTimeLimit sends the page an input the engine takes longer than the page's 4 s time
// limit on (slowAliases: an input within the bounds, not a debug switch) and checks what the
// reader sees: the status line says the engine took too long and was restarted, the result is
// marked stale, the worker is terminated and a fresh one becomes ready, every editor still holds
// the slow input byte for byte, and the next, normal state merges with the marks the engine
// answers natively.
func TestEngineTimeLimit(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.addScript(workerCounter)
	p.addScript(shortBudgets)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	p.eval(helpers, nil)
	var workers struct{ Created, Terminated, Ready int }
	counts := func() {
		p.eval(`({Created: window.__mergeplayWorkers.created, Terminated: window.__mergeplayWorkers.terminated, Ready: window.__mergeplayWorkers.ready})`, &workers)
	}
	counts()
	if workers.Created != 1 || workers.Terminated != 0 || workers.Ready != 1 {
		t.Fatalf("before the slow input, workers: %+v (want one, ready)", workers)
	}

	// The page drives itself through its postMessage API (a page that is not embedded accepts
	// messages from itself).
	slow := slowAliases(5)
	p.eval(`window.__slow = {original: `+js(slow.Original)+`, updated: `+js(slow.Updated)+`, live: `+js(slow.Live)+`}`, nil)
	start := time.Now()
	p.eval(`window.postMessage({type: "mergeplay:set", mode: "apply", ...window.__slow}, "*")`, nil)
	const sameText = `["original", "updated", "live"].every((i) => window.__mp.text(i) === window.__slow[i])`
	p.waitFor("the slow input in the editors", sameText, 20*time.Second)

	const timedOut = `/took longer than [0-9.]+ s/.test(document.querySelector(".mp-status-text")?.textContent ?? "")`
	if !p.poll(timedOut, 120*time.Second) {
		var status string
		p.eval(`document.querySelector(".mp-status-text")?.textContent ?? ""`, &status)
		t.Fatalf("after %s the status line says %q; want the time limit's message. If the engine now answers this input within its time budget, it got faster: make slowAliases slower (or find another slow input)", time.Since(start).Round(time.Second), status)
	}
	t.Logf("the page gave up on the slow input after %s", time.Since(start).Round(100*time.Millisecond))
	var stale bool
	p.eval(`document.documentElement.hasAttribute("data-stale")`, &stale)
	if !stale {
		t.Error("after the time-out the result is not marked data-stale")
	}
	p.waitFor("a fresh worker ready", `window.__mergeplayWorkers.ready >= 2`, 60*time.Second)
	counts()
	if workers.Created != 2 || workers.Terminated != 1 {
		t.Errorf("after the time-out, workers: %+v (want the slow one terminated and one more created)", workers)
	}
	var kept bool
	p.eval(sameText, &kept)
	if !kept {
		for _, in := range []string{"original", "updated", "live"} {
			if got, want := p.editorText(in), slow.Input(in); got != want {
				t.Errorf("after the time-out, %s holds %d bytes, want the %d bytes sent", in, len(got), len(want))
			}
		}
	}

	// The next, normal state merges on the fresh worker.
	ex := exampleNamed(t, "apply-field-added")
	p.eval(`window.postMessage({type: "mergeplay:set", mode: `+js(ex.Request.Mode)+`, original: `+js(ex.Request.Original)+`, updated: `+js(ex.Request.Updated)+`, live: `+js(ex.Request.Live)+`}, "*")`, nil)
	p.waitFor("the example in the editors", `window.__mp.text("updated") === `+js(ex.Request.Updated)+` && window.__mp.text("live") === `+js(ex.Request.Live), 10*time.Second)
	p.waitReady()
	var status string
	p.eval(`document.querySelector(".mp-status-text")?.textContent ?? ""`, &status)
	if !strings.HasPrefix(status, "Merged in") {
		t.Errorf("after the normal request the status line says %q", status)
	}
	checkMarks(t, ex, answer(t, ex.Request), p.resultLines())
	counts()
	if workers.Created != 2 {
		t.Errorf("the normal request needed another worker: %+v", workers)
	}
	p.expectNoProblems()
}
