// The two values of a conflict. The contract's conflicts carry them only in their message
// (response.conflicts[].message), so they are read from the sentences the engine writes:
//   server-side apply: "<owner> owns this field (live has <v>) and the config sets <v>: …"
//                      "<owner> owns this field (live does not have it) and the config sets <v>: …"
//   apply, overwrite=false: "live changed this since last-applied (to <v>) and the config changes it too (to <v>): …"
// A message in another shape gives no values; the panel then shows the message alone (it is
// always shown). Pure: no DOM.

const SSA = /^(.+?) owns this field \((?:live has (.+?)|(live does not have it))\) and the config sets (.+?): applying as (.+?) would change /s;
const DRIFT = /since last-applied \(to (.+?)\) and the config changes it too \(to (.+?)\):/s;

/**
 * @typedef {{owner: string, applier: string, live: string, config: string, liveMissing: boolean}} ConflictValues
 * owner: the owner as the message names it (with its operation and subresource: "x (update,
 * scale)"); applier: who applies; live / config: the values as the engine writes them (strings
 * quoted, long values cut); liveMissing: live lacks the field.
 */

/**
 * Reads a conflict's values from its message.
 * @param {{message?: unknown, manager?: unknown}} conflict
 * @returns {ConflictValues|null}
 */
export function conflictValues(conflict) {
  const message = typeof conflict?.message === "string" ? conflict.message : "";
  let m = SSA.exec(message);
  if (m) return { owner: m[1], applier: m[5], live: m[3] ? "" : m[2], config: m[4], liveMissing: Boolean(m[3]) };
  m = DRIFT.exec(message);
  if (m) return { owner: "live", applier: "", live: m[1], config: m[2], liveMissing: false };
  return null;
}
