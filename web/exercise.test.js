import assert from "node:assert/strict";
import test from "node:test";

import { asksForExercise, exerciseFragment, exerciseLines, keyOfMark, lineLabel, markChoices, markForKey, sameExercise, scoreExercise, scoreSentence } from "./exercise.js";
import { MARKS, layoutResult } from "./marks.js";
import { MODES } from "./modes.js";
import { parseHash } from "./share.js";
import { readResponses } from "./testdata/responses.js";

const RESPONSES = readResponses();

function exerciseOf(name) {
  const { response, live, updated } = RESPONSES[name];
  return exerciseLines(layoutResult(response, live, updated), response.fields);
}

/** The engine's own marks, as a learner who knew them would give them. */
function perfect(lines) {
  return new Map(lines.flatMap((l, i) => (l.expected ? [[i, l.expected]] : [])));
}

test("the lines of apply-containers: a line is scored when a field starts on it", () => {
  const lines = exerciseOf("apply-containers");
  const scored = lines.filter((l) => l.expected);
  // metadata:, spec:, template:, spec:, containers: open maps and lists (no field starts on them),
  // the annotation's JSON continues the field above: shown, not scored.
  assert.deepEqual(lines.filter((l) => !l.expected).map((l) => l.text.trim().slice(0, 12)),
    ["metadata:", "annotations:", "{\"apiVersion", "spec:", "selector:", "template:", "metadata:", "spec:", "containers:",
      // the deleted container's lines after its first, the added one's (its defaults inside its
      // mark), the last container's image and defaults (inside its retained name's item)...
      "image: helpe", "imagePullPol", "resources: {", "terminationM", "terminationM",
      "image: helpe", "imagePullPol", "resources: {", "terminationM", "terminationM",
      "image: helpe", "imagePullPol", "resources: {", "terminationM", "terminationM",
      // ...and the default strategy's maps, which open fields
      "strategy:", "rollingUpdat"]);
  assert.equal(scored.length, 34);
  const helperA = lines.find((l) => l.text.includes("nginx-helper-a"));
  assert.deepEqual({ expected: helperA.expected, fromLive: helperA.fromLive, struck: helperA.struck }, { expected: "deleted", fromLive: true, struck: true });
  // The deleted container's second line: struck on the reveal with it, not scored.
  const helperAImage = lines[lines.indexOf(helperA) + 1];
  assert.deepEqual({ expected: helperAImage.expected, struck: helperAImage.struck }, { expected: null, struck: true });
  assert.ok(helperA.reason.length > 10 && helperA.reason.endsWith("."), helperA.reason);
  assert.ok(helperA.path.startsWith(".spec.template.spec.containers[") && helperA.path.includes("nginx-helper-a"), helperA.path);
  const added = lines.find((l) => l.text.includes("- name: nginx-helper-c"));
  assert.equal(added.expected, "added");
  assert.equal(added.fromLive, false);
  assert.equal(added.number, 36);
});

test("every example: each scored line carries the mark of a field that starts on it, and the engine's marks score full", () => {
  for (const [name, { response, live, updated }] of Object.entries(RESPONSES)) {
    const lines = exerciseLines(layoutResult(response, live, updated), response.fields);
    for (const line of lines.filter((l) => l.expected)) {
      const liveMark = (m) => m === "deleted" || m === "conflict" || m === "dropped";
      const starting = response.fields.filter((f) => f.line === line.number && liveMark(f.mark) === line.fromLive);
      assert.ok(starting.some((f) => f.mark === line.expected), `${name}: line ${line.number} ${JSON.stringify(line.text)} expects ${line.expected}; fields starting there: ${starting.map((f) => f.mark)}`);
      assert.ok(line.reason, `${name}: line ${line.number} has no reason`);
    }
    const score = scoreExercise(lines, perfect(lines));
    assert.equal(score.right, score.total, name);
    assert.equal(score.misses.length, 0, name);
    if (response.result) assert.ok(score.total > 0, `${name}: nothing to score`);
  }
});

test("a wrong mark and a missing one are misses, with the engine's mark and reason", () => {
  const lines = exerciseOf("apply-containers");
  const given = perfect(lines);
  const deleted = lines.findIndex((l) => l.expected === "deleted");
  const added = lines.findIndex((l) => l.expected === "added");
  given.set(deleted, "retained");
  given.delete(added);
  given.set(lines.findIndex((l) => !l.expected), "conflict"); // an unscored line counts for nothing
  const score = scoreExercise(lines, given);
  assert.equal(score.total, 34);
  assert.equal(score.right, 32);
  assert.deepEqual(score.misses.map((m) => [m.index, m.expected, m.given]), [[added, "added", null], [deleted, "deleted", "retained"]].sort((a, b) => a[0] - b[0]));
  for (const m of score.misses) assert.equal(m.reason, lines[m.index].reason);
  assert.equal(scoreSentence(score), "32 of 34 lines right.");
  // A plain object of marks works too.
  assert.equal(scoreExercise(lines, Object.fromEntries(given)).right, 32);
});

test("the score's sentence", () => {
  assert.equal(scoreSentence({ right: 7, total: 9 }), "7 of 9 lines right.");
  assert.equal(scoreSentence({ right: 1, total: 1 }), "1 of 1 line right.");
  assert.equal(scoreSentence({ right: 0, total: 0 }), "There is nothing to score: no field starts on any line.");
});

test("no answer, an empty layout: nothing to score", () => {
  assert.deepEqual(exerciseLines(null, []), []);
  assert.deepEqual(scoreExercise([], new Map()), { right: 0, total: 0, misses: [] });
});

test("the marks offered: the mode's, and any a line needs, in the legend's order", () => {
  const apply = MODES.find((m) => m.name === "apply");
  const merge3 = MODES.find((m) => m.name === "merge3");
  assert.deepEqual(markChoices(apply.marks, []), MARKS.filter((m) => apply.marks.includes(m)));
  assert.ok(!markChoices(merge3.marks, []).includes("conflict"));
  assert.deepEqual(markChoices(["retained", "added"], [{ expected: "conflict" }]), ["added", "retained", "conflict"]);
  assert.deepEqual(markChoices(undefined, []), MARKS);
  for (const mode of MODES) assert.ok(mode.marks.every((m) => MARKS.includes(m)), mode.name);
});

test("every example's marks are among its mode's", () => {
  for (const [name, { response }] of Object.entries(RESPONSES)) {
    const mode = MODES.find((m) => name.startsWith(`${m.name}-`));
    for (const f of response.fields) assert.ok(mode.marks.includes(f.mark), `${name}: ${f.mark} is not among ${mode.name}'s marks`);
  }
});

test("a dropped item is a line to predict: the config's, numbered as there, struck on the reveal", () => {
  const lines = exerciseOf("apply-container-ports-53");
  const dropped = lines.filter((l) => l.expected === "dropped");
  assert.equal(dropped.length, 1);
  assert.equal(dropped[0].fromLive, true);
  assert.equal(dropped[0].struck, true);
  const { updated } = RESPONSES["apply-container-ports-53"];
  assert.equal(updated.split("\n")[dropped[0].number - 1], dropped[0].text);
});

test("the keys: a c d o r i x set the marks offered", () => {
  const all = ["added", "changed", "deleted", "dropped", "retained", "ignored", "conflict"];
  assert.deepEqual(["a", "c", "d", "o", "r", "i", "x"].map((k) => markForKey(k, all)), all);
  assert.equal(markForKey("A", all), "added");
  assert.equal(markForKey("x", all.slice(0, 6)), null);
  assert.equal(markForKey("q", all), null);
  assert.equal(markForKey("ArrowDown", all), null);
  assert.equal(keyOfMark("conflict"), "x");
  assert.equal(keyOfMark("dropped"), "o");
});

test("an answer to the same lines is the same exercise", () => {
  const a = exerciseOf("apply-containers");
  assert.ok(sameExercise(a, exerciseOf("apply-containers")));
  assert.ok(!sameExercise(a, exerciseOf("apply-field-added")));
  assert.ok(!sameExercise(a, a.slice(1)));
});

test("a line's label names its place, its text and the learner's mark", () => {
  assert.equal(lineLabel({ text: "  replicas: 3", number: 7, fromLive: false }, 6, null), "Line 7: replicas: 3. Your mark: none.");
  // A line from live is named by its place too: its origin stays hidden until the reveal.
  assert.equal(lineLabel({ text: "  - name: a", number: 12, fromLive: true }, 19, "deleted"), "Line 20: - name: a. Your mark: deleted.");
});

test("links ask for the exercise with &exercise=1; the state's part still opens", () => {
  assert.equal(asksForExercise("#example=apply-containers&exercise=1"), true);
  assert.equal(asksForExercise("#s=1.abc_-&exercise=1"), true);
  assert.equal(asksForExercise("?embed=1&exercise=1&theme=dark"), true);
  assert.equal(asksForExercise("#example=apply-containers"), false);
  assert.equal(asksForExercise("#example=exercise=1"), false);
  assert.equal(asksForExercise("?embed=1&exercise=0"), false);
  assert.equal(asksForExercise("#example=x&exercise=<img src=x onerror=alert(1)>"), false);
  assert.equal(asksForExercise(null), false);
  assert.equal(exerciseFragment("example=apply-containers"), "example=apply-containers&exercise=1");
  assert.deepEqual(parseHash("#example=apply-containers&exercise=1"), { kind: "example", name: "apply-containers" });
  assert.deepEqual(parseHash("#s=1.abc_-&exercise=1"), { kind: "share", version: 1, payload: "abc_-" });
});
