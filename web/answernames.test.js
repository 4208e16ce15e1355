import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { expandNames } from "./answernames.js";

const names = { resources: ["apps/v1/Deployment/shop/web-0", "v1/ConfigMap/default/a"], paths: [".spec.replicas", ".data.k"], reasons: ["live's value is kept", "gone"], rules: ["apply/retained", "apply/deleted-from-config"] };
const place = { after: 3, shift: 0, under: 2, doc: 0 };
const named = [
  { resource: 0, path: 0, mark: "retained", line: 7, endLine: 0, reason: 0, rule: 0 },
  { resource: 1, path: 1, mark: "deleted", line: 4, endLine: 5, reason: 1, rule: 1, place },
];
const whole = [
  { resource: "apps/v1/Deployment/shop/web-0", path: ".spec.replicas", mark: "retained", line: 7, endLine: 0, reason: "live's value is kept", rule: "apply/retained" },
  { resource: "v1/ConfigMap/default/a", path: ".data.k", mark: "deleted", line: 4, endLine: 5, reason: "gone", rule: "apply/deleted-from-config", place },
];

test("a whole answer's marks name their strings in full, in the keys' order of version 1, its names gone", () => {
  const out = expandNames({ version: 2, result: "r", fields: named, names, steps: [] });
  assert.deepEqual(out, { version: 2, result: "r", fields: whole, steps: [] });
  assert.deepEqual(Object.keys(out.fields[1]), ["resource", "path", "mark", "line", "endLine", "reason", "rule", "place"]);
  assert.equal(out.fields[1].place, place, "the place is the answer's own object");
});

test("a delta's inserted marks are named by its own names; keeps and drops stay", () => {
  const edits = [{ keep: 4, shift: { result: 1 } }, { drop: 2 }, { items: named }];
  const out = expandNames({ version: 2, delta: { since: 1, answer: 2 }, fields: { edits }, names });
  assert.deepEqual(out.fields.edits, [edits[0], edits[1], { items: whole }]);
  assert.equal("names" in out, false);
});

test("a history's steps are expanded, each with its own names, whole or inserted by a script", () => {
  const step = { version: 2, fields: [named[0]], names: { ...names, resources: names.resources.slice(0, 1) }, steps: [] };
  const out = expandNames({ version: 2, fields: [], names: { resources: [], paths: [], reasons: [], rules: [] }, steps: [step, step] });
  assert.deepEqual(out.steps.map((s) => s.fields), [[whole[0]], [whole[0]]]);
  const delta = expandNames({ version: 2, delta: { since: 1, answer: 2 }, steps: { edits: [{ keep: 1 }, { items: [step] }] } });
  assert.deepEqual(delta.steps.edits[1].items[0].fields, [whole[0]]);
  assert.equal("names" in delta.steps.edits[1].items[0], false);
});

test("an answer without names (version 1, or a delta carrying no marks) is read as it is", () => {
  const v1 = { version: 1, fields: whole, steps: [] };
  assert.equal(expandNames(v1), v1);
  assert.deepEqual(expandNames(v1).fields, whole);
  const delta = { version: 2, delta: { since: 1, answer: 2 }, result: { edits: [{ keep: 3 }] } };
  assert.equal(expandNames(delta), delta);
});

test("an index that is none of the names is refused", () => {
  assert.throws(() => expandNames({ version: 2, fields: [{ ...named[0], reason: 5 }], names }), /names/);
  assert.throws(() => expandNames({ version: 2, fields: [{ ...named[0], resource: "apps/v1/Deployment/shop/web-0" }], names }), /names/);
});

test("the engine's answers to every example carry names, and read back to marks naming their strings", () => {
  const examples = JSON.parse(fs.readFileSync(new URL("./testdata/responses.json", import.meta.url), "utf8"));
  let marks = 0;
  for (const [name, { response }] of Object.entries(examples)) {
    assert.ok(response.names, `${name}: no names`);
    const out = expandNames(response);
    for (const f of out.fields) {
      for (const key of ["resource", "path", "reason", "rule"]) assert.equal(typeof f[key], "string", `${name}: ${key}`);
      marks++;
    }
  }
  assert.ok(marks > 100, `${marks} marks`);
});
