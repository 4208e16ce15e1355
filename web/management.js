// How live is managed (extra.management, written by the engine for the modes whose live is an
// object a cluster holds): for each object, a one-line summary of its writers and the notes the
// engine wrote on what that means for the next writer. A pure function with no DOM (tested under
// Node); managementview.js draws it.

/**
 * @typedef {{resource: string, line: number, headline: string, writers: {name: string, detail: string, says: string, line: number}[], notes: string[]}} ManagedObject
 */

/**
 * The objects of a response's extra.management, each with a headline. Entries that are not
 * well-formed are left out.
 * @param {object|null} response a contract response
 * @returns {ManagedObject[]}
 */
export function managedObjects(response) {
  const summaries = Array.isArray(response?.extra?.management) ? response.extra.management : [];
  return summaries.filter((s) => s && typeof s.resource === "string").map((s) => {
    const managers = Array.isArray(s.managers) ? s.managers.filter((m) => m && typeof m.manager === "string") : [];
    const writers = managers.map((m) => ({
      name: m.manager,
      detail: writerDetail(m),
      says: typeof m.says === "string" ? m.says : "",
      line: Number.isInteger(m.line) ? m.line : 0,
    }));
    return {
      resource: s.resource,
      line: Number.isInteger(s.line) ? s.line : 0,
      headline: headline(s, managers),
      writers,
      notes: Array.isArray(s.notes) ? s.notes.filter((n) => typeof n === "string") : [],
    };
  });
}

/** What a manager's entry says beside its name: the tool, the operation, the subresource, the fields. */
function writerDetail(m) {
  const parts = [m.tool || (m.operation === "Apply" ? "server-side apply" : "an update")];
  if (m.subresource) parts.push(`through ${m.subresource}`);
  if (Number.isInteger(m.fields)) parts.push(m.fields === 1 ? "1 field" : `${m.fields} fields`);
  return parts.join(", ");
}

/** One line naming who manages the object. */
function headline(s, managers) {
  const tools = [...new Set(managers.map((m) => m.tool || m.manager))];
  const parts = [];
  if (tools.length) parts.push(`written by ${joinNames(tools)}`);
  if (!managers.length && Number.isInteger(s.lastApplied)) parts.push("kubectl apply (client-side): a last-applied annotation, no managedFields shown");
  if (s.helm && typeof s.helm.name === "string" && s.helm.name) parts.push(`Helm release ${s.helm.name}`);
  else if (s.helm) parts.push("Helm");
  return parts.length ? parts.join("; ") : "no writer recorded";
}

/** "a", "a and b", "a, b and c". */
function joinNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
