import { test } from "node:test";
import assert from "node:assert/strict";
import { EMBED_PANES, MAX_MESSAGE_TEXT, embedPanes, embedSnippet, embedURL, escapeAttribute, inputRole, mergeMessage, parseEmbedParams, showsResult, validateMessage } from "./embed.js";

test("embed parameters: known values only", () => {
  assert.deepEqual(parseEmbedParams("?embed=1&panes=updated,result&readonly=1&theme=dark"), { embed: true, panes: ["updated", "result"], readonly: true, theme: "dark", exercise: false });
  assert.deepEqual(parseEmbedParams(""), { embed: false, panes: null, readonly: false, theme: null, exercise: false });
  assert.deepEqual(parseEmbedParams("?embed=0&panes=evil,,live,live&theme=pink"), { embed: false, panes: ["live"], readonly: false, theme: null, exercise: false });
  assert.equal(parseEmbedParams("?embed=1&exercise=1").exercise, true);
  assert.equal(parseEmbedParams("?embed=1&exercise=0").exercise, false);
  assert.deepEqual(embedPanes(parseEmbedParams("?embed=1"), "ssa"), ["updated", "live", "result"]);
  assert.deepEqual(embedPanes(parseEmbedParams("?embed=1"), "apply"), [...EMBED_PANES]);
});

test("mergeplay:set and mergeplay:get are accepted when well-formed", () => {
  assert.deepEqual(validateMessage({ type: "mergeplay:get" }), { ok: true, message: { type: "get" } });
  assert.deepEqual(validateMessage({ type: "mergeplay:set", mode: "patch", live: "a: 1", options: { multiKeys: true } }),
    { ok: true, message: { type: "set", mode: "patch", live: "a: 1", options: { multiKeys: true } } });
  assert.deepEqual(validateMessage({ type: "mergeplay:set" }), { ok: true, message: { type: "set" } });
});

test("anything else is refused; foreign messages are not ours", () => {
  const refused = [
    [null, false], ["mergeplay:set", false], [[], false], [{ type: 3 }, false], [{ type: "webpackOk" }, false],
    [{ type: "mergeplay:run" }, true],
    // What the page sends is never answered (a page that is not embedded would answer itself forever).
    [{ type: "mergeplay:error", error: "x" }, false], [{ type: "mergeplay:state", state: {} }, false],
    [{ type: "mergeplay:result", response: {} }, false], [{ type: "mergeplay:height", height: 1 }, false],
    [{ type: "mergeplay:score", score: { right: 1, total: 2, misses: [] } }, false],
    [{ type: "mergeplay:get", extra: 1 }, true],
    [{ type: "mergeplay:set", mode: "kubectl" }, true],
    [{ type: "mergeplay:set", live: 42 }, true],
    [{ type: "mergeplay:set", live: "x".repeat(MAX_MESSAGE_TEXT + 1) }, true],
    [{ type: "mergeplay:set", options: { overwrite: "no" } }, true],
    [{ type: "mergeplay:set", options: { evil: true } }, true],
    [{ type: "mergeplay:set", options: "overwrite" }, true],
    [{ type: "mergeplay:set", innerHTML: "<img onerror=alert(1)>" }, true],
  ];
  for (const [data, ours] of refused) {
    const got = validateMessage(data);
    assert.equal(got.ok, false, JSON.stringify(data)?.slice(0, 80));
    assert.equal(got.ours, ours, JSON.stringify(data)?.slice(0, 80));
    assert.equal(typeof got.error, "string");
  }
});

test("the embed URL and the iframe snippet escape what they carry", () => {
  const url = embedURL({ base: "https://mergeplay.dev/", fragment: "s=1.abc", panes: ["updated", "result"], readonly: true, theme: "light" });
  assert.equal(url, "https://mergeplay.dev/?embed=1&panes=updated,result&readonly=1&theme=light#s=1.abc");
  assert.equal(embedURL({ base: "https://x/", fragment: "" }), "https://x/?embed=1");
  assert.equal(embedURL({ base: "https://x/", fragment: "example=apply-containers", exercise: true }), "https://x/?embed=1&exercise=1#example=apply-containers");
  const snippet = embedSnippet({ url: 'https://x/?a=1&b="2"', title: "<apply> & \"more\"", height: 99999 });
  assert.equal(snippet, '<iframe src="https://x/?a=1&amp;b=&quot;2&quot;" title="&lt;apply&gt; &amp; &quot;more&quot;" width="100%" height="4000" loading="lazy"></iframe>');
  assert.equal(escapeAttribute("a'b"), "a'b");
});

test("an input's role: the mode's, unless an embed leaves its pane out", () => {
  const state = { mode: "ssa" };
  assert.equal(inputRole(parseEmbedParams(""), state, "original"), null); // ssa reads no original
  assert.ok(inputRole(parseEmbedParams(""), state, "live"));
  assert.equal(inputRole(parseEmbedParams("?embed=1&panes=updated,result"), state, "live"), null);
  assert.equal(inputRole(parseEmbedParams("?panes=updated,result"), state, "live"), inputRole(parseEmbedParams(""), state, "live"));
  assert.equal(showsResult(parseEmbedParams(""), "apply"), true);
  assert.equal(showsResult(parseEmbedParams("?embed=1&panes=updated"), "apply"), false);
  assert.equal(showsResult(parseEmbedParams("?embed=1"), "apply"), true);
});

test("mergeplay:set's fields over the current state, which stays as it was", () => {
  const state = { mode: "apply", original: "a", updated: "b", live: "c", options: { schema: "", multiKeys: false } };
  const next = mergeMessage(state, { mode: "patch", live: "", options: { multiKeys: true } });
  assert.deepEqual(next, { mode: "patch", original: "a", updated: "b", live: "", options: { schema: "", multiKeys: true } });
  assert.deepEqual(state.options, { schema: "", multiKeys: false });
  assert.deepEqual(mergeMessage(state, {}), state);
});
