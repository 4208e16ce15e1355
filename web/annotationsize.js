// The size of kubectl's last-applied annotation against the API server's limit on annotations
// (extra.annotationSizes, written by the apply mode past half the limit), as notes on the
// annotation's line of the result. A pure function with no DOM (tested under Node).

const LAST_APPLIED = ".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration";

/**
 * The notes of a response's extra.annotationSizes: each on the line of its resource's
 * last-applied annotation in the result (the field marked there), skipped when that field has no
 * line. Entries that are not well-formed are left out.
 * @param {object} response a contract response
 * @returns {{line: number, text: string, kind: string}[]}
 */
export function annotationSizeNotes(response) {
  const sizes = Array.isArray(response?.extra?.annotationSizes) ? response.extra.annotationSizes : [];
  const fields = Array.isArray(response?.fields) ? response.fields : [];
  const notes = [];
  for (const s of sizes) {
    if (!s || !Number.isInteger(s.annotations) || !Number.isInteger(s.limit) || s.limit <= 0) continue;
    const field = fields.find((f) => f && f.resource === s.resource && f.path === LAST_APPLIED && f.mark !== "deleted");
    if (!field || !Number.isInteger(field.line) || field.line < 1) continue;
    const percent = Math.floor((100 * s.annotations) / s.limit);
    notes.push({ line: field.line, text: `annotations: ${s.annotations.toLocaleString("en")} of ${s.limit.toLocaleString("en")} bytes (${percent}%): kubectl apply --server-side writes no last-applied annotation`, kind: "warning" });
  }
  return notes;
}
