import test from "node:test";
import assert from "node:assert/strict";
import { commandItems, reproducible } from "./commandview.js";
import { readResponses } from "./testdata/responses.js";

const responses = readResponses();

test("every example's commands are read whole", () => {
  for (const [name, { response }] of Object.entries(responses)) {
    const items = commandItems(response);
    // A refused answer carries a command only when kubectl itself refuses, with its message, or
    // when the API server refuses the object, with what kubectl prints of it.
    if (response.errors.length) assert.ok(items.every((c) => /^(error: |The \S+ ".*" is invalid: |Error from server )/.test(c.error)), name);
    else assert.ok(items.length > 0, `${name} has a command`);
    for (const c of items) assert.ok(c.line.startsWith(c.tool), `${name}: ${c.line}`);
  }
  assert.deepEqual(commandItems(responses["apply-unchanged"].response)[0].output, ["configmap/web-config unchanged", "configmap/web-flags configured"]);
  assert.match(commandItems(responses["ssa-autoscaler-conflict"].response)[0].error, /^error: Apply failed with 1 conflict: conflict with "kube-controller-manager"/);
  assert.deepEqual(commandItems(responses["apply-annotation-not-a-string"].response).map((c) => [c.line, c.error]),
    [["kubectl apply -f config.yaml", 'error: unable to decode "config.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string']]);
  assert.deepEqual(commandItems(responses["apply-validate-strict"].response), []);
  assert.deepEqual(commandItems(responses["apply-annotation-too-long"].response).map((c) => [c.line, c.error]),
    [["kubectl apply -f config.yaml", 'The ConfigMap "grafana-dashboards" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes']]);
});

test("hostile shapes read as nothing", () => {
  assert.deepEqual(commandItems(null), []);
  assert.deepEqual(commandItems({ commands: [null, 3, { line: 5 }, { line: "kubectl x", output: [1, "a"] }] }), [{ tool: "", line: "kubectl x", about: "", output: ["a"], error: "", warnings: [] }]);
  assert.deepEqual(commandItems({ commands: [{ line: "kubectl y", warnings: ["Warning: x", 2] }] })[0].warnings, ["Warning: x"]);
});

test("only modes that reach a cluster reproduce", () => {
  assert.deepEqual(["apply", "ssa", "patch", "merge3", "twoway"].map(reproducible), [true, true, true, false, false]);
});
