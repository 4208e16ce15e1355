import { test } from "node:test";
import assert from "node:assert/strict";
import { applierOf } from "./conflicts.js";
import { foldName, foldRanges, foldSummary, hiddenBy } from "./fold.js";
import { MODES } from "./modes.js";
import { MODE_VIEWS } from "./modeviews.js";
import { managerName, managers, operationNotes, ownerRows, rowsOwnedBy } from "./ownership.js";
import { lineEdits, repairItems, sideBySide, warningItems, warningNote } from "./twoway.js";
import { splitLines } from "./marks.js";
import { readResponses } from "./testdata/responses.js";

const examples = readResponses();
const response = (name) => examples[name].response;
const LAST_APPLIED = ".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration";
const MANAGED_FIELDS = ".metadata.managedFields";

test("the last-applied annotation folds: its key line stays (with its mark), its block scalar is hidden", () => {
  const r = response("apply-containers");
  const lines = splitLines(r.result);
  const folds = foldRanges(r, [LAST_APPLIED]);
  const key = lines.findIndex((l) => l.trim().startsWith("kubectl.kubernetes.io/last-applied-configuration:")) + 1;
  assert.deepEqual(folds.map((f) => [f.start, f.end, f.hidden]), [[key, key + 1, 1]]);
  assert.equal(foldName(folds[0].path), "last-applied-configuration");
  assert.equal(foldSummary(folds, true), "last-applied-configuration folded (1 line hidden).");
  const mark = r.fields.find((f) => f.path === LAST_APPLIED);
  assert.deepEqual([mark.line, mark.endLine], [key, key + 1], "the annotation's mark covers the fold, on the line that stays");
  assert.equal(foldName(".metadata.managedFields"), "managedFields");
});

test("every view a mode lists exists; ssa folds managedFields, apply the last-applied annotation", () => {
  for (const mode of MODES) {
    assert.ok(Array.isArray(mode.views) && Array.isArray(mode.fold), mode.name);
    for (const id of mode.views) assert.ok(Object.hasOwn(MODE_VIEWS, id), `${mode.name}: ${id}`);
  }
  for (const [id, kind] of Object.entries(MODE_VIEWS)) {
    assert.ok(kind.place === "tab" || kind.place === "panel", id);
    if (kind.place === "tab") assert.ok(kind.label, id);
  }
  assert.deepEqual(MODES.find((m) => m.name === "ssa").fold, [MANAGED_FIELDS]);
  assert.deepEqual(MODES.find((m) => m.name === "apply").fold, [LAST_APPLIED]);
  assert.deepEqual(MODES.find((m) => m.name === "ssa").views, ["management", "ownership"]);
  assert.deepEqual(MODES.find((m) => m.name === "twoway").views, ["management", "outOfSync", "helm"]);
  for (const name of ["apply", "patch"]) assert.deepEqual(MODES.find((m) => m.name === name).views, ["management"], name);
  assert.deepEqual(MODES.find((m) => m.name === "merge3").views, [], "merge3's live is a local copy: no cluster manages it");
});

test("managedFields folds: the key line stays, its block is hidden", () => {
  const r = response("ssa-autoscaler-force");
  const lines = splitLines(r.result);
  const folds = foldRanges(r, [MANAGED_FIELDS]);
  assert.equal(folds.length, 1);
  const [f] = folds;
  assert.equal(lines[f.start - 1], "  managedFields:");
  assert.equal(lines[f.end - 1].trim(), "f:name: {}");
  assert.equal(lines[f.end], "spec:");
  assert.equal(f.hidden, f.end - f.start);
  // The engine's own mark on managedFields spans the same lines.
  const mark = r.fields.find((x) => x.path === MANAGED_FIELDS);
  assert.deepEqual([f.start, f.end], [mark.line, mark.endLine]);
  assert.equal(hiddenBy(folds, f.start), undefined);
  assert.equal(hiddenBy(folds, f.start + 1), f);
  assert.equal(hiddenBy(folds, f.end + 1), undefined);
  assert.match(foldSummary(folds, true), /^managedFields folded \(19 lines hidden\)\.$/);
  // An answer that shows live (conflicts, no result) folds live's managedFields.
  const refused = response("ssa-autoscaler-conflict");
  const live = splitLines(examples["ssa-autoscaler-conflict"].live);
  const [g] = foldRanges(refused, [MANAGED_FIELDS]);
  assert.equal(refused.result, "");
  assert.equal(live[g.start - 1], "  managedFields:");
});

test("folds: only the paths asked for, as the engine gives them, nonsense left out and nested ones dropped", () => {
  const r = {
    layout: {
      folds: [
        { path: MANAGED_FIELDS, line: 3, endLine: 5 },
        { path: LAST_APPLIED, line: 8, endLine: 9 },
        { path: MANAGED_FIELDS, line: 4, endLine: 5 },
        { path: MANAGED_FIELDS, line: 21, endLine: 22 },
        { path: MANAGED_FIELDS, line: 30, endLine: 30 },
        { path: MANAGED_FIELDS, line: "x", endLine: 2 },
        null,
      ],
    },
  };
  const folds = foldRanges(r, [MANAGED_FIELDS]);
  assert.deepEqual(folds.map((f) => [f.start, f.end]), [[3, 5], [21, 22]]);
  assert.deepEqual(foldRanges(r, []), []);
  assert.deepEqual(foldRanges({}, [MANAGED_FIELDS]), []);
  assert.match(foldSummary(folds, false), /^2 managedFields blocks shown \(3 lines\)\.$/);
  // Every fold of every example's answer names its key on its first line.
  for (const [name, { live, response: answer }] of Object.entries(examples)) {
    const lines = splitLines(answer.result || live);
    for (const f of foldRanges(answer, [MANAGED_FIELDS, LAST_APPLIED])) {
      assert.ok(lines[f.start - 1].trim().startsWith(`${foldName(f.path)}:`) || lines[f.start - 1].includes(`/${foldName(f.path)}:`), `${name}: ${lines[f.start - 1]}`);
    }
  }
});

test("ownership: each result line with its owners; parents and unowned fields told apart", () => {
  const r = response("ssa-autoscaler-force");
  const rows = ownerRows(r);
  const lines = splitLines(r.result);
  assert.equal(rows.length, lines.length);
  const at = (text) => rows.find((row) => row.text === text);
  assert.deepEqual(at("  replicas: 3").managers, ["kubectl"]);
  assert.equal(at("  replicas: 3").kind, "owned");
  assert.equal(at("apiVersion: apps/v1").kind, "unowned");
  assert.equal(at("spec:").kind, "parent");
  assert.equal(at("  managedFields:").kind, "none");
  assert.deepEqual(at("      - name: web").paths, ['.spec.template.spec.containers[name="web"]', '.spec.template.spec.containers[name="web"].name']);
  assert.equal(rowsOwnedBy(rows, "kubectl").length, rows.filter((row) => row.managers.includes("kubectl")).length);
  assert.equal(rowsOwnedBy(rows, "").length, rows.length);

  const shared = ownerRows(response("ssa-shared-label"));
  assert.ok(shared.some((row) => row.managers.length === 2), "a field two appliers share names both");
});

test("managers: named as the owners name them, with their entries and what they own", () => {
  assert.equal(managerName({ manager: "kube-controller-manager", operation: "Update", subresource: "scale" }), "kube-controller-manager (update, scale)");
  assert.equal(managerName({ manager: "kubectl", operation: "Apply", subresource: "" }), "kubectl");
  const infos = managers(response("ssa-client-side-handover"));
  assert.deepEqual(infos.map((m) => m.name), ["kubectl-last-applied", "kubectl"]);
  assert.ok(infos.every((m) => m.lines > 0 && m.fields > 0 && m.operation));
  assert.deepEqual(infos.map((m) => m.index), [0, 1]);
  assert.deepEqual(managers({ result: "", extra: {} }), []);
  assert.deepEqual(ownerRows({ result: "a: 1\n", extra: { owners: [{ line: 9, managers: ["x"] }, null] } }).map((r) => r.kind), ["none"]);
});

test("operations read as sentences: force, hand-over, before-first-apply", () => {
  const forced = operationNotes(response("ssa-autoscaler-force"));
  assert.equal(forced.length, 1);
  assert.match(forced[0].sentences.join(" "), /kubectl applied it.*Forced: taken over from kube-controller-manager \(update, scale\): \.spec\.replicas\./);
  const handed = operationNotes(response("ssa-client-side-handover"))[0].sentences.join(" ");
  assert.match(handed, /Handed over from client-side apply/);
  assert.doesNotMatch(handed, /Forced/);
  assert.match(handed, /last-applied annotation/);
  assert.match(operationNotes(response("ssa-before-first-apply"))[0].sentences.join(" "), /stopped on conflicts.*before-first-apply/);
});

test("conflicts carry their values, owner and applier: server-side apply and apply's drift", () => {
  const autoscaler = response("ssa-autoscaler-conflict");
  for (const c of autoscaler.conflicts) {
    assert.deepEqual([managerName(c), c.live, c.config, applierOf(autoscaler, c.resource)], ["kube-controller-manager (update, scale)", "7", "3", "kubectl"]);
  }
  const first = response("ssa-before-first-apply").conflicts[0];
  assert.deepEqual([managerName(first), first.live, first.config], ["before-first-apply (update)", '"nginx:1.26"', '"nginx:1.27"']);
  const overwrite = response("apply-overwrite-false");
  const drift = overwrite.conflicts.find((c) => c.path === ".spec.replicas");
  assert.deepEqual([drift.manager, drift.live, drift.config, applierOf(overwrite, drift.resource)], ["live", "5", "3", ""]);
  assert.equal(applierOf(null, "x"), "");
  assert.equal(applierOf({ extra: { operations: [null, 3, { resource: "x", manager: 7 }] } }, "x"), "");
});

test("line edits: Myers' diff keeps order, and the side-by-side pairs changed runs", () => {
  const check = (a, b) => {
    const edits = lineEdits(a, b);
    assert.deepEqual(edits.filter((e) => e.op !== "insert").map((e) => a[e.a]), a);
    assert.deepEqual(edits.filter((e) => e.op !== "delete").map((e) => b[e.b]), b);
    for (const e of edits) if (e.op === "equal") assert.equal(a[e.a], b[e.b]);
    return edits.filter((e) => e.op !== "equal").length;
  };
  assert.equal(check(["a", "b", "c"], ["a", "b", "c"]), 0);
  assert.equal(check([], ["x"]), 1);
  assert.equal(check(["a", "b", "c", "a", "b", "b", "a"], ["c", "b", "a", "b", "a", "c"]), 5);
  assert.equal(check(["x", "a", "y"], ["a"]), 2);
  // Past the edit budget the rest is paired whole, still in order.
  assert.equal(check(["a", "b", "c", "d"], ["w", "x", "y", "z"]), 8);
  const big = Array.from({ length: 600 }, (_, i) => `a${i}`);
  const other = Array.from({ length: 600 }, (_, i) => `b${i}`);
  assert.equal(check(big, other), 1200);

  const rows = sideBySide("a\nb\nc\n", "a\nB\nc\nd\n");
  assert.deepEqual(rows.map((r) => r.kind), ["same", "changed", "same", "right"]);
  assert.deepEqual(rows[1], { kind: "changed", left: { line: 2, text: "b" }, right: { line: 2, text: "B" } });
  assert.deepEqual(sideBySide("", ""), []);
});

test("twoway: the side-by-side of the example differs on node.conf, with its warning on that line", () => {
  const r = response("twoway-kubectl-edit");
  const rows = sideBySide(r.result, r.extra.threeWay.result);
  const changed = rows.filter((row) => row.kind !== "same");
  assert.deepEqual(changed.map((row) => [row.left.text, row.right.text]), [["    threads = 16", "    threads = 4"]]);
  const warnings = warningItems(r);
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0].path, ".data.node.conf");
  assert.equal(splitLines(r.result)[warnings[0].line - 1], "  node.conf: |");
  assert.equal(warningNote(warnings[0]), '⚠ out of sync: Helm 3 sets "threads = 4\\n"');
  assert.equal(warningNote({ path: ".data.a", twoWay: "", threeWay: '"x"', missing: true }), '⚠ out of sync: .data.a is missing; Helm 3 sets "x"');
  assert.equal(warningItems({ result: "a: 1\n", extra: { warnings: [{ line: 7 }, "x"] } })[0].line, 0);
});

test("repair patches come with the engine's kubectl command", () => {
  const [repair] = repairItems(response("twoway-kubectl-edit"));
  assert.equal(repair.command, `kubectl patch configmap node-config -n default --type strategic -p '{"data":{"node.conf":"threads = 4\\n"}}'`);
  assert.deepEqual(repairItems({ extra: { repairPatches: [{ resource: "v1/ConfigMap/c", patch: "" }, null] } }), []);
});

test("ownership: a block scalar's text belongs to its field; managedFields lines to no one", () => {
  const r = response("ssa-client-side-handover");
  const rows = ownerRows(r);
  const key = rows.find((row) => row.text.trim().startsWith("kubectl.kubernetes.io/last-applied-configuration:"));
  const text = rows[key.line];
  assert.equal(text.continued, true);
  assert.deepEqual(text.managers, key.managers);
  assert.equal(text.kind, "owned");
  const mf = rows.find((row) => row.text === "  managedFields:");
  assert.equal(mf.kind, "none");
  assert.ok(rows.slice(mf.line, mf.line + 5).every((row) => row.kind === "none" && !row.continued));
});
