// The changes a kept layout's change makes to the result view's text (layoutkeep.js lays out
// again only the windows of lines an answer changed): each window's lines compared with what
// they become, line by line, so that every other line stays as CodeMirror drew it. Pure
// functions over CodeMirror's Text (tested under Node).

import { lineChanges } from "./textchange.js";

/**
 * The text's changes of a kept layout's change (each window: display lines from..to-1 of the
 * layout shown became count lines), with a line kept on each side so that lines come and go with
 * their line breaks.
 * @param {import("@codemirror/state").Text} doc the text of change.base
 * @param {{windows: {from: number, to: number, count: number}[]}} change
 * @param {import("./marks.js").Layout} layout
 */
export function keptChange(doc, { windows }, layout) {
  const changes = [];
  let moved = 0; // how many more display lines the windows before this one hold now
  for (const { from, to, count } of joinedWindows(windows)) {
    const first = Math.max(0, from - 1);
    const oldEnd = Math.min(doc.lines, to + 1);
    const newEnd = from + moved + count + (oldEnd - to);
    const at = doc.line(first + 1).from;
    const before = doc.sliceString(at, doc.line(oldEnd).to);
    const after = layout.lines.slice(first + moved, newEnd).map((l) => l.text).join("\n");
    for (const c of lineChanges(before, after)) changes.push({ from: c.from + at, to: c.to + at, insert: c.insert });
    moved += count - (to - from);
  }
  return changes;
}

/** Windows that would share a line kept on their sides joined (the lines between counted in both texts). */
function joinedWindows(windows) {
  const out = [];
  for (const w of windows) {
    const last = out.at(-1);
    if (last && w.from - 1 <= last.to + 1) out[out.length - 1] = { from: last.from, to: w.to, count: last.count + (w.from - last.to) + w.count };
    else out.push(w);
  }
  return out;
}
