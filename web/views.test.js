import { test } from "node:test";
import assert from "node:assert/strict";
import { patchEntries, prettyJSON } from "./patchview.js";
import { diffRows, diffText } from "./diffview.js";
import { groupFields } from "./explain.js";
import { firstSentence, groupExamples, parseExamples } from "./gallery.js";
import { resolveTheme } from "./theme.js";
import { readResponses } from "./testdata/responses.js";

const examples = readResponses();

test("patches are listed per resource, pretty-printed, with what kubectl does", () => {
  const entries = patchEntries(examples["apply-stream"].response);
  assert.deepEqual(entries.map((e) => e.action), ["patch", "patch", "create", "none"]);
  assert.match(entries[0].text, /^\{\n  "data": \{\n/);
  assert.equal(entries[0].summary, "patched, by a strategic merge patch");
  assert.match(entries[2].summary, /^created/);
  assert.deepEqual(patchEntries({ patch: '{"a":1}', extra: {} }), [{ resource: "", action: "patch", type: "", text: '{\n  "a": 1\n}', summary: "patched" }]);
  assert.deepEqual(patchEntries({ patch: "", extra: { patches: [null, 3] } }), []);
  const [unchanged] = patchEntries({ patch: "", extra: { patches: [{ resource: "v1/ConfigMap/default/a", action: "none", type: "strategic", patch: "{}" }] } });
  assert.equal(unchanged.action, "unchanged");
  assert.equal(unchanged.text, "");
  assert.match(unchanged.summary, /^unchanged: the patch is empty, so kubectl sends nothing/);
  assert.equal(prettyJSON("not json"), "not json");
});

test("the diff folds long unchanged runs and numbers both sides", () => {
  const diff = [
    { op: "equal", lines: ["1", "2", "3", "4", "5", "6", "7", "8"] },
    { op: "delete", lines: ["old"] },
    { op: "insert", lines: ["new", "newer"] },
    { op: "equal", lines: ["a", "b", "c", "d", "e", "f", "g", "h", "i"] },
    { op: "insert", lines: ["end"] },
  ];
  const rows = diffRows(diff, 2);
  assert.equal(rows[0].kind, "fold");
  assert.equal(rows[0].lines.length, 6);
  assert.deepEqual(rows.slice(1, 6).map((r) => [r.kind, r.text, r.live, r.result]), [
    ["equal", "7", 7, 7], ["equal", "8", 8, 8], ["delete", "old", 9, 0], ["insert", "new", 0, 9], ["insert", "newer", 0, 10],
  ]);
  assert.deepEqual(rows.slice(6).map((r) => r.kind), ["equal", "equal", "fold", "equal", "equal", "insert"]);
  assert.deepEqual(rows.at(-1), { kind: "insert", text: "end", live: 0, result: 20 });
  assert.equal(diffText(diff.slice(1, 3)), "-old\n+new\n+newer");
  assert.deepEqual(diffRows(null), []);
  assert.deepEqual(diffRows([{ op: "equal", lines: ["x"] }, { op: "bogus", lines: ["y"] }]).length, 1);
});

test("fields group by resource in order of appearance", () => {
  const groups = groupFields(examples["apply-stream"].response.fields);
  assert.deepEqual(groups.map((g) => g.resource), ["v1/ConfigMap/default/web-config", "v1/Service/default/web", "apps/v1/Deployment/default/web", "v1/Secret/default/web-tls"]);
  assert.equal(groups.reduce((n, g) => n + g.items.length, 0), examples["apply-stream"].response.fields.length);
  assert.equal(groups[1].items[0].index, 6);
});

test("examples.json is read defensively and grouped by mode", () => {
  const list = parseExamples([
    { name: "a", title: "A", mode: "patch", explanation: "First. Second.", request: {} },
    { name: "b", title: "B", mode: "apply", request: {} },
    { name: "../x", title: "X", mode: "apply", request: {} },
    { name: "c", title: "C", mode: "nope", request: {} },
    null,
    { name: "d", mode: "apply", request: {} },
  ]);
  assert.deepEqual(list.map((e) => e.name), ["a", "b", "c"]);
  assert.deepEqual(groupExamples(list).map((g) => [g.mode.name, g.examples.map((e) => e.name)]), [["apply", ["b"]], ["patch", ["a"]]]);
  const withHistory = [...list, { name: "h", title: "H", mode: "history", explanation: "", request: { mode: "history", steps: [] } }];
  assert.deepEqual(groupExamples(withHistory).map((g) => [g.mode.name, g.examples.map((e) => e.name)]), [["apply", ["b"]], ["patch", ["a"]], ["history", ["h"]]], "the histories come last");
  assert.deepEqual(parseExamples({ examples: [] }), []);
  assert.equal(firstSentence("The list merges by name.\nThen more. "), "The list merges by name.");
  assert.equal(firstSentence("no stop"), "no stop");
});

test("the theme: an embed's choice, then the saved one, then the system's", () => {
  assert.equal(resolveTheme({ forced: "light", saved: "dark", prefersDark: true }), "light");
  assert.equal(resolveTheme({ forced: null, saved: "dark", prefersDark: false }), "dark");
  assert.equal(resolveTheme({ forced: null, saved: "pink", prefersDark: true }), "dark");
  assert.equal(resolveTheme({ forced: null, saved: null, prefersDark: false }), "light");
});

test("long lists are drawn a chunk at a time", async () => {
  const { chunks, CHUNK } = await import("./lazylist.js");
  assert.deepEqual(chunks(0), []);
  assert.deepEqual(chunks(3, 2), [[0, 2], [2, 3]]);
  assert.deepEqual(chunks(CHUNK * 2 + 1).map(([a, b]) => b - a), [CHUNK, CHUNK, 1]);
});
