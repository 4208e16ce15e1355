import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { planModeSwitch } from "./modechange.js";
import { MODES } from "./modes.js";

/** The example folder's name, title and mode, as examples.json gives them. */
function exampleNamed(name) {
  const text = readFileSync(new URL(`../examples/${name}/example.yaml`, import.meta.url), "utf8");
  const title = JSON.parse(text.match(/^title: (".*")$/m)[1]);
  const explanation = text.slice(text.indexOf("explanation: |") + 15);
  return { name, title, mode: text.match(/^mode: (\S+)$/m)[1], explanation, request: {} };
}

const applyContainers = exampleNamed("apply-containers");

const examples = MODES.map((m) => exampleNamed(m.starter));

test("every mode's starting example exists and is of that mode", () => {
  for (const mode of MODES) assert.equal(exampleNamed(mode.starter).mode, mode.name, mode.name);
});

test("an example as it opened gives way to the new mode's starting example, and a notice says why", () => {
  const plan = planModeSwitch({ from: "apply", to: "merge3", example: applyContainers, unedited: true, empty: false, examples });
  assert.equal(plan.open?.name, "merge3-drift-kept");
  assert.equal(plan.dropExample, false, "the new example replaces it");
  assert.equal(plan.offer, null);
  assert.equal(plan.notice, "kustomize merge3 reads the inputs as upstream before, upstream now and local copy, so the kubectl apply example gave way to kustomize merge3's starting example, “Local edits survive an update that does not touch them”. Examples has them all.");
});

test("inputs the reader changed stay, read in the new mode's roles; the starting example is offered", () => {
  const plan = planModeSwitch({ from: "apply", to: "ssa", example: applyContainers, unedited: false, empty: false, examples });
  assert.equal(plan.open, null);
  assert.equal(plan.dropExample, true, "its note speaks of apply");
  assert.equal(plan.offer?.name, "ssa-autoscaler-conflict");
  assert.match(plan.notice, /^Switched to server-side apply with your inputs, now read as applied config and live object\. Its own starting example: “An autoscaler owns replicas: applying them is a conflict”\.$/);
});

test("without the examples list an unedited example keeps its inputs and the notice says so", () => {
  const plan = planModeSwitch({ from: "apply", to: "merge3", example: applyContainers, unedited: true, empty: false, examples: [] });
  assert.equal(plan.open, null);
  assert.equal(plan.offer, null);
  assert.equal(plan.notice, "Switched to kustomize merge3 with the kubectl apply example's inputs, now read as upstream before, upstream now and local copy.");
});

test("an example that invites the switch keeps its inputs and its note; so does the way back", () => {
  const driftKept = exampleNamed("merge3-drift-kept");
  const keep = { open: null, dropExample: false, notice: "", offer: null };
  assert.deepEqual(planModeSwitch({ from: "merge3", to: "apply", example: driftKept, unedited: true, empty: false, examples }), keep);
  assert.deepEqual(planModeSwitch({ from: "apply", to: "merge3", example: driftKept, unedited: false, empty: false, examples }), keep, "back to its own mode");
  assert.equal(planModeSwitch({ from: "merge3", to: "ssa", example: driftKept, unedited: true, empty: false, examples }).open?.name, "ssa-autoscaler-conflict", "a switch it does not invite");
});

test("your own inputs stay and the starting example is offered; empty inputs or the same mode: nothing to say", () => {
  const own = planModeSwitch({ from: "apply", to: "patch", example: null, unedited: false, empty: false, examples });
  assert.equal(own.open, null);
  assert.equal(own.offer?.name, "patch-merge-by-key");
  assert.match(own.notice, /^Switched to .+ with your inputs, now read as patch and target\./);
  assert.deepEqual(planModeSwitch({ from: "apply", to: "merge3", example: null, unedited: false, empty: true, examples }), { open: null, dropExample: true, notice: "", offer: null });
  assert.deepEqual(planModeSwitch({ from: "apply", to: "apply", example: applyContainers, unedited: true, empty: false, examples }), { open: null, dropExample: false, notice: "", offer: null });
});

test("a history example's step switches mode in place: the history stays", () => {
  const story = exampleNamed("history-ssa-conflict-after-scale");
  const plan = planModeSwitch({ from: "ssa", to: "apply", example: story, unedited: true, empty: false, examples });
  assert.deepEqual(plan, { open: null, dropExample: false, notice: "", offer: null });
});
