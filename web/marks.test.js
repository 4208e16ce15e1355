import { test } from "node:test";
import assert from "node:assert/strict";
import { MARKS, MARK_INFO, describeLine, displayIndexOf, layoutResult, lineOfField, nextChange, nextOfMark, sentence, splitLines } from "./marks.js";
import { readResponses } from "./testdata/responses.js";

// Responses of the examples, computed natively (see web/README.md to refresh them).
const examples = readResponses();
const example = (name) => {
  const { live, updated, response } = examples[name];
  return { live, updated, response, layout: layoutResult(response, live, updated) };
};
const texts = (layout, kind) => layout.lines.filter((l) => !kind || l.kind === kind).map((l) => l.text);

test("every mark has a distinct symbol and a label", () => {
  const symbols = MARKS.map((m) => MARK_INFO[m].symbol);
  assert.equal(new Set(symbols).size, MARKS.length);
  for (const m of MARKS) assert.ok(MARK_INFO[m].label && MARK_INFO[m].meaning);
});

test("the result's lines come through unchanged, in order, with deleted lines from live in between", () => {
  for (const [name, { live, response }] of Object.entries(examples)) {
    const layout = layoutResult(response, live);
    assert.deepEqual(texts(layout, "result"), splitLines(response.result), name);
    const resultLines = layout.lines.filter((l) => l.kind === "result").map((l) => l.resultLine);
    assert.deepEqual(resultLines, resultLines.map((_, i) => i + 1), name);
    const liveLines = splitLines(live);
    for (const l of layout.lines.filter((x) => x.kind === "deleted")) {
      assert.equal(l.mark, "deleted");
      if (!l.liveLine) {
        assert.equal(l.text, "---", `${name}: a whole resource's separator`);
        continue;
      }
      const shift = response.fields[l.field].place.shift;
      const text = liveLines[l.liveLine - 1];
      assert.equal(l.text, shift >= 0 ? " ".repeat(shift) + text : text.replace(new RegExp(`^ {0,${-shift}}`), ""), name);
    }
    const deletedFields = response.fields.filter((f) => f.mark === "deleted").length;
    if (response.result) assert.equal(new Set(layout.lines.filter((l) => l.kind === "deleted" && l.liveLine).map((l) => l.field)).size, deletedFields, name);
  }
});

test("a deleted item goes between its neighbours, not inside one", () => {
  const { layout } = example("apply-containers");
  const t = texts(layout);
  const at = t.indexOf("      - name: nginx-helper-a");
  assert.deepEqual(t.slice(at - 2, at + 7), [
    "        terminationMessagePath: /dev/termination-log", // the API server's defaults of the nginx container
    "        terminationMessagePolicy: File",
    "      - name: nginx-helper-a", // live's container, with the defaults the cluster holds
    "        image: helper:1.3",
    "        imagePullPolicy: IfNotPresent",
    "        resources: {}",
    "        terminationMessagePath: /dev/termination-log",
    "        terminationMessagePolicy: File",
    "      - name: nginx-helper-b",
  ]);
  for (let i = at; i < at + 6; i++) assert.equal(layout.lines[i].kind, "deleted");
  assert.equal(layout.lines[at].first, true);
  assert.equal(layout.lines[at + 1].first, false);
});

test("a deleted key stands after its previous sibling, even a changed one", () => {
  const t = texts(example("apply-retainkeys-strategy").layout);
  const at = t.indexOf("    type: Recreate");
  assert.deepEqual(t.slice(at, at + 4), ["    type: Recreate", "    rollingUpdate:", "      maxSurge: 25%", "      maxUnavailable: 25%"]);
  const removed = texts(example("apply-field-removed").layout);
  const minReady = removed.indexOf("  minReadySeconds: 3");
  assert.deepEqual(removed.slice(minReady - 1, minReady + 2), ["      app: web", "  minReadySeconds: 3", "  progressDeadlineSeconds: 600"]);
});

test("a dropped item is drawn from the config, struck, after the item it was merged into", () => {
  const { layout, response } = example("apply-container-ports-53");
  const dropped = layout.lines.filter((l) => l.kind === "dropped");
  assert.deepEqual(dropped.map((l) => l.text), ["        - containerPort: 53", "          protocol: UDP"]);
  assert.ok(dropped.every((l) => l.mark === "dropped" && l.updatedLine > 0 && !l.resultLine && !l.liveLine));
  const at = layout.lines.indexOf(dropped[0]);
  assert.deepEqual(texts(layout).slice(at - 2, at), ["        - containerPort: 53", "          protocol: TCP"]);
  assert.equal(layout.counts.dropped, 1);
  const d = describeLine(layout, response.fields, at);
  assert.match(d.title, /^Config line \d+: dropped$/);
  assert.match(d.reason, /protocol "UDP"/);
  assert.equal(nextOfMark(layout, 0, "dropped"), at);
  const ports = layout.lines.find((l) => l.text === "        ports:");
  assert.equal(ports.inherited, false, "an opener with a dropped item drawn under it is not uniform");
  const withoutUpdated = layoutResult(response, examples["apply-container-ports-53"].live);
  assert.equal(withoutUpdated.lines.filter((l) => l.kind === "dropped").length, 0, "no config text, no dropped lines, no throw");
});

test("a pruned resource goes between documents, with its separator struck too", () => {
  const { layout } = example("apply-prune");
  const deleted = layout.lines.filter((l) => l.kind === "deleted");
  assert.equal(deleted[0].text, "---");
  assert.equal(deleted[1].text, "apiVersion: v1");
  const at = layout.lines.indexOf(deleted[0]);
  assert.equal(layout.lines[at - 1].text, "  greeting: hello");
  assert.equal(layout.lines[at + deleted.length].text, "---");
  const twoway = example("twoway-kubectl-edit").layout;
  assert.equal(twoway.lines.at(-1).kind, "deleted", "after the whole previous document");
});

test("marks cover whole items and block scalars; openers inherit uniform subtrees only", () => {
  const { layout } = example("apply-containers");
  const line = (text) => layout.lines.find((l) => l.text === text);
  assert.equal(line("      - name: nginx-helper-c").mark, "added");
  assert.equal(layout.lines[layout.lines.indexOf(line("      - name: nginx-helper-c")) + 1].mark, "added");
  const annotation = layout.lines.findIndex((l) => l.text.includes("last-applied-configuration: |"));
  assert.equal(layout.lines[annotation + 1].mark, "changed", "the block scalar's text carries its key's mark");
  assert.equal(line("  annotations:").mark, "changed");
  assert.equal(line("  annotations:").inherited, true);
  assert.equal(line("metadata:").mark, null, "mixed subtree: no mark");
  assert.equal(line("  selector:").mark, "retained");
  assert.equal(line("      containers:").mark, null);
  assert.equal(line("apiVersion: apps/v1").inherited, false);
});

test("a refused apply shows live with its conflicts marked", () => {
  const { response, layout } = example("apply-overwrite-false");
  assert.equal(layout.hasResult, false);
  assert.equal(layout.counts.conflict, 2);
  assert.ok(layout.lines.every((l) => l.kind === "live"));
  const conflicts = layout.lines.filter((l) => l.mark === "conflict" && l.first);
  assert.deepEqual(conflicts.map((l) => l.liveLine), response.fields.map((f) => f.line));
});

test("an error response lays out nothing", () => {
  const layout = layoutResult({ result: "", fields: [], errors: [{ input: "live", line: 1 }], extra: {} }, "a: 1\n");
  assert.deepEqual(layout.lines, []);
  assert.equal(layoutResult(null, "").lines.length, 0);
});

test("deleted fields go where their places say, whatever extra holds", () => {
  const { live, response } = examples["apply-field-removed"];
  const layout = layoutResult({ ...response, extra: {} }, live);
  const t = texts(layout);
  assert.equal(t[t.indexOf("  minReadySeconds: 3") - 1], "      app: web");
});

test("live a List: each deleted field inside its own resource, moved to the result's indentation", () => {
  const live = [
    "apiVersion: v1", "items:",
    "- apiVersion: apps/v1", "  kind: Deployment", "  spec:", "    minReadySeconds: 5", "    replicas: 2",
    "- apiVersion: v1", "  kind: Service", "  spec:", "    sessionAffinity: None", "    type: ClusterIP",
    "kind: List",
  ].join("\n");
  const response = {
    result: "apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 2\n---\napiVersion: v1\nkind: Service\nspec:\n  type: ClusterIP\n",
    fields: [
      { mark: "retained", line: 4, endLine: 0, path: ".spec.replicas", reason: "r" },
      { mark: "deleted", line: 6, endLine: 0, path: ".spec.minReadySeconds", reason: "d", place: { after: 3, shift: -2, under: 3, doc: 0 } },
      { mark: "retained", line: 9, endLine: 0, path: ".spec.type", reason: "r" },
      { mark: "deleted", line: 11, endLine: 0, path: ".spec.sessionAffinity", reason: "d", place: { after: 8, shift: -2, under: 8, doc: 1 } },
    ],
    layout: { blocks: [[3, 4], [8, 9]], folds: [] },
  };
  const layout = layoutResult(response, live);
  assert.deepEqual(texts(layout), [
    "apiVersion: apps/v1", "kind: Deployment", "spec:", "  minReadySeconds: 5", "  replicas: 2", "---",
    "apiVersion: v1", "kind: Service", "spec:", "  sessionAffinity: None", "  type: ClusterIP",
  ]);
  assert.deepEqual(layout.lines.filter((l) => l.kind === "deleted").map((l) => l.liveLine), [6, 11]);
  assert.equal(layout.lines[2].mark, null, "a deleted field under spec: its subtree is not uniform");
  assert.equal(layout.lines[2].opens, true);
  assert.match(describeLine(layout, response.fields, 2).reason, /marked differently/);
  const moved = layoutResult({ ...response, fields: response.fields.map((f) => (f.place ? { ...f, place: { ...f.place, shift: 3 } } : f)) }, live);
  assert.equal(texts(moved)[3], "       minReadySeconds: 5");
  const uniform = layoutResult({ ...response, fields: response.fields.filter((f) => f.mark !== "deleted") }, live);
  assert.equal(uniform.lines[2].mark, "retained");
  assert.equal(uniform.lines[2].inherited, true);
});

test("fields out of range or nonsense never throw", () => {
  const response = {
    result: "a: 1\nb:\n  c: 2\n",
    fields: [
      { mark: "added", line: 99, endLine: 0, path: ".x", reason: "" },
      { mark: "deleted", line: 0, endLine: 0, path: ".y", reason: "" },
      { mark: "changed", line: 3, endLine: 1, path: ".b.c", reason: "r" },
      { mark: "deleted", line: 2, endLine: 50, path: ".z", reason: "" },
    ],
    layout: { blocks: [[2, 3], [9, 1], "x", [1]] },
  };
  const layout = layoutResult(response, "a: 1\nz: 1\n");
  assert.deepEqual(texts(layout, "result"), ["a: 1", "b:", "  c: 2"]);
  assert.equal(layout.lines.find((l) => l.text === "b:").mark, "changed");
});

test("navigation finds changes, fields and plain descriptions", () => {
  const { response, layout } = example("apply-containers");
  const first = nextChange(layout, -1, 1);
  assert.equal(layout.lines[first].mark, "changed");
  const deleted = response.fields.findIndex((f) => f.mark === "deleted");
  const at = lineOfField(layout, deleted);
  assert.equal(layout.lines[at].text, "      - name: nginx-helper-a");
  // nothing changes between the first change (the annotation) and the deleted container: the
  // defaults live holds are ignored, not changes
  assert.equal(nextChange(layout, at, -1), first);
  const described = describeLine(layout, response.fields, at);
  assert.match(described.title, /^Live line 23: deleted$/);
  assert.match(described.reason, /^The item .*\.$/);
  assert.match(describeLine(layout, response.fields, 2).reason, /marked differently/);
  assert.equal(sentence("a reason"), "A reason.");
  assert.equal(sentence(""), "");
});

test("sentences keep names as written at their start", () => {
  assert.equal(sentence("kube-controller-manager owns it"), "kube-controller-manager owns it.");
  assert.equal(sentence("before-first-apply owns it"), "before-first-apply owns it.");
  assert.equal(sentence("kubectl sets it"), "kubectl sets it.");
  assert.equal(sentence("upstream changed it"), "Upstream changed it.");
  assert.equal(sentence("removed: gone"), "Removed: gone.");
  assert.equal(sentence(".spec.replicas is owned"), ".spec.replicas is owned.");
});

test("the legend's jump finds the next line of a mark, wrapping around", () => {
  const { layout } = example("apply-containers");
  const added = layout.lines.map((l, i) => (l.first && l.mark === "added" ? i : -1)).filter((i) => i >= 0);
  assert.ok(added.length >= 1);
  assert.equal(nextOfMark(layout, -1, "added"), added[0]);
  assert.equal(nextOfMark(layout, added[added.length - 1], "added"), added[0], "wraps to the top");
  assert.equal(nextOfMark(layout, 0, "no-such-mark"), -1);
  assert.equal(nextOfMark({ lines: [] }, 0, "added"), -1);
});

test("separators, comments and uniformly marked openers read as plain sentences", () => {
  const lines = [
    { text: "a: 1", kind: "result", mark: null, field: -1, first: false, inherited: false, resultLine: 1, liveLine: 0 },
    { text: "---", kind: "result", mark: null, field: -1, first: false, inherited: false, resultLine: 2, liveLine: 0 },
    { text: "# note", kind: "result", mark: null, field: -1, first: false, inherited: false, resultLine: 3, liveLine: 0 },
    { text: "b:", kind: "result", mark: "conflict", field: -1, first: false, inherited: true, resultLine: 4, liveLine: 0 },
  ];
  const layout = { lines, counts: {}, hasResult: true };
  const sep = describeLine(layout, [], 1);
  assert.equal(sep.title, "Line 2: document separator");
  assert.match(sep.reason, /^A document separator \(---\): the next resource/);
  assert.match(describeLine(layout, [], 2).reason, /^A comment/);
  assert.equal(describeLine(layout, [], 3).reason, "Everything under this line is in conflict.");
});

test("displayIndexOf finds every line of the text laid out, past the struck lines between", () => {
  for (const [name, { live, updated, response }] of Object.entries(examples)) {
    const layout = layoutResult(response, live, updated);
    const want = new Map();
    layout.lines.forEach((l, i) => {
      const n = l.kind === "result" ? l.resultLine : l.kind === "live" ? l.liveLine : 0;
      if (n) want.set(n, i);
    });
    const count = layout.hasResult ? splitLines(response.result).length : splitLines(live).length;
    for (let n = 0; n <= count + 1; n++) assert.equal(displayIndexOf(layout, n), want.get(n) ?? -1, `${name}, line ${n}`);
  }
});
