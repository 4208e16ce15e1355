import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore, keepsInput, stillExample } from "./state.js";
import { defaultOptions } from "./modes.js";

const example = { name: "ex", title: "An example", mode: "apply", explanation: "", request: {} };
const exState = {
  mode: "apply", options: defaultOptions(),
  original: "", updated: "kind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n", live: "kind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: w\n",
};

test("an input keeps the example's while half its telling lines are there", () => {
  assert.equal(keepsInput(exState.updated, exState.updated), true);
  assert.equal(keepsInput(exState.updated, exState.updated + "extra: 1\n"), true);
  assert.equal(keepsInput(exState.updated, "kind: ConfigMap\n"), false);
  assert.equal(keepsInput(exState.updated, "something: else\n"), false);
  assert.equal(keepsInput("", "anything\n"), false, "an input the example leaves empty holds nothing of it");
  assert.equal(keepsInput("---\n# only a comment\n", "---\n"), false);
});

test("a state stops being the example's only when the mode changed and every input was replaced", () => {
  const replaced = { ...exState, updated: "x: 1\n", live: "y: 2\n" };
  assert.equal(stillExample(exState, exState), true);
  assert.equal(stillExample(exState, replaced), true, "same mode");
  assert.equal(stillExample(exState, { ...exState, mode: "merge3" }), true, "inputs kept");
  assert.equal(stillExample(exState, { ...replaced, mode: "merge3" }), false);
  assert.equal(stillExample(exState, { ...replaced, mode: "merge3", live: exState.live }), true, "one input kept");
  assert.equal(stillExample(null, exState), false);
});

test("the store tells its listeners what changed, and drops the example once it is not its own", () => {
  const store = createStore({ state: exState, exampleName: "ex" });
  const changes = [];
  store.subscribe((c) => changes.push(c));
  store.setExample(example);
  assert.equal(store.example(), example);
  assert.equal(store.unedited(), true);
  store.setInput("updated", exState.updated); // same text: nothing changes
  store.setOption("prune", false); // same value
  assert.deepEqual(changes, ["example"]);

  store.setInput("updated", "x: 1\n");
  assert.equal(store.edited(), true);
  assert.equal(store.unedited(), false);
  store.setInput("live", "y: 2\n");
  assert.equal(store.exampleName(), "ex", "same mode: still the example, edited");
  store.setMode("merge3");
  assert.equal(store.exampleName(), "");
  assert.equal(store.example(), null);
  assert.equal(store.edited(), false);
  store.setMode("apply");
  assert.equal(store.example(), null, "once dropped, the example stays dropped");
  assert.deepEqual(changes, ["example", "edit", "edit", "mode", "mode"]);
});

test("dropExample forgets the example and says so once", () => {
  const store = createStore({ state: exState, example });
  const changes = [];
  store.subscribe((c) => changes.push(c));
  store.dropExample();
  assert.equal(store.exampleName(), "");
  assert.equal(store.example(), null);
  assert.equal(store.edited(), false);
  store.dropExample();
  assert.deepEqual(changes, ["example"]);
});

test("load replaces the state and its example, or keeps the example (Apply again)", () => {
  const store = createStore({ state: exState });
  assert.equal(store.exampleName(), "");
  store.load(exState, example);
  assert.equal(store.unedited(), true);
  store.load({ ...exState, live: "z: 1\n" }, null, { keepExample: true });
  assert.equal(store.exampleName(), "ex");
  assert.equal(store.edited(), true);
  const copy = store.get();
  copy.options.prune = true;
  assert.equal(store.get().options.prune, false, "get returns a copy");
  store.load(exState, null);
  assert.equal(store.exampleName(), "");
});
