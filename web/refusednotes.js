// The objects the API server refuses while it accepts the request's others (extra.refused,
// written by apply, ssa and patch: kubectl goes on through a file past a refused object): notes on
// each refused object's first line of the result, which holds it as live does, their errors for
// the editors, and the status line's sentence. Pure functions with no DOM (tested under Node).

/** The well-formed entries of a response's extra.refused. */
function refusedOf(response) {
  const refused = Array.isArray(response?.extra?.refused) ? response.extra.refused : [];
  return refused.filter((r) => r && typeof r.resource === "string" && typeof r.printed === "string");
}

/**
 * The notes of a response's extra.refused: each on its object's first result line, with what
 * kubectl prints of the refusal. Entries without a result line (a create refused) or that are
 * not well-formed are left out: their errors are the commands' too.
 * @param {object} response a contract response
 * @returns {{line: number, text: string, kind: string}[]}
 */
export function refusedNotes(response) {
  return refusedOf(response)
    .filter((r) => Number.isInteger(r.line) && r.line >= 1)
    .map((r) => ({ line: r.line, text: `refused by the API server, left as live holds it: ${r.printed}`, kind: "refused" }));
}

/**
 * The refused objects' errors, each at its place in an input (the config's line, else live's),
 * for the editors to show as they show a refused request's.
 * @param {object} response a contract response
 * @returns {object[]} contract errors
 */
export function refusedErrors(response) {
  return refusedOf(response).flatMap((r) => (Array.isArray(r.errors) ? r.errors : []).filter((e) => e && typeof e.input === "string"));
}

/**
 * The status line's sentence for an answer whose objects the API server refuses only some of;
 * "" when it refuses none.
 * @param {object} response a contract response
 * @returns {string}
 */
export function refusedSummary(response) {
  const names = refusedOf(response).map((r) => { const parts = r.resource.split("/"); return `${parts.at(-3) ?? ""} ${parts.at(-1)}`.trim(); });
  if (!names.length) return "";
  const which = names.length === 1 ? `one object (${names[0]})` : `${names.length} objects (${names.join(", ")})`;
  return `The API server refuses ${which} and accepts the others: kubectl goes on through the file and exits 1. The refused ${names.length === 1 ? "object stays" : "objects stay"} as live holds ${names.length === 1 ? "it" : "them"}, marked in the result and the config.`;
}
