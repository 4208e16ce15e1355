// The size of kubectl's last-applied annotation against the API server's limit on annotations
// (extra.annotationSizes, written by the apply mode past half the limit), as notes on the
// annotation's line of the result. A pure function with no DOM (tested under Node).

const LAST_APPLIED = ".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration";

/**
 * The notes of a response's extra.annotationSizes: each on the line of its resource's
 * last-applied annotation in the result, skipped when it has none. Entries that are not
 * well-formed are left out.
 * @param {object} response a contract response
 * @returns {{line: number, text: string, kind: string}[]}
 */
export function annotationSizeNotes(response) {
  const sizes = Array.isArray(response?.extra?.annotationSizes) ? response.extra.annotationSizes : [];
  const fields = Array.isArray(response?.fields) ? response.fields : [];
  const notes = [];
  for (const s of sizes) {
    if (!s || !Number.isInteger(s.annotations) || !Number.isInteger(s.limit) || s.limit <= 0) continue;
    const line = lastAppliedLine(response, fields, s.resource);
    if (!line) continue;
    const percent = Math.floor((100 * s.annotations) / s.limit);
    notes.push({ line, text: `annotations: ${s.annotations.toLocaleString("en")} of ${s.limit.toLocaleString("en")} bytes (${percent}%): kubectl apply --server-side writes no last-applied annotation`, kind: "warning" });
  }
  return notes;
}

/**
 * The result line of a resource's last-applied annotation: the field marked there or, for a
 * resource marked whole (created), the first last-applied block (layout.folds) of its document.
 * 0 when there is none.
 */
function lastAppliedLine(response, fields, resource) {
  const own = fields.filter((f) => f && f.resource === resource && f.mark !== "deleted" && Number.isInteger(f.line) && f.line >= 1);
  const field = own.find((f) => f.path === LAST_APPLIED);
  if (field) return field.line;
  const whole = own.find((f) => f.path === "");
  const folds = Array.isArray(response?.layout?.folds) ? response.layout.folds : [];
  const fold = whole && folds.find((f) => f && f.path === LAST_APPLIED && Number.isInteger(f.line) && f.line >= whole.line);
  return fold ? fold.line : 0;
}
