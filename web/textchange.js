// The change between two texts, as one replaced range: what the result pane dispatches to
// CodeMirror when a new answer arrives, so that the lines around an edit stay as they are drawn.

/**
 * The smallest single change that turns `before` into `after`: their common start and end are
 * kept.
 * @param {string} before
 * @param {string} after
 * @returns {{from: number, to: number, insert: string}}
 */
export function changedRange(before, after) {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
