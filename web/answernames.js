// Names: since contract version 2 the engine's answer names each mark's resource, path, reason
// and rule by its index in the answer's own `names` (docs/contract.md, "Names"), where each
// distinct string is written once: the first answer to a stream of 4,200 Deployments carries
// 142,800 marks but about 4,200 resources, 34 paths, 4,200 reasons and 6 rules, and written mark
// by mark in full it was 52 MB of JSON to post and parse. expandNames gives the marks their
// strings back, so that the page holds the same mark objects as ever (the strings shared, not
// copied); a delta's names are those of the marks it carries (its fields inserted), applied
// before the delta is (delta.js). Pure functions (tested under Node).

/**
 * The answer (whole, or a delta) with its marks naming their strings in full and no names: the
 * fields it carries (the list whole, or the items a script inserts) and its steps' (each a
 * response with names of its own). An answer without names (version 1) is returned as it is.
 * Throws on a mark whose index is not one of its names.
 * @param {object} answer a parsed answer, which this may change (the steps' items)
 * @returns {object}
 */
export function expandNames(answer) {
  if (!answer || typeof answer !== "object") return answer;
  let out = answer;
  if (answer.names) {
    const { names, ...rest } = answer; // a copy without names (delete would slow the object down)
    out = rest;
    out.fields = eachInserted(answer.fields, (items) => expandMarks(items, names));
  }
  if (out.steps) out.steps = eachInserted(out.steps, (items) => items.map(expandNames));
  return out;
}

/** A list part (the list whole, or a script of edits) with its carried items replaced by expand(items). */
function eachInserted(part, expand) {
  if (Array.isArray(part)) return expand(part);
  if (!part || typeof part !== "object" || !Array.isArray(part.edits)) return part;
  return { ...part, edits: part.edits.map((e) => (Array.isArray(e.items) ? { ...e, items: expand(e.items) } : e)) };
}

/** Marks naming their strings by index in names, as marks naming them in full. */
function expandMarks(items, names) {
  const { resources, paths, reasons, rules } = names;
  const out = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const m = items[i];
    const mark = {
      resource: resources[m.resource],
      path: paths[m.path],
      mark: m.mark,
      line: m.line,
      endLine: m.endLine,
      reason: reasons[m.reason],
      rule: rules[m.rule],
    };
    if (mark.resource === undefined || mark.path === undefined || mark.reason === undefined || mark.rule === undefined) {
      throw new Error(`fields[${i}]: an index that is not one of the answer's names`);
    }
    if (m.place) mark.place = m.place;
    out[i] = mark;
  }
  return out;
}
