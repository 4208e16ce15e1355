// Deltas: the engine's worker writes each answer against the last one it gave the page
// (docs/contract.md, "Deltas"), so that an edit of one resource in a long stream sends, parses and
// holds what changed rather than tens of MB of marks. applyDelta puts the whole answer back
// together: the parts the delta leaves out are the last answer's own (the same arrays and
// objects: nothing is copied that did not change), and a script's kept items are the last
// answer's items, moved to their new line numbers where the script says so. Pure functions
// (tested under Node).

/**
 * Whether a parsed answer is a delta.
 * @param {object} answer
 * @returns {boolean}
 */
export function isDelta(answer) {
  return Boolean(answer && typeof answer === "object" && answer.delta && typeof answer.delta === "object");
}

/**
 * The whole answer a delta stands for, given the answer it was written against; held is left
 * as it was.
 * @param {object} held the last whole answer (its extra.answer is the delta's since)
 * @param {object} delta
 * @returns {object}
 */
export function applyDelta(held, delta) {
  if (held?.extra?.answer !== delta.delta.since) throw new Error(`a delta since answer ${delta.delta.since} given to answer ${held?.extra?.answer}`);
  const out = { ...held };
  for (const [key, part] of Object.entries(delta)) {
    if (key === "delta") continue;
    if (key === "version") out.version = part;
    else if (key === "extra") out.extra = applyExtra(held.extra, part);
    else if (key === "layout") {
      out.layout = { ...held.layout };
      for (const [k, p] of Object.entries(part)) out.layout[k] = applyPart(k, held.layout?.[k], p);
    } else out[key] = applyPart(key, held[key], part);
  }
  return out;
}

/** extra's part: the keys set, the lists edited (their items never move), the keys dropped. */
function applyExtra(held, { set = {}, edit = {}, drop = [] }) {
  const out = { ...held, ...set };
  for (const [key, part] of Object.entries(edit)) out[key] = editList(`extra.${key}`, held[key], part.edits);
  for (const key of drop) delete out[key];
  return out;
}

/** A text's or a list's part: its value whole, or a script of edits. */
function applyPart(key, held, part) {
  if (!part || typeof part !== "object" || Array.isArray(part)) return part;
  return typeof held === "string" ? editText(held, part.edits) : editList(key, held, part.edits);
}

/** A text's script: kept and dropped UTF-16 code units, inserted text (joined as ropes, not copied). */
function editText(held, edits) {
  let out = "";
  let at = 0;
  for (const e of edits) {
    if ("keep" in e) {
      out += held.slice(at, at + e.keep);
      at += e.keep;
    } else if ("drop" in e) at += e.drop;
    else out += e.text;
  }
  return out + held.slice(at);
}

/** A list's script: kept items (moved by their shift), dropped ones, inserted ones. */
function editList(key, held, edits) {
  const runs = [];
  let at = 0;
  for (const e of edits) {
    if ("keep" in e) {
      if (held.length - at < e.keep) throw new Error(`${key}: a script keeps ${e.keep} items of ${held.length - at}`);
      const kept = held.slice(at, at + e.keep); // a copy of the references, at memory speed
      runs.push(e.shift ? kept.map((item) => moved(key, item, e.shift)) : kept);
      at += e.keep;
    } else if ("drop" in e) at += e.drop;
    else runs.push(e.items);
  }
  runs.push(held.slice(at));
  return [].concat(...runs);
}

/**
 * An item of list key with its line numbers moved by shift ({result, live, updated, docs}): a
 * line number 0 (none) stays 0, a document's number always moves.
 */
function moved(key, item, shift) {
  const by = (space, n) => (n === 0 && space !== "docs" ? 0 : n + (shift[space] ?? 0));
  if (key === "blocks") return [by("result", item[0]), by("result", item[1])];
  if (key === "folds") return { ...item, line: by("result", item.line), endLine: by("result", item.endLine) };
  if (key === "conflicts") return { ...item, line: by("live", item.line) };
  if (key !== "fields") return item;
  const space = item.mark === "deleted" || item.mark === "conflict" ? "live" : item.mark === "dropped" ? "updated" : "result";
  const out = { ...item, line: by(space, item.line), endLine: by(space, item.endLine) };
  if (item.place) out.place = { ...item.place, after: by("result", item.place.after), under: by("result", item.place.under), doc: by("docs", item.place.doc) };
  return out;
}
