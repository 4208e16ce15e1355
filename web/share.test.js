import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import {
  CHAT_SAFE_LENGTH, ENCODE_SLICE_CHARS, decodeShare, encodeShare, fromBase64url, mentionsSecret, parseHash,
  shareNotices, stateFromFile, stateFromJSON, stateToFile, toBase64url,
} from "./share.js";
import { defaultOptions } from "./modes.js";

const fixtures = JSON.parse(fs.readFileSync(new URL("./share-fixtures.json", import.meta.url), "utf8"));

/** Encodes arbitrary bytes as a version 1 payload, to build malformed links. */
async function payloadOf(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

const state = (over = {}) => ({ mode: "apply", options: defaultOptions(), original: "", updated: "", live: "", ...over });

/** A fixture's state as the page reads it today: options added since take their defaults. */
const today = (s) => ({ ...s, options: { ...defaultOptions(), ...s.options } });

test("every fixture link of every version opens to exactly its state", async () => {
  assert.ok(fixtures.valid.length >= 4);
  for (const f of fixtures.valid) {
    const got = await decodeShare(f.link);
    assert.equal(got.ok, true, `${f.name}: ${got.error}`);
    assert.deepEqual(got.state, today(f.state), f.name);
    if (f.history) assert.deepEqual(got.history, { ...f.history, steps: f.history.steps.map(today) }, f.name);
    else assert.equal(got.history, undefined, f.name);
  }
});

test("malformed fixture links are refused with a sentence", async () => {
  for (const f of fixtures.invalid) {
    const got = await decodeShare(f.link);
    assert.equal(got.ok, false, f.name);
    assert.match(got.error, new RegExp(f.error), f.name);
  }
});

test("encode then decode is byte-exact, whatever the text", async () => {
  const texts = ["", "a: 1", "a: 1\r\nb: 2\r\n", "\t\u0000\u2028\ud83d\ude80 lone \udc00 end", "x".repeat(100_000), "é".repeat(5000) + "\n\n\n"];
  for (const t of texts) {
    const s = state({ original: t, updated: t.split("").reverse().join(""), live: t + "\n" });
    const fragment = await encodeShare(s);
    assert.match(fragment, /^s=1\.[A-Za-z0-9_-]+$/);
    assert.deepEqual((await decodeShare("#" + fragment)).state, s);
  }
});

test("a state larger than a slice is the same link as if deflated whole, a surrogate pair across the cut", async () => {
  // The pair's high half is the last character of the first slice: "updated" is the JSON's
  // first input after `{"mode":"apply","original":"` and its text.
  const head = '{"mode":"apply","original":"';
  const original = "a".repeat(ENCODE_SLICE_CHARS - head.length - 1) + "\ud83d\ude80" + "b: 1\n".repeat(ENCODE_SLICE_CHARS);
  const s = state({ original, updated: "é".repeat(3 * ENCODE_SLICE_CHARS), live: "\ud83d\ude80".repeat(ENCODE_SLICE_CHARS) });
  const fragment = await encodeShare(s);
  const whole = JSON.stringify({ mode: s.mode, original: s.original, updated: s.updated, live: s.live, options: {} });
  assert.equal(whole.charCodeAt(ENCODE_SLICE_CHARS - 1), 0xd83d);
  assert.equal(fragment, `s=1.${await payloadOf(whole)}`);
  assert.deepEqual((await decodeShare(fragment)).state, s);
});

test("links carry only options off their defaults and restore the rest", async () => {
  const s = state({ mode: "ssa", options: { ...defaultOptions(), force: true, manager: "me" } });
  const fragment = await encodeShare(s);
  const json = new TextDecoder().decode(await new Response(new Blob([fromBase64url(fragment.slice(4))]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
  assert.deepEqual(JSON.parse(json).options, { manager: "me", force: true });
  assert.deepEqual((await decodeShare(fragment)).state, s);
});

test("well-compressed but wrong content is refused, never thrown", async () => {
  const cases = [
    ["not json", "damaged"],
    ["[1,2]", "not a JSON object"],
    ['{"mode":"rm -rf"}', "mode must be one of"],
    ['{"mode":"apply","live":42}', "live input must be text"],
    ['{"mode":"apply","options":{"overwrite":"yes"}}', "overwrite must be true or false"],
    ['{"mode":"apply","options":{"operation":"delete"}}', "operation must be one of"],
    ['{"mode":"apply","options":{"__proto__":1}}', "unknown option"],
    ['{"mode":"apply","script":"alert(1)"}', "unknown key"],
    ['{"mode":"apply","options":[]}', "options must be a JSON object"],
  ];
  for (const [text, error] of cases) {
    const got = await decodeShare(`#s=1.${await payloadOf(text)}`);
    assert.equal(got.ok, false, text);
    assert.match(got.error, new RegExp(error), text);
  }
  const garbage = await decodeShare("#s=1." + toBase64url(new Uint8Array([0xff, 0xfe, 0x00, 0x12])));
  assert.equal(garbage.ok, false);
});

test("a decompression bomb stops at the size limit", async () => {
  const got = await decodeShare(`#s=1.${await payloadOf(" ".repeat(25 * 1024 * 1024))}`);
  assert.equal(got.ok, false);
  assert.match(got.error, /24 MB/);
});

test("parseHash tells share links, example links and the rest apart", () => {
  assert.deepEqual(parseHash("#s=1.abc_-"), { kind: "share", version: 1, payload: "abc_-" });
  assert.deepEqual(parseHash("example=apply-containers"), { kind: "example", name: "apply-containers" });
  assert.deepEqual(parseHash(""), { kind: "none" });
  assert.deepEqual(parseHash("#top"), { kind: "none" });
  assert.equal(parseHash("#s=x.abc").kind, "invalid");
  assert.equal(parseHash("#example=../../etc").kind, "invalid");
  assert.equal(parseHash("#example=%E0%A4%A").kind, "invalid");
});

test("base64url fallback matches the standard alphabet, unpadded", () => {
  const bytes = new Uint8Array(256).map((_, i) => i);
  const text = toBase64url(bytes);
  assert.doesNotMatch(text, /[+/=]/);
  assert.equal(text, Buffer.from(bytes).toString("base64url"));
  assert.deepEqual(fromBase64url(text), bytes);
  assert.throws(() => fromBase64url("a+b"));
  assert.throws(() => fromBase64url("abcde"));
});

test("state files round-trip and are validated like links", () => {
  const s = state({ mode: "merge3", original: "a: 1\n", options: { ...defaultOptions(), inferKeys: true } });
  const file = stateToFile(s);
  assert.match(file, /"mergeplay": "state"/);
  assert.deepEqual(stateFromFile(file).state, s);
  assert.equal(stateFromFile("{").ok, false);
  assert.match(stateFromFile('{"mergeplay":"state","version":7,"state":{}}').error, /version/);
  assert.equal(stateFromFile('{"mode":"apply"}').ok, true);
});

test("stateFromJSON fills what is missing", () => {
  const got = stateFromJSON({ mode: "patch" });
  assert.deepEqual(got, { ok: true, state: state({ mode: "patch" }) });
});

test("a Secret in any input strengthens the notice", () => {
  assert.equal(mentionsSecret(state({ live: "apiVersion: v1\nkind: Secret\n" })), true);
  assert.equal(mentionsSecret(state({ updated: "{kind: Secret, data: {}}" })), true);
  assert.equal(mentionsSecret(state({ original: '{"kind": "Secret"}' })), true);
  assert.equal(mentionsSecret(state({ live: "kind: SecretStore\n" })), false);
  assert.equal(mentionsSecret(state({ live: "# kind: ConfigMap\ndata: {kind: Secrets}\n" })), false);
  const plain = shareNotices("https://x/#s=1.a", state());
  assert.equal(plain.length, 1);
  assert.equal(plain[0].level, "info");
  const secret = shareNotices("https://x/#s=1.a", state({ live: "kind: Secret" }));
  assert.equal(secret[0].level, "warning");
  assert.match(secret[0].text, /Secret/);
  const long = shareNotices("https://x/#s=1." + "a".repeat(CHAT_SAFE_LENGTH), state());
  assert.equal(long.length, 2);
  assert.match(long[1].text, /Download/);
});
