// The objects the API server refuses while it accepts the request's others (extra.refused,
// written by apply, ssa and patch: kubectl goes on through a file past a refused object), as
// notes on each refused object's first line of the result, which holds it as live does. A pure
// function with no DOM (tested under Node).

/**
 * The notes of a response's extra.refused: each on its object's first result line, with what
 * kubectl prints of the refusal. Entries without a result line (a create refused) or that are
 * not well-formed are left out: their errors are the commands' too.
 * @param {object} response a contract response
 * @returns {{line: number, text: string, kind: string}[]}
 */
export function refusedNotes(response) {
  const refused = Array.isArray(response?.extra?.refused) ? response.extra.refused : [];
  return refused
    .filter((r) => r && Number.isInteger(r.line) && r.line >= 1 && typeof r.printed === "string")
    .map((r) => ({ line: r.line, text: `refused by the API server, left as live holds it: ${r.printed}`, kind: "refused" }));
}
