// Property tests of the share-link codec (share.js), with a seeded PRNG so that a failure names
// the seed and case that reproduce it: random states round-trip byte for byte through
// encodeShare → decodeShare, and random mutations of valid links (truncation, flipped
// characters, random base64url, wrong version prefixes, oversized payloads, deflate of random or
// reshaped JSON) either decode to a well-formed state or are refused with a sentence; the decoder
// never throws, never hangs and never returns a malformed state.
//
// MERGEPLAY_SEED=<n> node --test web/share.property.test.js replays one seed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_PAYLOAD_CHARS, decodeShare, encodeShare, stateFromFile, stateToFile, toBase64url } from "./share.js";
import { MODES, OPTION_SPECS, checkOption } from "./modes.js";
import { seeded } from "./seeded.js";

const SEED = Number(process.env.MERGEPLAY_SEED ?? 0x6d657267) >>> 0;
/** How long one decode may take before the test calls it a hang. */
const HANG_MS = 5000;

/** Random helpers over one PRNG. */
function randomizer(seed) {
  const next = seeded(seed);
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  const chance = (p) => next() < p;
  return { next, int, pick, chance };
}

// Pieces of text that tend to break codecs: line endings, NUL and controls, bidi, astral
// characters, markup, YAML and JSON syntax, escapes.
const PIECES = [
  "\r\n", "\r", "\n", "\t", "\0", "\u0001", "\u001b[31m", "\u007f", "\u0085", "\u2028", "\u2029",
  "\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\ufffd", "\uffff", "😀", "𝔘𝔫𝔦", "👩‍👩‍👧", "\u{10ffff}", "\u{1f1eb}\u{1f1f7}",
  "é", "e\u0301", "日本語", "ﷺ", "<img src=x onerror=alert(1)>", "</script>", "${x}", "`", "\\", "\\u0000", "\"", "'",
  "apiVersion: v1\n", "kind: Secret\n", "metadata:\n  name: x\n", "- a\n", "{}", "[]", "key: |\n  block\n", "&a ", "*a", "<<: ",
  "__proto__", "constructor", "  ", " ", "#", "%", "%00", "+", "/", "=", "-", "_",
];

/** A random well-formed string (no lone surrogates): empty, pieces, random code points. */
function randomText(r, maxParts = 40) {
  if (r.chance(0.1)) return "";
  const parts = [];
  const n = 1 + r.int(maxParts);
  for (let i = 0; i < n; i++) {
    switch (r.int(4)) {
      case 0: parts.push(r.pick(PIECES)); break;
      case 1: parts.push(String.fromCodePoint(r.int(0x80))); break;
      case 2: {
        // Any code point but a surrogate half.
        let cp = r.int(0x110000);
        if (cp >= 0xd800 && cp <= 0xdfff) cp += 0x800;
        parts.push(String.fromCodePoint(cp));
        break;
      }
      default: parts.push("abcdefghijklmnopqrstuvwxyz0123456789 :-\n".slice(r.int(20), 20 + r.int(20)));
    }
  }
  return parts.join("");
}

/** A random state the page could hold: a mode, every option valid, three inputs. */
function randomState(r) {
  const options = {};
  for (const [key, spec] of Object.entries(OPTION_SPECS)) {
    if (r.chance(0.6)) {
      options[key] = spec.default;
      continue;
    }
    switch (spec.type) {
      case "boolean": options[key] = r.chance(0.5); break;
      case "choice": options[key] = r.pick(spec.choices); break;
      case "string": {
        // maxLength counts UTF-16 code units; drop whole code points until it fits.
        const chars = [...randomText(r, 8)];
        while (chars.join("").length > spec.maxLength) chars.pop();
        options[key] = chars.join("");
        break;
      }
      default: options[key] = randomText(r);
    }
  }
  return { mode: r.pick(MODES).name, options, original: randomText(r), updated: randomText(r), live: randomText(r) };
}

/** Decodes with a time limit: a decode that takes longer fails the test as a hang. */
async function decodeWithin(fragment) {
  let timer;
  const hang = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`decodeShare hung for ${HANG_MS} ms`)), HANG_MS); });
  try {
    return await Promise.race([decodeShare(fragment), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Fails unless a decode result is a well-formed state or a refusal with a sentence. */
function assertWellFormed(got, what) {
  assert.ok(got && typeof got === "object", `${what}: not an object`);
  if (got.ok === false) {
    assert.deepEqual(Object.keys(got).sort(), ["error", "ok"], what);
    assert.equal(typeof got.error, "string", what);
    assert.ok(got.error.length > 10 && got.error.length < 400, `${what}: error ${JSON.stringify(got.error.slice(0, 100))}`);
    return;
  }
  assert.equal(got.ok, true, what);
  const s = got.state;
  assert.deepEqual(Object.keys(s).sort(), ["live", "mode", "options", "original", "updated"], what);
  assert.ok(MODES.some((m) => m.name === s.mode), `${what}: mode ${String(s.mode).slice(0, 40)}`);
  for (const input of ["original", "updated", "live"]) assert.equal(typeof s[input], "string", `${what}: ${input}`);
  assert.equal(Object.getPrototypeOf(s.options), Object.prototype, `${what}: options' prototype`);
  assert.deepEqual(Object.keys(s.options).sort(), Object.keys(OPTION_SPECS).sort(), `${what}: option keys`);
  for (const [key, value] of Object.entries(s.options)) assert.equal(checkOption(key, value), "", `${what}: option ${key}`);
}

/** Encodes bytes as a version 1 payload (deflate-raw, base64url). */
async function deflatePayload(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A random mutation of a valid fragment ("s=1.<payload>"), and its name. */
function mutate(r, fragment) {
  const payload = fragment.slice("s=1.".length);
  switch (r.int(9)) {
    case 0: return ["truncated", fragment.slice(0, r.int(fragment.length))];
    case 1: {
      const chars = [...payload];
      const flips = 1 + r.int(3);
      for (let i = 0; i < flips && chars.length; i++) chars[r.int(chars.length)] = r.pick([...ALPHABET]);
      return ["characters flipped", `s=1.${chars.join("")}`];
    }
    case 2: {
      const at = r.int(payload.length + 1);
      return ["a character inserted", `s=1.${payload.slice(0, at)}${r.pick([...ALPHABET])}${payload.slice(at)}`];
    }
    case 3: {
      const at = r.int(payload.length);
      return ["a character removed", `s=1.${payload.slice(0, at)}${payload.slice(at + 1)}`];
    }
    case 4: return ["random base64url", `s=1.${Array.from({ length: r.int(200) }, () => r.pick([...ALPHABET])).join("")}`];
    case 5: return ["a wrong version", `s=${r.pick(["0", "2", "01", "10", "999999", "1234567", "-1", "1e0", "", " 1", "1.1", "0x1", "Infinity", "NaN"])}.${payload}`];
    case 6: return ["a character outside base64url", `s=1.${payload.slice(0, 3)}${r.pick(["+", "/", "=", "%", " ", ".", "\u00e9", "\0", "😀", "#"])}${payload.slice(3)}`];
    case 7: return ["the payload doubled", `s=1.${payload}${payload}`];
    default: return ["a hash prefix and case change", r.chance(0.5) ? `#${fragment}` : `S=1.${payload}`];
  }
}

/** A random JSON value, sometimes shaped like a state with wrong or hostile fields. */
function randomJSON(r, depth = 0) {
  const keys = ["mode", "original", "updated", "live", "options", ...Object.keys(OPTION_SPECS), "__proto__", "constructor", "prototype", "toString", "x"];
  switch (depth > 3 ? r.int(4) : r.int(7)) {
    case 0: return null;
    case 1: return r.chance(0.5);
    case 2: return r.pick([0, -1, 1e308, 3.5, 4000000]);
    case 3: return r.chance(0.5) ? r.pick(MODES).name : randomText(r, 5);
    case 4: return Array.from({ length: r.int(4) }, () => randomJSON(r, depth + 1));
    default: {
      const out = {};
      for (let i = r.int(6); i > 0; i--) out[r.pick(keys)] = randomJSON(r, depth + 1);
      if (depth === 0 && r.chance(0.7)) out.mode = r.chance(0.8) ? r.pick(MODES).name : randomText(r, 3);
      return out;
    }
  }
}

test("random states round-trip byte for byte through a share link and a state file", async () => {
  const r = randomizer(SEED);
  for (let i = 0; i < 1000; i++) {
    const state = randomState(r);
    const what = `seed ${SEED}, state ${i}`;
    const fragment = await encodeShare(state);
    assert.match(fragment, /^s=1\.[A-Za-z0-9_-]*$/, what);
    const got = await decodeWithin(r.chance(0.5) ? `#${fragment}` : fragment);
    assertWellFormed(got, what);
    assert.equal(got.ok, true, `${what}: ${got.error}`);
    assert.deepEqual(got.state, state, what);
    for (const input of ["original", "updated", "live"]) {
      assert.deepEqual(Buffer.from(got.state[input]), Buffer.from(state[input]), `${what}: ${input} bytes`);
    }
    if (i % 10 === 0) assert.deepEqual(stateFromFile(stateToFile(state)), { ok: true, state }, `${what}: state file`);
  }
});

test("mutated links decode to a valid state or are refused with a sentence, never throw or hang", async () => {
  const r = randomizer(SEED ^ 0x5eed);
  const links = [];
  for (let i = 0; i < 40; i++) links.push(await encodeShare(randomState(r)));
  const counts = { ok: 0, refused: 0 };
  for (let i = 0; i < 2000; i++) {
    const [how, fragment] = mutate(r, r.pick(links));
    const what = `seed ${SEED}, mutation ${i} (${how}): ${JSON.stringify(fragment.slice(0, 80))}`;
    let got;
    try {
      got = await decodeWithin(fragment);
    } catch (err) {
      assert.fail(`${what}: threw ${err?.stack ?? err}`);
    }
    assertWellFormed(got, what);
    counts[got.ok ? "ok" : "refused"]++;
  }
  assert.ok(counts.refused > 800, `only ${counts.refused} mutations were refused`);
});

test("deflate of random and reshaped JSON, and of random bytes, decodes or is refused", async () => {
  const r = randomizer(SEED ^ 0x15011);
  for (let i = 0; i < 600; i++) {
    let bytes;
    let how;
    if (i % 4 === 3) {
      how = "random bytes";
      bytes = Uint8Array.from({ length: r.int(300) }, () => r.int(256));
    } else if (i % 4 === 2) {
      how = "a state's JSON with a character changed";
      const json = JSON.stringify(randomState(r));
      const at = r.int(json.length);
      bytes = new TextEncoder().encode(json.slice(0, at) + r.pick(['"', "{", "}", ",", ":", "\\", "x", "1", "]", ""]) + json.slice(at + 1));
    } else {
      how = "random JSON";
      bytes = new TextEncoder().encode(JSON.stringify(randomJSON(r)) ?? "null");
    }
    const what = `seed ${SEED}, payload ${i} (${how})`;
    let got;
    try {
      got = await decodeWithin(`s=1.${await deflatePayload(bytes)}`);
    } catch (err) {
      assert.fail(`${what}: threw ${err?.stack ?? err}`);
    }
    assertWellFormed(got, what);
  }
});

test("oversized links are refused quickly", async () => {
  const started = performance.now();
  const long = await decodeWithin(`s=1.${"A".repeat(MAX_PAYLOAD_CHARS + 4)}`);
  assert.equal(long.ok, false);
  assert.match(long.error, /too long/);
  // Inflates past 24 MB from a few kilobytes.
  const bomb = await decodeWithin(`s=1.${await deflatePayload(new TextEncoder().encode(`{"mode":"apply","updated":"${"a".repeat(25 << 20)}"}`))}`);
  assert.equal(bomb.ok, false);
  assert.match(bomb.error, /24 MB/);
  // Just under the decoder's limits, valid: opens.
  const big = { mode: "apply", options: Object.fromEntries(Object.entries(OPTION_SPECS).map(([k, s]) => [k, s.default])), original: "o".repeat(4 << 20), updated: "x".repeat(4 << 20), live: "l".repeat(4 << 20) };
  const opened = await decodeWithin(await encodeShare(big));
  assertWellFormed(opened, "a 12 MB state, three inputs of 4 MiB");
  assert.equal(opened.ok, true);
  assert.equal(opened.state.updated.length, 4 << 20);
  assert.ok(performance.now() - started < 4000, `oversized links took ${Math.round(performance.now() - started)} ms`);
});
