import { test } from "node:test";
import assert from "node:assert/strict";
import { annotationSizeNotes } from "./annotationsize.js";

const path = ".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration";

test("an annotation size past half the limit is a note on the last-applied line", () => {
  const response = {
    fields: [{ resource: "v1/ConfigMap/default/a", path, mark: "added", line: 5 }],
    extra: { annotationSizes: [{ resource: "v1/ConfigMap/default/a", lastApplied: 150000, annotations: 150100, limit: 262144 }] },
  };
  assert.deepEqual(annotationSizeNotes(response), [
    { line: 5, text: "annotations: 150,100 of 262,144 bytes (57%): kubectl apply --server-side writes no last-applied annotation", kind: "warning" },
  ]);
});

test("a created resource's note goes on its last-applied block", () => {
  const response = {
    fields: [{ resource: "v1/ConfigMap/default/a", path: "", mark: "added", line: 1 }, { resource: "v1/ConfigMap/default/b", path: "", mark: "added", line: 12 }],
    layout: { folds: [{ path, line: 7, endLine: 8 }, { path, line: 18, endLine: 19 }] },
    extra: { annotationSizes: [{ resource: "v1/ConfigMap/default/b", lastApplied: 140000, annotations: 140000, limit: 262144 }] },
  };
  assert.deepEqual(annotationSizeNotes(response).map((n) => n.line), [18]);
});

test("no note without a line, a size or an answer", () => {
  assert.deepEqual(annotationSizeNotes(null), []);
  assert.deepEqual(annotationSizeNotes({ extra: { annotationSizes: [{ resource: "r", annotations: 1, limit: 2 }] }, fields: [] }), []);
  assert.deepEqual(annotationSizeNotes({ extra: { annotationSizes: [null, { resource: "r" }] }, fields: [{ resource: "r", path, line: 3 }] }), []);
});
