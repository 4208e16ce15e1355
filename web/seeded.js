// A small seeded random source for the property tests (mulberry32): a failure comes again with
// its seed. Not part of the page.

/**
 * Returns a function giving the seed's next float in [0, 1) at each call.
 * @param {number} seed
 * @returns {() => number}
 */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
