import { test } from "node:test";
import assert from "node:assert/strict";
import { managedObjects } from "./management.js";
import { readResponses } from "./testdata/responses.js";

const examples = readResponses();

test("an applied object: a headline from its last-applied annotation, the engine's notes as written", () => {
  const objects = managedObjects(examples["apply-containers"].response);
  assert.equal(objects.length, 1);
  const [o] = objects;
  assert.match(o.resource, /Deployment/);
  assert.match(o.headline, /kubectl apply \(client-side\)/);
  assert.ok(o.notes.length >= 1 && o.notes.every((n) => typeof n === "string" && n.length > 0));
  assert.deepEqual(o.writers, []);
});

test("managers: each with its tool, subresource and field count; the headline names each tool once", () => {
  const response = { extra: { management: [{
    resource: "apps/v1/Deployment/default/web", line: 1, lastApplied: 300,
    managers: [
      { manager: "kubectl", operation: "Update", subresource: "scale", fields: 1, tool: "kubectl scale", says: "set spec.replicas", line: 14 },
      { manager: "kubectl-client-side-apply", operation: "Update", fields: 24, tool: "kubectl apply (client-side)", says: "wrote", line: 40 },
      { manager: "argocd-controller", operation: "Apply", fields: 3, says: "applied it", line: 60 },
      { manager: "kubectl-label", operation: "Update", fields: 1, tool: "kubectl label", says: "set", line: 70 },
      { operation: "Update" },
    ],
    helm: { name: "shop", namespace: "default" },
    notes: ["one", 2, "three"],
  }, { nonsense: true }] } };
  const [o, ...rest] = managedObjects(response);
  assert.equal(rest.length, 0, "an entry without a resource is left out");
  assert.equal(o.headline, "written by kubectl scale, kubectl apply (client-side), argocd-controller and kubectl label; Helm release shop");
  assert.deepEqual(o.writers.map((w) => w.detail), [
    "kubectl scale, through scale, 1 field", "kubectl apply (client-side), 24 fields", "server-side apply, 3 fields", "kubectl label, 1 field"]);
  assert.deepEqual(o.notes, ["one", "three"]);
});

test("nothing to say: no objects", () => {
  assert.deepEqual(managedObjects(null), []);
  assert.deepEqual(managedObjects({ extra: {} }), []);
  assert.deepEqual(managedObjects(examples["merge3-stream"].response), []);
});
