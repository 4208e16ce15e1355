import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { parsePrerendered, resolveInitial } from "./initial.js";
import { encodeShare } from "./share.js";
import { defaultOptions } from "./modes.js";

const fixtures = JSON.parse(fs.readFileSync(new URL("./share-fixtures.json", import.meta.url), "utf8"));
const example = { name: "ex", title: "T", mode: "apply", explanation: "E.", request: { mode: "apply", original: "", updated: "a: 1\n", live: "a: 2\n", options: { overwrite: true } } };
const prerendered = { example: "default", request: { mode: "apply", original: "", updated: "p: 1\n", live: "", options: {} }, response: {} };
const autosaved = { mode: "patch", options: defaultOptions(), original: "", updated: "saved", live: "" };
const loadExamples = async () => [example];

test("a share link wins over everything", async () => {
  const link = fixtures.valid[1];
  const got = await resolveInitial({ hash: link.link, autosaved, prerendered, loadExamples });
  assert.equal(got.from, "link");
  assert.deepEqual(got.state, { ...link.state, options: { ...defaultOptions(), ...link.state.options } });
});

test("an example link opens the example", async () => {
  const got = await resolveInitial({ hash: "#example=ex", autosaved, prerendered, loadExamples });
  assert.equal(got.from, "example");
  assert.equal(got.exampleName, "ex");
  assert.equal(got.state.updated, "a: 1\n");
});

test("a broken link falls back with a notice", async () => {
  const got = await resolveInitial({ hash: "#s=1.@@", autosaved, prerendered, loadExamples });
  assert.equal(got.from, "autosave");
  assert.match(got.notice, /damaged/);
  const missing = await resolveInitial({ hash: "#example=nope", autosaved: null, prerendered, loadExamples });
  assert.equal(missing.from, "default");
  assert.equal(missing.exampleName, "default");
  assert.match(missing.notice, /no example named "nope"/);
  const offline = await resolveInitial({ hash: "#example=ex", autosaved: null, prerendered: null, loadExamples: async () => { throw new Error("offline"); } });
  assert.equal(offline.from, "empty");
});

test("without a link: the autosave, then the prerendered example, then the first example", async () => {
  assert.equal((await resolveInitial({ hash: "", autosaved, prerendered, loadExamples })).from, "autosave");
  const pre = await resolveInitial({ hash: "", autosaved: null, prerendered, loadExamples });
  assert.equal(pre.state.updated, "p: 1\n");
  const first = await resolveInitial({ hash: "", autosaved: null, prerendered: null, loadExamples });
  assert.equal(first.exampleName, "ex");
});

test("a link made now opens the same state", async () => {
  const state = { ...autosaved, live: "kind: Secret\n" };
  const got = await resolveInitial({ hash: "#" + await encodeShare(state), autosaved: null, prerendered: null, loadExamples });
  assert.deepEqual(got.state, state);
});

test("the prerendered element is read defensively", () => {
  assert.equal(parsePrerendered(""), null);
  assert.equal(parsePrerendered("{"), null);
  assert.equal(parsePrerendered('{"example":"x"}'), null);
  assert.deepEqual(parsePrerendered('{"example":"x","request":{"mode":"apply"},"response":{"result":""}}'), { example: "x", request: { mode: "apply" }, response: { result: "" }, opened: null });
});

test("the prerendered answer's marks name their strings in full, as the engine's answers are read", () => {
  const response = { version: 2, fields: [{ resource: 0, path: 0, mark: "added", line: 1, endLine: 0, reason: 0, rule: 0 }], names: { resources: ["v1/ConfigMap/default/a"], paths: [".a"], reasons: ["new"], rules: ["apply/added"] } };
  const got = parsePrerendered(JSON.stringify({ example: "x", request: { mode: "apply" }, response }));
  assert.deepEqual(got.response, { version: 2, fields: [{ resource: "v1/ConfigMap/default/a", path: ".a", mark: "added", line: 1, endLine: 0, reason: "new", rule: "apply/added" }] });
});

test("the prerendered element gives its example for the note, as examples.json would", () => {
  const text = JSON.stringify({ example: "apply-x", title: "A title", explanation: "Why.\n\nMore.", request: { mode: "apply", updated: "a: 1\n" }, response: { result: "" } });
  assert.deepEqual(parsePrerendered(text).opened, { name: "apply-x", title: "A title", mode: "apply", explanation: "Why.\n\nMore.", request: { mode: "apply", updated: "a: 1\n" } });
  // A name examples.json could not hold, or no title: no example, the page loads examples.json.
  assert.equal(parsePrerendered(JSON.stringify({ example: "../x", title: "T", request: { mode: "apply" }, response: {} })).opened, null);
  assert.equal(parsePrerendered(JSON.stringify({ example: "x", request: { mode: "apply" }, response: {} })).opened, null);
});
