// How much two texts share at their start and at their end, compared in runs of 64 Ki, 4 Ki and
// 256 UTF-16 units before unit by unit: V8 compares equal slices of flat strings as memory, so a
// 5 MB result that differs in one line costs a few comparisons, not five million.

/**
 * How many UTF-16 units a and b share at their start (up to max).
 * @param {string} a
 * @param {string} b
 * @param {number} max
 */
export function sharedHead(a, b, max) {
  let at = 0;
  for (const run of [65536, 4096, 256]) while (at + run <= max && a.slice(at, at + run) === b.slice(at, at + run)) at += run;
  while (at < max && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/**
 * How many UTF-16 units a and b share at their end (up to max: the length left after what they
 * share at their start, so that the two never overlap).
 * @param {string} a
 * @param {string} b
 * @param {number} max
 */
export function sharedTail(a, b, max) {
  let n = 0;
  for (const run of [65536, 4096, 256]) {
    while (n + run <= max && a.slice(a.length - n - run, a.length - n) === b.slice(b.length - n - run, b.length - n)) n += run;
  }
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}
