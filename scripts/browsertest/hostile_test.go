package browsertest

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/scripts/build/csp"
)

// trap runs in every document of a hostile test's tab, before the page's scripts (%s is the
// page's origin). It is what a payload that ran would trip: alert, confirm, prompt and print
// are replaced by recorders, window.__pwned is a setter that records any assignment, and in the
// page's own documents a MutationObserver reports every element or attribute that could run code
// (an on* handler, a javascript: URL, a script without src, an iframe, object, embed, base or
// meta refresh), CSP violations are reported, and Object.prototype and Array.prototype are
// compared with their first shape after every message. A frame reports to the top document,
// whose window.__trap.calls collects everything.
const trap = `(() => {
  const pageOrigin = %s;
  const trap = { calls: [] };
  Object.defineProperty(window, "__trap", { value: trap });
  const report = (what) => {
    trap.calls.push(what);
    if (window.top !== window) try { window.top.postMessage({ __mergeplayTrap: what }, "*"); } catch {}
  };
  if (window.top === window) window.addEventListener("message", (e) => {
    if (e.data && typeof e.data === "object" && typeof e.data.__mergeplayTrap === "string") trap.calls.push("frame: " + e.data.__mergeplayTrap);
  });
  for (const name of ["alert", "confirm", "prompt", "print"]) {
    window[name] = (...args) => { report(name + "(" + String(args[0]).slice(0, 80) + ")"); return null; };
  }
  let pwned;
  Object.defineProperty(window, "__pwned", { get: () => pwned, set: (v) => { pwned = v; report("window.__pwned = " + String(v).slice(0, 80)); } });
  const shape = (o) => Object.getOwnPropertyNames(o).sort().join(",");
  const objectShape = shape(Object.prototype), arrayShape = shape(Array.prototype);
  trap.check = () => {
    if (shape(Object.prototype) !== objectShape) report("Object.prototype changed: " + shape(Object.prototype).slice(0, 200));
    if (shape(Array.prototype) !== arrayShape) report("Array.prototype changed");
    for (const key of ["polluted", "isAdmin", "innerHTML", "updated"]) if (key in {}) report("every object has " + key);
  };
  window.addEventListener("message", () => setTimeout(trap.check, 0));
  if (location.origin !== pageOrigin) return;
  document.addEventListener("securitypolicyviolation", (e) => report("CSP violation: " + e.violatedDirective + " " + (e.blockedURI || "inline")));
  const dangerous = (el) => {
    if (!(el instanceof Element)) return "";
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) return "an " + a.name + " attribute";
      if (/^(href|src|action|formaction|xlink:href|srcdoc)$/i.test(a.name) && /^\s*javascript:|srcdoc/i.test(a.name === "srcdoc" ? "srcdoc" : a.value)) return "a " + a.name + " of " + a.value.slice(0, 60);
    }
    const tag = el.localName;
    if (tag === "script" && !el.src && el.type !== "application/json") return "an inline script";
    if (["iframe", "object", "embed", "base", "frame"].includes(tag)) return "an " + tag;
    if (tag === "meta" && /refresh/i.test(el.httpEquiv)) return "a meta refresh";
    return "";
  };
  const scan = (el) => {
    const why = dangerous(el);
    if (why) report("element with " + why + ": " + el.outerHTML.slice(0, 120));
    if (el.querySelectorAll) for (const child of el.querySelectorAll("*")) { const w = dangerous(child); if (w) report("element with " + w + ": " + child.outerHTML.slice(0, 120)); }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") { const why = dangerous(r.target); if (why) report("attribute " + r.attributeName + " gives " + why); }
      else for (const n of r.addedNodes) scan(n);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`

// openHostileTab opens a tab with the trap and the worker counter installed.
func openHostileTab(t *testing.T, h *harness, path string) *tab {
	t.Helper()
	p := openTab(t, h, 1280, 1000)
	p.addScript(workerCounter)
	p.addScript(fmt.Sprintf(trap, js(strings.TrimSuffix(h.url(""), "/"))))
	p.navigate(path)
	return p
}

// checkTrap fails the test when anything tripped the trap so far.
func (p *tab) checkTrap() {
	p.t.Helper()
	var calls []string
	p.eval(`(window.__trap.check(), window.__trap.calls)`, &calls)
	if len(calls) > 0 {
		p.t.Errorf("a payload ran or changed the page:\n  %s", strings.Join(calls, "\n  "))
	}
}

// hostileState is a state as mergeplay:set, mergeplay:get and share links carry it.
type hostileState struct {
	Mode     string         `json:"mode"`
	Original string         `json:"original"`
	Updated  string         `json:"updated"`
	Live     string         `json:"live"`
	Options  map[string]any `json:"options"`
}

// defaultOptions is every option at its default (web/modes.js OPTION_SPECS, generated from
// contract.OptionSpecs).
func defaultOptions() map[string]any {
	out := map[string]any{}
	for _, o := range contract.OptionSpecs() {
		out[o.Key] = o.Default
	}
	return out
}

// withOptions returns the default options with some changed.
func withOptions(changed map[string]any) map[string]any {
	out := defaultOptions()
	for k, v := range changed {
		out[k] = v
	}
	return out
}

// jsJSON writes a value as a JavaScript expression (JSON is one).
func jsJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameAsWanted is a predicate: every editor (and the schema editor) holds window.__want's text.
// CodeMirror reads CRLF and a lone CR as line breaks and its document joins lines with LF, so
// those are compared as LF (the page's state keeps them: expectState compares it byte for byte).
const sameAsWanted = `(() => {
  const lf = (s) => s.replace(/\r\n?/g, "\n");
  return ["original", "updated", "live"].every((i) => window.__mp.text(i) === lf(window.__want[i])) && window.__mp.text("schema") === lf(window.__want.options.schema);
})()`

// answeredWanted is a predicate: the last request the page sent its worker is window.__want's
// state (the inputs its mode uses) and the worker answered it.
const answeredWanted = `(() => {
  const c = window.__mergeplayWorkers, w = window.__want;
  if (!c.sentRequest || c.answeredId !== c.sentId) return false;
  const r = JSON.parse(c.sentRequest);
  return r.mode === w.mode && r.updated === w.updated && r.live === w.live && (r.original === w.original || r.original === "");
})()`

// pageState asks the page for its state with a mergeplay:get posted to itself (a page that is
// not embedded accepts messages from itself) and returns it.
func (p *tab) pageState() hostileState {
	p.t.Helper()
	var s hostileState
	p.eval(`new Promise((resolve, reject) => {
	  const on = (e) => { if (e.data && e.data.type === "mergeplay:state") { removeEventListener("message", on); resolve(e.data.state); } };
	  addEventListener("message", on);
	  postMessage({type: "mergeplay:get"}, "*");
	  setTimeout(() => reject(new Error("no mergeplay:state within 10 s")), 10000);
	})`, &s)
	return s
}

// expectState compares the page's state with want, byte for byte, through mergeplay:get.
func (p *tab) expectState(want hostileState) {
	p.t.Helper()
	got := p.pageState()
	for _, in := range []struct{ name, got, want string }{
		{"original", got.Original, want.Original}, {"updated", got.Updated, want.Updated}, {"live", got.Live, want.Live},
	} {
		if in.got != in.want {
			p.t.Errorf("%s holds %d bytes %q…, want the %d bytes %q…", in.name, len(in.got), head(in.got), len(in.want), head(in.want))
		}
	}
	if got.Mode != want.Mode {
		p.t.Errorf("mode %q, want %q", head(got.Mode), want.Mode)
	}
	if g, w := jsJSON(p.t, got.Options), jsJSON(p.t, want.Options); g != w {
		p.t.Errorf("options %s, want %s", head(g), head(w))
	}
}

func head(s string) string {
	if len(s) > 60 {
		return s[:60]
	}
	return s
}

// Hostile markup, each trying to set window.__pwned (or call alert) wherever it is parsed as HTML
// or evaluated as script.
const (
	imgPayload    = `<img src=x onerror="window.__pwned=1">`
	svgPayload    = `<svg onload="window.__pwned=2"><script>window.__pwned=3</script></svg>`
	scriptPayload = `</script><script>window.__pwned=4</script>`
	jsURL         = `javascript:window.__pwned=5`
	cssPayload    = `</style><style>*{background:url("https://evil.example/x")}</style><div style="background:url(javascript:window.__pwned=6)">`
	templatePay   = "${window.__pwned=7}`${alert(7)}`{{constructor.constructor('window.__pwned=7')()}}"
	iframePayload = `<iframe srcdoc="<script>parent.__pwned=8</script>"></iframe><a href="javascript:window.__pwned=9">x</a>`
	entityPayload = `&lt;img src=x onerror=window.__pwned=10&gt; &#60;script&#62;alert(10)&#60;/script&#62;`
)

// cm is a ConfigMap whose metadata carries extra YAML lines (indented two spaces under
// metadata) and whose data holds more (indented two spaces under data).
func cm(name, metadata, data string) string {
	return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n" + metadata + "data:\n" + data
}

// q quotes a string as a YAML double-quoted scalar (JSON's escapes are YAML's).
func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// stateCases are states an embedder or a link could load, with script-bearing YAML values and
// keys in each input and in the options (schema, schema type, manager, time), prototype
// pollution keys, unicode controls and huge texts. The page must merge (or report the error),
// keep every text byte for byte, and run nothing.
func stateCases() []struct {
	name  string
	state hostileState
} {
	apply := func(original, updated, live string) hostileState {
		return hostileState{Mode: "apply", Original: original, Updated: updated, Live: live, Options: defaultOptions()}
	}
	base := cm("web", "", "  a: \"1\"\n")
	managed := func(manager string) string {
		return cm("web", "  managedFields:\n  - manager: "+q(manager)+"\n    operation: Apply\n    apiVersion: v1\n    fieldsType: FieldsV1\n    fieldsV1: {\"f:data\": {\"f:a\": {}}}\n", "  a: \"1\"\n")
	}
	var huge strings.Builder
	for huge.Len() < 600_000 {
		huge.WriteString(imgPayload)
	}
	deep := strings.Repeat("[", 150) + strings.Repeat("]", 150)
	return []struct {
		name  string
		state hostileState
	}{
		{"img value in updated", apply(base, cm("web", "", "  html: "+q(imgPayload)+"\n"), base)},
		{"img key in updated", apply(base, cm("web", "", "  "+q(imgPayload)+": x\n"), base)},
		{"svg value and key in live", apply(base, base, cm("web", "  labels:\n    "+q(svgPayload)+": "+q(svgPayload)+"\n", "  a: \"1\"\n"))},
		{"script close in original", apply(cm("web", "", "  s: "+q(scriptPayload)+"\n  gone: "+q(scriptPayload)+"\n"), base, base)},
		{"script close as name everywhere", apply(cm(q(scriptPayload), "", "  a: x\n"), cm(q(scriptPayload), "", "  a: y\n"), cm(q(scriptPayload), "", "  a: z\n"))},
		{"javascript URLs", apply(base, cm("web", "  annotations:\n    link: "+q(jsURL)+"\n", "  href: "+q(jsURL)+"\n  "+q(jsURL)+": "+q(jsURL)+"\n"), base)},
		{"CSS injection", apply(base, cm("web", "", "  css: "+q(cssPayload)+"\n  "+q(cssPayload)+": x\n"), cm("web", "", "  css: old\n"))},
		{"template literals", apply(base, cm("web", "", "  t: "+q(templatePay)+"\n  "+q(templatePay)+": "+q(templatePay)+"\n"), base)},
		{"iframe srcdoc and links", apply(base, cm("web", "", "  f: "+q(iframePayload)+"\n"), base)},
		{"HTML entities", apply(base, cm("web", "", "  e: "+q(entityPayload)+"\n"), cm("web", "", "  e: "+q(entityPayload+"x")+"\n"))},
		{"block scalar of markup", apply(base, cm("web", "", "  page: |\n    <!doctype html>\n    "+imgPayload+"\n    "+scriptPayload+"\n"), base)},
		{"__proto__ keys", apply(cm("web", "  __proto__:\n    polluted: \"yes\"\n", "  __proto__: {polluted: 1}\n"), cm("web", "  labels:\n    __proto__: \"polluted\"\n", "  __proto__: {polluted: 2, isAdmin: true}\n"), cm("web", "", "  __proto__: [1, 2]\n"))},
		{"constructor.prototype keys", apply(base, cm("web", "", "  constructor:\n    prototype:\n      polluted: \"yes\"\n  prototype: {isAdmin: true}\n"), cm("web", "", "  constructor: {prototype: {polluted: 1}}\n"))},
		{"__proto__ through merge keys and aliases", apply(base, cm("web", "", "  base: &__proto__ {polluted: 1, innerHTML: "+q(imgPayload)+"}\n  copy:\n    <<: *__proto__\n    __proto__: *__proto__\n"), base)},
		{"__proto__ as a list merge key value", apply(base, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: __proto__\n        image: "+q(imgPayload)+"\n      - name: constructor\n        image: x\n", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: __proto__\n        image: old\n")},
		{"YAML tags for code", apply(base, cm("web", "", "  f: !!js/function \"function(){window.__pwned=11}\"\n  p: !!python/object/apply:os.system [\"touch /tmp/pwned\"]\n  r: !<tag:yaml.org,2002:js/regexp> /x/\n"), base)},
		{"bidi controls and zero-width", apply(base, cm("web", "", "  \u202eevil\u202c: \"\u2066"+imgPayload+"\u2069\u200b\u200d\ufeff\"\n  rtl: \"\u061c\u200f\u202b\"\n"), base)},
		{"NUL and C0 controls", apply(base, cm("web", "", "  nul: \"a\u0000b\"\n  raw: a\u0000b\u0001\u0007\u001b[31m\n"), base)},
		{"astral and combining text", apply(base, cm("web", "", "  emoji: \"😀𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ẹ́ ﷽\"\n  \"🔑\": \"𐍈\"\n"), base)},
		{"CRLF and lone CR", apply("apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: web\r\ndata:\r\n  a: \"1\"\r\n", cm("web", "", "  a: \"2\"\r  b: "+q(imgPayload)+"\r\n"), base)},
		{"nesting past the depth limit", apply(base, cm("web", "", "  deep: "+deep+"\n"), base)},
		{"a huge value of markup", apply(base, cm("web", "", "  huge: "+q(huge.String())+"\n"), base)},
		{"a huge key of markup", apply(base, cm("web", "", "  "+q(huge.String()[:200_000])+": x\n"), base)},
		{"schema and schema type", hostileState{Mode: "apply", Original: base, Updated: cm("web", "", "  a: \"2\"\n"), Live: base, Options: withOptions(map[string]any{
			"schema":     `{"swagger": "2.0", "__proto__": {"polluted": true}, "definitions": {"` + strings.ReplaceAll(imgPayload, `"`, `\"`) + `": {"type": "object", "properties": {"constructor": {"type": "string", "x-kubernetes-patch-merge-key": "__proto__"}}}}}`,
			"schemaType": imgPayload,
		})}},
		{"schema of markup, not a schema", hostileState{Mode: "merge3", Original: base, Updated: base, Live: base, Options: withOptions(map[string]any{
			"schema": scriptPayload + "\n" + svgPayload, "schemaType": "</script>", "inferKeys": true,
		})}},
		{"manager name and time in ssa", hostileState{Mode: "ssa", Updated: cm("web", "", "  a: \"2\"\n"), Live: managed(svgPayload), Options: withOptions(map[string]any{
			"manager": imgPayload, "now": `<svg onload="window.__pwned=12">`, "force": true,
		})}},
		{"manager names in managedFields", hostileState{Mode: "ssa", Updated: cm("web", "", "  b: "+q(imgPayload)+"\n"), Live: managed("__proto__"), Options: withOptions(map[string]any{"manager": "constructor"})}},
		{"hostile names in a Helm 2 repair command", hostileState{Mode: "twoway", Original: cm("'; window.__pwned=13; '", "", "  a: \"1\"\n"), Updated: cm("'; window.__pwned=13; '", "", "  a: \"2\"\n"), Live: cm("'; window.__pwned=13; '", "  namespace: \"$(touch /tmp/pwned)\"\n", "  a: \"3\"\n  b: "+q(imgPayload)+"\n"), Options: defaultOptions()}},
		{"patch directives with markup", hostileState{Mode: "patch", Updated: cm("web", "", "  $patch: "+q(imgPayload)+"\n  $retainKeys: ["+q(svgPayload)+"]\n"), Live: base, Options: defaultOptions()}},
	}
}

// hashCases are crafted URL fragments: malformed share links (wrong versions, truncated,
// oversized, invalid base64url, deflate of non-JSON, JSON of wrong shapes, fields of wrong types,
// long and unknown modes), example names with path traversal and markup, and fragments that are
// neither. loads is the state a case opens, when it is a valid link; otherwise the page keeps
// its state and, when notice is set, says why.
func hashCases(t *testing.T) []struct {
	name   string
	hash   string
	notice bool
	loads  *hostileState
} {
	raw := func(json string) string { return "#s=1." + deflateURL([]byte(json)) }
	valid := hostileState{Mode: "apply", Original: cm("web", "", "  a: "+q(imgPayload)+"\n"), Updated: cm(q(scriptPayload), "", "  "+q(svgPayload)+": "+q(jsURL)+"\n"), Live: "\u202e\u0000" + templatePay, Options: withOptions(map[string]any{"schemaType": imgPayload, "prune": true})}
	link := encodeShare(t, map[string]any{"mode": valid.Mode, "original": valid.Original, "updated": valid.Updated, "live": valid.Live, "options": map[string]any{"schemaType": imgPayload, "prune": true}})
	bomb := raw(`{"mode":"apply","updated":"` + strings.Repeat("a", 25<<20) + `"}`)
	tooLong := raw(`{"mode":"apply","updated":"` + strings.Repeat("a", (4<<20)+1) + `"}`)
	var random strings.Builder
	for i := 0; random.Len() < 1_500_000; i++ {
		random.WriteByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[(i*7919+i/64)%64])
	}
	bigState := hostileState{Mode: "apply", Updated: "data: " + strings.Repeat("<b>x</b>", 150_000) + "\n", Options: defaultOptions()}
	bigLink := encodeShare(t, map[string]any{"mode": "apply", "updated": bigState.Updated})
	return []struct {
		name   string
		hash   string
		notice bool
		loads  *hostileState
	}{
		{"a newer version", "#s=2." + link[len("#s=1."):], true, nil},
		{"version 0", "#s=0.AAAA", true, nil},
		{"a six-digit version", "#s=999999.AAAA", true, nil},
		{"a seven-digit version", "#s=1234567.AAAA", true, nil},
		{"a negative version", "#s=-1.AAAA", true, nil},
		{"no version", "#s=.AAAA", true, nil},
		{"no dot", "#s=1", true, nil},
		{"an empty payload", "#s=1.", true, nil},
		{"truncated by half", link[:len(link)/2], true, nil},
		{"truncated by one character", link[:len(link)-1], true, nil},
		{"base64 padding and plus", "#s=1.ab+/cd==", true, nil},
		{"a length that is no base64", "#s=1.AAAAA", true, nil},
		{"markup in the payload", "#s=1." + imgPayload, true, nil},
		{"1.5 MB of random letters", "#s=1." + random.String(), true, nil},
		{"a deflate bomb past 24 MB", bomb, true, nil},
		{"an input past 4 MiB", tooLong, true, nil},
		{"deflate of markup", raw(`<script>window.__pwned=20</script>`), true, nil},
		{"deflate of invalid UTF-8", "#s=1." + deflateURL([]byte{'{', 0xff, 0xfe, '}'}), true, nil},
		{"JSON array", raw(`[{"mode":"apply"}]`), true, nil},
		{"JSON string", raw(`"apply"`), true, nil},
		{"JSON null", raw(`null`), true, nil},
		{"empty JSON object", raw(`{}`), true, nil},
		{"input of the wrong type", raw(`{"mode":"apply","updated":{"toString":"x"}}`), true, nil},
		{"options of the wrong type", raw(`{"mode":"apply","options":["prune"]}`), true, nil},
		{"an option of the wrong type", raw(`{"mode":"apply","options":{"prune":"true"}}`), true, nil},
		{"an option too long", raw(`{"mode":"ssa","options":{"manager":"` + strings.Repeat("m", 300) + `"}}`), true, nil},
		{"a mode of markup", raw(`{"mode":` + q(imgPayload) + `}`), true, nil},
		{"a mode a megabyte long", raw(`{"mode":"` + strings.Repeat("apply", 200_000) + `"}`), true, nil},
		{"mode __proto__", raw(`{"mode":"__proto__"}`), true, nil},
		{"mode constructor", raw(`{"mode":"constructor"}`), true, nil},
		{"a __proto__ key", raw(`{"mode":"apply","__proto__":{"polluted":1,"mode":"apply"}}`), true, nil},
		{"options with __proto__", raw(`{"mode":"apply","options":{"__proto__":{"polluted":1}}}`), true, nil},
		{"options with constructor", raw(`{"mode":"apply","options":{"constructor":{"prototype":{"polluted":1}}}}`), true, nil},
		{"an unknown key of markup", raw(`{"mode":"apply",` + q(imgPayload+strings.Repeat("k", 100)) + `:1}`), true, nil},
		{"an example path traversal", "#example=../../../etc/passwd", true, nil},
		{"an encoded path traversal", "#example=..%2F..%2Findex.html", true, nil},
		{"an example of markup", "#example=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D21%22%3E", true, nil},
		{"an example named __proto__", "#example=__proto__", true, nil},
		{"an example named constructor", "#example=constructor", true, nil},
		{"an example with a bad escape", "#example=%E0%A4%A", true, nil},
		{"a javascript fragment", "#javascript:window.__pwned=22", false, nil},
		{"a fragment of markup", "#" + svgPayload, false, nil},
		{"a valid link of hostile text", link, false, &valid},
		{"a valid link of 1.2 MB", bigLink, false, &bigState},
	}
}

// deflateURL returns base64url of deflate-raw of data, as a share link's payload.
func deflateURL(data []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// messageCases are messages posted to the page by itself (allowed on a page that is not
// embedded): non-objects, wrong shapes, unknown types, prototype pollution, inputs that are not
// strings or too long, bad modes and options, and the page's own outgoing message types. Each is
// a JavaScript expression; refused says whether the page must answer mergeplay:error (else it
// must ignore the message). None may change the state.
var messageCases = []struct {
	name, data string
	refused    bool
}{
	{"null", `null`, false},
	{"a string", `"mergeplay:set"`, false},
	{"a number", `42`, false},
	{"an array of a set", `[{type: "mergeplay:set", updated: "x"}]`, false},
	{"a huge ArrayBuffer", `new ArrayBuffer(8 << 20)`, false},
	{"a Map", `new Map([["type", "mergeplay:set"], ["updated", "x"]])`, false},
	{"a Date", `new Date()`, false},
	{"a type that is a number", `{type: 42, updated: "x"}`, false},
	{"a type that is an array", `{type: ["mergeplay:set"], updated: "x"}`, false},
	{"a String object type", `{type: new String("mergeplay:set"), updated: "x"}`, false},
	{"a foreign type", `{type: "webpackHotUpdate", updated: "x"}`, false},
	{"an outgoing error", `{__fromTest: true, type: "mergeplay:error", error: ` + js(imgPayload) + `}`, false},
	{"an outgoing result", `{__fromTest: true, type: "mergeplay:result", response: {result: ` + js(imgPayload) + `}}`, false},
	{"an outgoing state", `{__fromTest: true, type: "mergeplay:state", state: {updated: "x"}}`, false},
	{"an outgoing height", `{__fromTest: true, type: "mergeplay:height", height: 1e9}`, false},
	{"an unknown mergeplay type", `{type: "mergeplay:eval", code: "window.__pwned=30"}`, true},
	{"a type of markup", `{type: "mergeplay:" + ` + js(imgPayload) + `}`, true},
	{"a type a megabyte long", `{type: "mergeplay:" + "x".repeat(1 << 20)}`, true},
	{"get with a field", `{type: "mergeplay:get", state: {updated: "x"}}`, true},
	{"set with an own __proto__", `JSON.parse('{"type":"mergeplay:set","__proto__":{"polluted":1,"updated":"x"}}')`, true},
	{"set with constructor.prototype", `{type: "mergeplay:set", constructor: {prototype: {polluted: 1}}}`, true},
	{"set with prototype", `{type: "mergeplay:set", prototype: {polluted: 1}}`, true},
	{"options with an own __proto__", `{type: "mergeplay:set", options: JSON.parse('{"__proto__":{"prune":true,"polluted":1}}')}`, true},
	{"options with constructor", `{type: "mergeplay:set", options: {constructor: true}}`, true},
	{"options with toString", `{type: "mergeplay:set", options: {toString: "x"}}`, true},
	{"options with hasOwnProperty", `{type: "mergeplay:set", options: {hasOwnProperty: "x"}}`, true},
	{"options that are an array", `{type: "mergeplay:set", options: ["prune"]}`, true},
	{"options that are null", `{type: "mergeplay:set", options: null}`, true},
	{"an option of the wrong type", `{type: "mergeplay:set", options: {prune: "true"}}`, true},
	{"an unknown operation", `{type: "mergeplay:set", options: {operation: "delete"}}`, true},
	{"a manager too long", `{type: "mergeplay:set", options: {manager: "m".repeat(257)}}`, true},
	{"a schema that is an object", `{type: "mergeplay:set", options: {schema: {swagger: "2.0"}}}`, true},
	{"a number input", `{type: "mergeplay:set", updated: 42}`, true},
	{"a null input", `{type: "mergeplay:set", live: null}`, true},
	{"an array input", `{type: "mergeplay:set", original: ["a: 1"]}`, true},
	{"an object input", `{type: "mergeplay:set", updated: {toString: "a: 1"}}`, true},
	{"a String object input", `{type: "mergeplay:set", updated: new String("a: 1")}`, true},
	{"a boolean input", `{type: "mergeplay:set", updated: true}`, true},
	{"an input past 4 MiB of characters", `{type: "mergeplay:set", updated: "a".repeat((4 << 20) + 1)}`, true},
	{"one good input and one bad", `{type: "mergeplay:set", updated: "kind: Pwned\n", live: 1}`, true},
	{"a mode of markup", `{type: "mergeplay:set", mode: ` + js(imgPayload) + `}`, true},
	{"mode __proto__", `{type: "mergeplay:set", mode: "__proto__"}`, true},
	{"mode toString", `{type: "mergeplay:set", mode: "toString"}`, true},
	{"a mode a megabyte long", `{type: "mergeplay:set", mode: "apply".repeat(200000)}`, true},
	{"a field of markup", `{type: "mergeplay:set", innerHTML: ` + js(imgPayload) + `}`, true},
	{"a hundred thousand fields", `Object.fromEntries([["type", "mergeplay:set"], ...Array.from({length: 100000}, (_, i) => ["k" + i, i])])`, true},
}

// TestHostilePayloads feeds the page hostile payloads and checks that none runs, none changes
// what the editors hold, and the page still answers afterwards: states with script-bearing YAML
// keys and values in every input and option (loaded with mergeplay:set, every result view
// opened), crafted URL fragments (malformed share links and example names), hostile messages to
// the page, and hostile messages to an embed from its parent and from a frame that is not its
// parent. A trap (see trap) records any dialog, any assignment to window.__pwned, any element or
// attribute that could run code, any CSP violation and any change to Object.prototype; the
// tabs also fail on a console error. It also checks the built page: a policy that allows only
// the page's own scripts, 'wasm-unsafe-eval' and styles by nonce, and no inline script.
func TestHostilePayloads(t *testing.T) {
	h := setup(t)
	count := 0
	t.Run("built page", func(t *testing.T) { checkBuiltPagePolicy(t, h) })

	t.Run("states", func(t *testing.T) {
		p := openHostileTab(t, h, "/#example=apply-containers")
		p.waitReady()
		p.eval(helpers, nil)
		parent := p.t
		for _, tt := range stateCases() {
			count++
			t.Run(tt.name, func(t *testing.T) {
				p.t = t
				defer func() { p.t = parent }()
				p.eval(`window.__want = `+jsJSON(t, tt.state)+`; window.postMessage({type: "mergeplay:set", ...window.__want}, "*")`, nil)
				p.waitFor("the state in the editors", sameAsWanted, 20*time.Second)
				p.waitFor("the engine's answer to the state", answeredWanted, 30*time.Second)
				// Open every result view the answer brings, then the result again.
				p.eval(`(() => { const tabs = [...document.querySelectorAll('[role="tab"][data-tab]')]; for (const t of tabs) t.click(); tabs[0]?.click(); })()`, nil)
				p.expectState(tt.state)
				p.checkTrap()
			})
		}
		p.t = parent
		checkStillAnswers(t, p)
	})

	t.Run("fragments", func(t *testing.T) {
		p := openHostileTab(t, h, "/#example=apply-containers")
		p.waitReady()
		p.eval(helpers, nil)
		parent := p.t
		want := p.pageState()
		for _, tt := range hashCases(t) {
			count++
			t.Run(tt.name, func(t *testing.T) {
				p.t = t
				defer func() { p.t = parent }()
				p.eval(`document.querySelector(".mp-banner button")?.click()`, nil)
				p.waitFor("the notice dismissed", `document.querySelector(".mp-banner").hidden`, 5*time.Second)
				p.eval(`location.hash = `+js(tt.hash), nil)
				switch {
				case tt.loads != nil:
					want = *tt.loads
					p.eval(`window.__want = `+jsJSON(t, want), nil)
					p.waitFor("the link's state in the editors", sameAsWanted, 20*time.Second)
					p.waitFor("the engine's answer to the link", answeredWanted, 30*time.Second)
				case tt.notice:
					p.waitFor("a notice", `!document.querySelector(".mp-banner").hidden && document.querySelector(".mp-notice-text").textContent.length > 10`, 20*time.Second)
					var notice string
					p.eval(`document.querySelector(".mp-notice-text").textContent`, &notice)
					if len(notice) > 400 {
						t.Errorf("the notice is %d characters long: %q…", len(notice), notice[:100])
					}
				default:
					time.Sleep(200 * time.Millisecond)
					var shown bool
					p.eval(`!document.querySelector(".mp-banner").hidden`, &shown)
					if shown {
						t.Error("a fragment that is no link showed a notice")
					}
				}
				p.expectState(want)
				p.checkTrap()
			})
		}
		p.t = parent
		checkStillAnswers(t, p)
	})

	t.Run("messages", func(t *testing.T) {
		p := openHostileTab(t, h, "/#example=apply-containers")
		p.waitReady()
		p.eval(helpers, nil)
		p.eval(`window.__replies = []; addEventListener("message", (e) => { if (e.data && typeof e.data === "object" && !e.data.__fromTest && (e.data.type === "mergeplay:error" || e.data.type === "mergeplay:state")) window.__replies.push(e.data.type); })`, nil)
		want := p.pageState()
		parent := p.t
		for _, tt := range messageCases {
			count++
			t.Run(tt.name, func(t *testing.T) {
				p.t = t
				defer func() { p.t = parent }()
				// The page handles messages in order: once the mergeplay:get sent after the
				// hostile message is answered, the hostile one was handled.
				var replies []string
				p.eval(`new Promise((resolve, reject) => {
				  const before = window.__replies.length;
				  postMessage(`+tt.data+`, "*");
				  postMessage({type: "mergeplay:get"}, "*");
				  const poll = setInterval(() => { const got = window.__replies.slice(before); if (got.includes("mergeplay:state")) { clearInterval(poll); setTimeout(() => resolve(window.__replies.slice(before)), 50); } }, 10);
				  setTimeout(() => { clearInterval(poll); reject(new Error("no answer to mergeplay:get")); }, 10000);
				})`, &replies)
				errors := 0
				for _, r := range replies {
					if r == "mergeplay:error" {
						errors++
					}
				}
				if tt.refused && errors != 1 || !tt.refused && errors != 0 {
					t.Errorf("the page answered %v (want %s)", replies, map[bool]string{true: "one mergeplay:error", false: "no error"}[tt.refused])
				}
				p.expectState(want)
				p.checkTrap()
			})
		}
		p.t = parent
		checkStillAnswers(t, p)
	})

	t.Run("embed", func(t *testing.T) {
		count += checkHostileEmbed(t, h)
	})
	t.Logf("%d hostile payloads", count)
	if count < 50 {
		t.Errorf("only %d payloads", count)
	}
}

// checkStillAnswers loads an example, types a field as a reader would, and expects a fresh
// answer with the marks the engine gives natively, then no trap, console error or CSP violation.
func checkStillAnswers(t *testing.T, p *tab) {
	t.Helper()
	ex := exampleNamed(t, "apply-containers")
	want := hostileState{Mode: "apply", Original: ex.Request.Original, Updated: ex.Request.Updated, Live: ex.Request.Live, Options: defaultOptions()}
	p.eval(`window.__want = `+jsJSON(t, want)+`; window.postMessage({type: "mergeplay:set", ...window.__want}, "*")`, nil)
	p.waitFor("the example in the editors", sameAsWanted, 20*time.Second)
	p.waitReady()
	const typed = "        imagePullPolicy: Always"
	p.typeAtEnd("updated", typed)
	if got := p.editorText("updated"); got != ex.Request.Updated+typed {
		t.Fatalf("after typing, the editor holds %q", got)
	}
	p.waitFor("the typed field in the result", `document.querySelector("#result").textContent.includes("imagePullPolicy: Always")`, 20*time.Second)
	p.waitReady()
	req := *ex.Request
	req.Updated += typed
	checkMarks(t, &examples.Example{Name: "typed", Request: &req}, answer(t, &req), p.resultLines())
	p.checkTrap()
	p.expectNoProblems()
}

// checkBuiltPagePolicy reads the built index.html and the header the server sends with it: the
// same policy in both (the header adds frame-ancestors), allowing scripts from the page's origin
// and WebAssembly compilation only, styles from the origin and by the page's nonce only, and
// nothing inline; no script element without src except the prerendered JSON data, which cannot
// close its element; no inline handler and no javascript: URL.
func checkBuiltPagePolicy(t *testing.T, h *harness) {
	page, err := os.ReadFile(filepath.Join(h.distDir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	nonce, err := csp.NonceFromHTML(page)
	if err != nil {
		t.Fatal(err)
	}
	meta := regexp.MustCompile(`<meta\s+http-equiv="?Content-Security-Policy"?\s+content="([^"]*)"`).FindStringSubmatch(html)
	if meta == nil {
		t.Fatal("the built page has no <meta http-equiv=Content-Security-Policy>")
	}
	res := h.get(t, "/", http.Header{"Accept-Encoding": {"identity"}})
	served, _ := io.ReadAll(res.Body)
	if string(served) != html {
		t.Error("the server does not send dist/index.html as built")
	}
	for source, policy := range map[string]string{"meta": meta[1], "header": res.Header.Get("Content-Security-Policy")} {
		directives := map[string]string{}
		for _, d := range strings.Split(policy, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			if _, dup := directives[name]; dup {
				t.Errorf("%s policy: %s twice", source, name)
			}
			directives[name] = value
		}
		want := map[string]string{
			"default-src": "'none'",
			"script-src":  "'self' 'wasm-unsafe-eval'",
			"style-src":   "'self' 'nonce-" + nonce + "'",
			"object-src":  "'none'",
			"base-uri":    "'none'",
			"worker-src":  "'self'",
			"connect-src": "'self'",
		}
		for name, value := range want {
			if directives[name] != value {
				t.Errorf("%s policy: %s is %q, want %q", source, name, directives[name], value)
			}
		}
		for name, value := range directives {
			for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", "http:", "https:", "blob:"} {
				if strings.Contains(value, bad) {
					t.Errorf("%s policy: %s allows %s", source, name, bad)
				}
			}
			if strings.Contains(value, "*") && name != "frame-ancestors" {
				t.Errorf("%s policy: %s allows *", source, name)
			}
			if name == "script-src-elem" || name == "script-src-attr" || name == "style-src-attr" || name == "style-src-elem" {
				t.Errorf("%s policy: %s overrides script-src or style-src", source, name)
			}
		}
		if source == "header" && directives["frame-ancestors"] != "*" {
			t.Errorf("header policy: frame-ancestors %q", directives["frame-ancestors"])
		}
	}
	scripts := regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`).FindAllStringSubmatch(html, -1)
	if len(scripts) == 0 {
		t.Fatal("no script element in the built page")
	}
	for _, s := range scripts {
		attrs, body := s[1], s[2]
		switch {
		case regexp.MustCompile(`\bsrc="?[^"\s>]+`).MatchString(attrs) && strings.TrimSpace(body) == "":
		case strings.Contains(attrs, `type="application/json"`):
			if strings.Contains(body, "<") {
				t.Errorf("the JSON data block holds a raw <, which could close it: %q", head(body[strings.Index(body, "<"):]))
			}
			if !json.Valid([]byte(body)) {
				t.Error("the JSON data block is not JSON")
			}
		default:
			t.Errorf("an inline script in the built page: <script%s>%s", attrs, head(body))
		}
	}
	if strings.Count(strings.ToLower(html), "<script") != len(scripts) {
		t.Errorf("the page holds %d <script but %d script elements", strings.Count(strings.ToLower(html), "<script"), len(scripts))
	}
	if m := regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`).FindString(html); m != "" {
		t.Errorf("an inline event handler in the built page: %q", head(m))
	}
	if strings.Contains(strings.ToLower(html), "javascript:") {
		t.Error("a javascript: URL in the built page")
	}
	if regexp.MustCompile(`(?i)\sstyle\s*=`).MatchString(html) {
		t.Error("a style attribute in the built page (the policy blocks it)")
	}
}

// checkHostileEmbed embeds the page in a documentation page of another origin, beside a frame of
// a third origin that is not the embed's parent, and posts hostile messages: from the parent,
// non-objects are ignored and malformed messages refused, a 4 MiB input (4,194,304 characters) is taken
// byte for byte and one character more refused; the third frame's messages, well-formed or not,
// are ignored without an answer. It returns how many payloads it sent.
func checkHostileEmbed(t *testing.T, h *harness) int {
	attacker := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><title>attacker</title><script>
const replies = [];
addEventListener("message", (e) => {
  if (e.source === parent && e.data === "attack") {
    const embed = parent.frames[0];
    for (const m of [
      {type: "mergeplay:set", updated: "kind: Pwned\n"},
      {type: "mergeplay:set", mode: "ssa", options: {manager: "attacker"}},
      {type: "mergeplay:get"},
      {type: "mergeplay:eval"},
      JSON.parse('{"type":"mergeplay:set","__proto__":{"polluted":1}}'),
      "mergeplay:get",
    ]) embed.postMessage(m, "*");
    setTimeout(() => parent.postMessage({attackerReplies: replies}, "*"), 1500);
  } else if (e.source !== parent) {
    replies.push(e.data && e.data.type || String(e.data));
  }
});
</script>`)
	}))
	defer attacker.Close()
	const embedPath = "/?embed=1#example=apply-containers"
	docs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>docs</title>
<script>window.received = []; addEventListener("message", (e) => { if (e.source === document.getElementById("embed").contentWindow || (e.data && e.data.attackerReplies)) window.received.push(e.data); });</script>
<iframe id="embed" src="%s" width="900" height="600"></iframe>
<iframe id="attacker" src="%s" width="100" height="100"></iframe>`, h.url(embedPath), attacker.URL)
	}))
	defer docs.Close()
	p := openTab(t, h, 1100, 800)
	p.addScript(fmt.Sprintf(trap, js(strings.TrimSuffix(h.url(""), "/"))))
	p.do("opening the documentation page", chromedp.Navigate(docs.URL))
	p.waitFor("the embed's first result", `window.received.some((m) => m && m.type === "mergeplay:result" && m.response && m.response.result)`, 30*time.Second)
	ex := exampleNamed(t, "apply-containers")

	// post sends a message from the parent, then mergeplay:get, and returns the embed's replies.
	post := func(data string) (errors int, state hostileState) {
		t.Helper()
		var out struct {
			Errors int
			State  hostileState
		}
		p.eval(`new Promise((resolve, reject) => {
		  const before = window.received.length;
		  const embed = document.getElementById("embed").contentWindow;
		  embed.postMessage(`+data+`, "*");
		  embed.postMessage({type: "mergeplay:get"}, "*");
		  const poll = setInterval(() => {
		    const got = window.received.slice(before), state = got.find((m) => m && m.type === "mergeplay:state");
		    if (state) { clearInterval(poll); resolve({Errors: got.filter((m) => m && m.type === "mergeplay:error").length, State: state.state}); }
		  }, 10);
		  setTimeout(() => { clearInterval(poll); reject(new Error("no mergeplay:state from the embed")); }, 10000);
		})`, &out)
		return out.Errors, out.State
	}
	want := hostileState{Mode: "apply", Original: ex.Request.Original, Updated: ex.Request.Updated, Live: ex.Request.Live, Options: defaultOptions()}
	same := func(what string, got hostileState) {
		t.Helper()
		if jsJSON(t, got) != jsJSON(t, want) {
			t.Errorf("%s: the embed's state changed: %s", what, head(jsJSON(t, got)))
		}
	}
	cases := []struct {
		name, data string
		refused    bool
	}{
		{"null", `null`, false},
		{"a string", `"mergeplay:set"`, false},
		{"an array", `[{type: "mergeplay:set", updated: "x"}]`, false},
		{"a huge ArrayBuffer", `new ArrayBuffer(16 << 20)`, false},
		{"set with an own __proto__", `JSON.parse('{"type":"mergeplay:set","__proto__":{"polluted":1}}')`, true},
		{"options with an own __proto__", `{type: "mergeplay:set", options: JSON.parse('{"__proto__":{"polluted":1}}')}`, true},
		{"an unknown type", `{type: "mergeplay:exec", code: "window.__pwned=40"}`, true},
		{"a number input", `{type: "mergeplay:set", updated: 1e308}`, true},
		{"an input past 4 MiB of characters", `{type: "mergeplay:set", updated: "a".repeat((4 << 20) + 1)}`, true},
	}
	for _, tt := range cases {
		errors, state := post(tt.data)
		if tt.refused && errors != 1 || !tt.refused && errors != 0 {
			t.Errorf("%s: the embed answered %d mergeplay:error", tt.name, errors)
		}
		same(tt.name, state)
	}

	// The third frame's messages: no answer, no change.
	p.eval(`document.getElementById("attacker").contentWindow.postMessage("attack", "*")`, nil)
	p.waitFor("the attacker's report", `window.received.some((m) => m && m.attackerReplies)`, 10*time.Second)
	var replies []string
	p.eval(`window.received.find((m) => m && m.attackerReplies).attackerReplies`, &replies)
	if len(replies) > 0 {
		t.Errorf("the embed answered a frame that is not its parent: %v", replies)
	}
	_, state := post(`{type: "mergeplay:get"}`)
	same("messages from a frame that is not the parent", state)

	// A 4 MiB input (the most a message may carry, as the engine reads) is taken byte for byte.
	const most = 4 << 20
	big := "data:\n  big: \"" + strings.Repeat("<i>x</i>", (most-len("data:\n  big: \"\"\n"))/8)
	big += strings.Repeat("x", most-len(big)-2) + "\"\n"
	errors, state := post(`{type: "mergeplay:set", mode: "apply", original: "", live: "", updated: ` + js(big) + `}`)
	if errors != 0 || len(big) != most || state.Updated != big {
		t.Errorf("a %d-character input: %d errors, the embed holds %d characters", len(big), errors, len(state.Updated))
	}
	p.waitFor("the big input's answer", `window.received.some((m) => m && m.type === "mergeplay:result" && m.response && m.response.result.includes("<i>x</i>"))`, 60*time.Second)

	// The embed still merges a normal state.
	const updated = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: after\ndata:\n  greeting: hello\n"
	post(`{type: "mergeplay:set", mode: "apply", original: "", live: "", updated: ` + js(updated) + `}`)
	p.waitFor("the normal state's answer", `window.received.some((m) => m && m.type === "mergeplay:result" && m.response && m.response.result.includes("greeting: hello"))`, 20*time.Second)
	var marks []string
	p.eval(`window.received.filter((m) => m && m.type === "mergeplay:result").pop().response.fields.map((f) => f.mark)`, &marks)
	resp := answer(t, &contract.Request{Mode: "apply", Updated: updated})
	if fmt.Sprint(marks) != fmt.Sprint(fieldMarks(resp)) {
		t.Errorf("the embed's answer marks %v, the engine natively %v", marks, fieldMarks(resp))
	}
	p.checkTrap()
	p.expectNoProblems()
	return len(cases) + 6 + 1
}

// fieldMarks lists a response's fields' marks in order.
func fieldMarks(resp *contract.Response) []string {
	out := make([]string, len(resp.Fields))
	for i, f := range resp.Fields {
		out[i] = string(f.Mark)
	}
	return out
}
