import { test } from "node:test";
import assert from "node:assert/strict";
import { INPUTS, MODES, OPTION_SPECS, WRITERS, applyAgain, buildRequest, changedOptions, checkOption, defaultOptions, findMode, isWriter, sameState, stateFromRequest, switchModes } from "./modes.js";

const state = (over = {}) => ({ mode: "apply", options: defaultOptions(), original: "o", updated: "u", live: "l", ...over });

test("every mode describes its inputs, options and next round", () => {
  assert.deepEqual(MODES.map((m) => m.name), ["apply", "merge3", "ssa", "patch", "twoway"]);
  for (const mode of MODES) {
    assert.ok(mode.title && mode.summary, mode.name);
    assert.ok(mode.inputs.updated && mode.inputs.live, `${mode.name} uses updated and live`);
    for (const input of INPUTS) {
      const role = mode.inputs[input];
      if (role) assert.ok(role.label && role.hint, `${mode.name}.${input}`);
    }
    for (const option of mode.options) assert.ok(Object.hasOwn(OPTION_SPECS, option.key), `${mode.name}: ${option.key}`);
    for (const [input, from] of Object.entries(mode.again)) {
      assert.ok(mode.inputs[input], `${mode.name}: again writes a used input`);
      assert.ok(from === "result" || mode.inputs[from], `${mode.name}: again reads a used input`);
    }
  }
  assert.equal(findMode("ssa").inputs.original, null);
  assert.equal(findMode("patch").inputs.original, null);
  assert.equal(findMode("apply").inputs.original.label, "last-applied");
  assert.equal(findMode("nope"), undefined);
});

test("the request sends the mode's options and blanks the inputs it does not use", () => {
  const ssa = buildRequest(state({ mode: "ssa", options: { ...defaultOptions(), manager: "me", prune: true } }));
  assert.deepEqual(ssa, { mode: "ssa", original: "", updated: "u", live: "l", options: { manager: "me", operation: "apply", force: false, now: "", client: "kubectl", validate: "strict" } });
  const apply = buildRequest(state({ options: { ...defaultOptions(), schema: "openapi: 3.0.0", schemaType: "T" } }));
  assert.deepEqual(apply.options, { overwrite: true, prune: false, multiKeys: false, validate: "strict", schema: "openapi: 3.0.0", schemaType: "T" });
  assert.equal(apply.original, "o");
  assert.deepEqual(buildRequest(state({ mode: "twoway" })).options, { validate: "strict" });
});

test("Apply again: the result becomes live and the config the original", () => {
  const before = state();
  const after = applyAgain(before, "merged");
  assert.deepEqual(after, { ...before, original: "u", live: "merged" });
  assert.equal(before.live, "l", "the argument is not changed");
  assert.deepEqual(applyAgain(state({ mode: "ssa" }), "r"), state({ mode: "ssa", live: "r" }));
  assert.deepEqual(applyAgain(state({ mode: "patch" }), "r"), state({ mode: "patch", live: "r" }));
  assert.deepEqual(applyAgain(state({ mode: "merge3" }), "r"), state({ mode: "merge3", original: "u", live: "r" }));
});

test("options are checked by type and only changed ones are kept", () => {
  assert.equal(checkOption("overwrite", false), "");
  assert.match(checkOption("overwrite", "false"), /true or false/);
  assert.match(checkOption("operation", "patch"), /one of apply, update/);
  assert.match(checkOption("manager", "x".repeat(300)), /longer/);
  assert.match(checkOption("toString", 1), /unknown/);
  assert.equal(checkOption("schema", "x".repeat(100000)), "");
  assert.deepEqual(changedOptions({ ...defaultOptions(), prune: true, manager: "kubectl" }), { prune: true });
});

test("a contract request reads as a state; unknown or wrong options are left out", () => {
  const s = stateFromRequest({ version: 1, mode: "apply", original: "o", updated: "u", live: "l", options: { overwrite: false, now: "2026-01-01T00:00:00Z", prune: "yes", later: 1 } });
  assert.deepEqual(s, state({ options: { ...defaultOptions(), overwrite: false, now: "2026-01-01T00:00:00Z" } }));
  assert.equal(stateFromRequest({ mode: "rm" }), null);
  assert.equal(stateFromRequest(null), null);
  assert.deepEqual(stateFromRequest({ mode: "ssa" }), { mode: "ssa", options: defaultOptions(), original: "", updated: "", live: "" });
  assert.equal(sameState(s, { ...s, options: { ...s.options } }), true);
  assert.equal(sameState(s, { ...s, live: "x" }), false);
  assert.equal(sameState(s, { ...s, options: { ...s.options, prune: true } }), false);
});

test("a step's mode switch offers the writers beside the five; outside a history, the five", () => {
  assert.deepEqual(switchModes(false).map((m) => m.name), MODES.map((m) => m.name));
  const names = switchModes(true).map((m) => m.name);
  for (const w of ["scale", "label", "annotate", "controller", "mergepatch", "jsonpatch", "kpt"]) {
    assert.ok(names.includes(w), w);
    assert.ok(isWriter(w), w);
    assert.equal(findMode(w).name, w);
  }
  assert.equal(new Set(names).size, names.length, "each mode once");
  assert.equal(isWriter("apply"), false);
  for (const w of WRITERS) {
    for (const o of w.options) assert.ok(OPTION_SPECS[o.key], `${w.name}'s option ${o.key} is the contract's`);
  }
});

test("a writer's step sends its own options: scale's replicas, patch --type json's patch", () => {
  const scale = buildRequest({ mode: "scale", options: { ...defaultOptions(), replicas: "7" }, original: "x", updated: "y", live: "z" });
  assert.equal(scale.options.replicas, "7");
  assert.equal(scale.updated, "", "scale reads no config");
  const json = buildRequest({ mode: "jsonpatch", options: defaultOptions(), original: "x", updated: "- {op: remove, path: /a}\n", live: "z" });
  assert.equal(json.updated, "- {op: remove, path: /a}\n");
  assert.equal(json.original, "", "a JSON patch reads no original");
});
