import { test } from "node:test";
import assert from "node:assert/strict";
import { LARGE_STATE_CHARS, LARGE_STATE_WAIT_MS, stateChars, writeWait } from "./share.js";
import { MAX_SAVED_CHARS, createAutosave } from "./storage.js";
import { defaultOptions } from "./modes.js";

/** A Storage stand-in that records what was written. */
function memoryStorage() {
  const items = new Map();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k) };
}

const state = (size) => ({ mode: "apply", original: "", updated: "a".repeat(size), live: "", options: defaultOptions() });

test("the autosave keeps a state and reads it back", () => {
  const storage = memoryStorage();
  const autosave = createAutosave(storage);
  autosave.save(state(10));
  assert.equal(autosave.load().updated, "a".repeat(10));
});

test("the autosave leaves out a state no browser's storage holds, without writing it", () => {
  const storage = memoryStorage();
  const autosave = createAutosave(storage);
  autosave.save(state(10));
  autosave.save(state(MAX_SAVED_CHARS + 1));
  assert.equal(autosave.load().updated, "a".repeat(10), "the last state it could keep stays");
});

test("a large state is written after a longer pause", () => {
  assert.equal(stateChars({ ...state(5), original: "abc", options: { ...defaultOptions(), schema: "xy" } }), 10);
  assert.equal(writeWait(state(10), 250), 250);
  assert.equal(writeWait(state(LARGE_STATE_CHARS + 1), 250), LARGE_STATE_WAIT_MS);
});

test("a state file of the largest inputs the engine reads opens", async () => {
  const { stateFromFile, stateToFile } = await import("./share.js");
  const big = "k: \"v\"\n".repeat((4 << 20) / 7);
  const decoded = stateFromFile(stateToFile({ ...state(0), original: big, updated: big, live: big }));
  assert.equal(decoded.ok, true, decoded.error);
  assert.equal(decoded.state.live, big);
});

test("a state with an input past what the engine reads is refused", async () => {
  const { stateFromJSON } = await import("./share.js");
  const { MAX_INPUT_CHARS } = await import("./modes.js");
  const decoded = stateFromJSON({ mode: "apply", live: "a".repeat(MAX_INPUT_CHARS + 1) });
  assert.equal(decoded.ok, false);
  assert.match(decoded.error, /live input holds more than 4 MiB/);
});
