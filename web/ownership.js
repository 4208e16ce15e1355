// Server-side apply's ownership, shaped for the Ownership view: who owns each line of the result
// (extra.owners), the managers and their managedFields entries (extra.managedFields), and what
// the operation did to each resource (extra.operations). Pure functions with no DOM (tested
// under Node).

import { splitLines } from "./marks.js";

const str = (v) => (typeof v === "string" ? v : "");
const list = (v) => (Array.isArray(v) ? v : []);

/**
 * One line of the result with its owners.
 * @typedef {{
 *   line: number, text: string,
 *   managers: string[],
 *   paths: string[],
 *   kind: "owned"|"unowned"|"parent"|"none",
 *   continued: boolean,
 * }} OwnerRow
 * kind: owned (some manager owns what the line holds), unowned (a field no manager owns, such as
 * apiVersion), parent (a map or list no one owns whole: its fields are owned one by one), none
 * (no field on the line: managedFields, separators, comments). continued: the line goes on with
 * the value of the field above (a block scalar's text), whose owners it shows.
 */

/**
 * The name a managedFields entry goes by in extra.owners and the engine's reasons: an applier by
 * its name, an updater by its name and "(update)", with its subresource.
 * @param {{manager?: string, operation?: string, subresource?: string}} entry
 * @returns {string}
 */
export function managerName(entry) {
  const notes = [];
  if (str(entry?.operation).toLowerCase() === "update") notes.push("update");
  if (str(entry?.subresource)) notes.push(entry.subresource);
  const name = str(entry?.manager);
  return notes.length ? `${name} (${notes.join(", ")})` : name;
}

/**
 * Every line of the result with the managers owning it. Lines that hold several fields (a list
 * item and its key field) get every owner of any of them; the lines of a value written over
 * several lines (an owner's endLine: a block scalar's text) get the owners of its first.
 * @param {object} response
 * @returns {OwnerRow[]}
 */
export function ownerRows(response) {
  const lines = splitLines(str(response?.result));
  const owners = list(response?.extra?.owners).filter((o) => o && Number.isInteger(o.line) && o.line >= 1 && o.line <= lines.length);
  const byLine = new Map();
  const continues = new Map(); // a line of a value over several lines → the value's first line
  for (const o of owners) {
    if (!byLine.has(o.line)) byLine.set(o.line, []);
    byLine.get(o.line).push(o);
    const end = Number.isInteger(o.endLine) ? Math.min(o.endLine, lines.length) : 0;
    for (let n = o.line + 1; n <= end; n++) if (!continues.has(n)) continues.set(n, o.line);
  }
  // A path with owned fields under it is a parent: it has no owner of its own.
  const paths = owners.map((o) => `${str(o.resource)} ${str(o.path)}`);
  const isParent = (o) => {
    const p = `${str(o.resource)} ${str(o.path)}`;
    return paths.some((q) => q.length > p.length && q.startsWith(p) && (q[p.length] === "." || q[p.length] === "["));
  };
  const rows = [];
  lines.forEach((text, i) => {
    const entries = byLine.get(i + 1) ?? [];
    if (!entries.length && continues.has(i + 1)) {
      rows.push({ ...rows[continues.get(i + 1) - 1], line: i + 1, text, continued: true });
      return;
    }
    const managers = [...new Set(entries.flatMap((o) => list(o.managers).map(String)))];
    let kind = "none";
    if (managers.length) kind = "owned";
    else if (entries.length) kind = entries.every(isParent) ? "parent" : "unowned";
    rows.push({ line: i + 1, text, managers, paths: entries.map((o) => str(o.path)), kind, continued: false });
  });
  return rows;
}

/**
 * @typedef {{
 *   name: string, manager: string, operation: string, apiVersion: string, time: string,
 *   subresource: string, resources: string[], fields: number, lines: number, index: number,
 * }} ManagerInfo
 * index: a stable position (the order managers first appear), which picks the manager's colour.
 */

/**
 * The managers of the response: every managedFields entry (by the name extra.owners uses), and
 * any owner named only in extra.owners; with how many fields they own and on how many lines.
 * @param {object} response
 * @param {OwnerRow[]} [rows] ownerRows(response), when already computed
 * @returns {ManagerInfo[]}
 */
export function managers(response, rows = ownerRows(response)) {
  const out = new Map();
  const add = (name) => {
    if (!out.has(name)) out.set(name, { name, manager: name, operation: "", apiVersion: "", time: "", subresource: "", resources: [], fields: 0, lines: 0, index: out.size });
    return out.get(name);
  };
  for (const mf of list(response?.extra?.managedFields)) {
    for (const e of list(mf?.entries)) {
      const info = add(managerName(e));
      Object.assign(info, { manager: str(e.manager), operation: str(e.operation), apiVersion: str(e.apiVersion), subresource: str(e.subresource) });
      if (str(e.time) > info.time) info.time = str(e.time);
      if (str(mf.resource) && !info.resources.includes(mf.resource)) info.resources.push(mf.resource);
      info.fields += list(e.fields).length;
    }
  }
  for (const row of rows) for (const name of row.managers) add(name).lines++;
  return [...out.values()];
}

/**
 * What the operation did to each resource (extra.operations), as sentences.
 * @param {object} response
 * @returns {{resource: string, action: string, sentences: string[]}[]}
 */
export function operationNotes(response) {
  return list(response?.extra?.operations).filter((op) => op && typeof op === "object").map((op) => {
    const who = str(op.manager) || "the manager";
    const how = str(op.operation) === "update" ? "an update" : "a server-side apply";
    const action = str(op.action);
    const sentences = [];
    const what = {
      create: `${who} created it (${how}).`,
      apply: `${who} applied it (${how}).`,
      update: `${who} updated it (${how}): whatever changed moves to ${who}.`,
      conflict: `${how[0].toUpperCase()}${how.slice(1)} by ${who} stopped on conflicts: nothing changed.`,
      none: "Left alone: the config does not name it.",
    }[action];
    if (what) sentences.push(what);
    if (op.changed === false && action !== "conflict" && action !== "none") sentences.push("The object came out as it was: the entry's time stays.");
    if (op.beforeFirstApply) sentences.push("Live had no managedFields: the API server first gave every field live held to before-first-apply.");
    const handed = list(op.handedOver).map(String);
    if (handed.length) sentences.push(`Handed over from client-side apply (the last-applied annotation): ${handed.join(", ")}.`);
    for (const t of list(op.taken)) {
      const fields = list(t?.fields).map(String).filter((f) => !handed.includes(f));
      if (fields.length) sentences.push(`Forced: taken over from ${str(t.manager)}: ${fields.join(", ")}.`);
    }
    if (op.lastApplied) sentences.push("The API server rewrote the last-applied annotation.");
    return { resource: str(op.resource), action, sentences };
  });
}

/**
 * Filters rows to the lines a manager owns ("" keeps every row).
 * @param {OwnerRow[]} rows
 * @param {string} manager
 * @returns {OwnerRow[]}
 */
export function rowsOwnedBy(rows, manager) {
  return manager ? rows.filter((r) => r.managers.includes(manager)) : rows;
}
