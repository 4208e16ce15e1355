// Long lists drawn as they come into view: the first chunk at once, the next one when a sentinel
// under the last drawn item nears the visible part of the page (IntersectionObserver). A 520-resource
// stream's Diff or Explain tab thus costs a screenful, not thousands of elements, when shown.

import { h } from "./dom.js";

/** Items drawn at once, and at each step after. */
export const CHUNK = 150;

/**
 * The ranges [from, to) of items drawn at each step.
 * @param {number} total
 * @param {number} [chunk]
 * @returns {[number, number][]}
 */
export function chunks(total, chunk = CHUNK) {
  const out = [];
  for (let from = 0; from < total; from += chunk) out.push([from, Math.min(total, from + chunk)]);
  return out;
}

/**
 * Appends the rendered items to a container, a chunk at a time as the reader scrolls. Returns
 * a function that stops (call it before the container is filled again). Where
 * IntersectionObserver is missing, everything is drawn at once.
 * @template T
 * @param {Element} container
 * @param {T[]} items
 * @param {(item: T, index: number) => Node} render
 * @param {{chunk?: number, group?: (item: T) => unknown, open?: (item: T) => Element, root?: Element|null}} [grouping]
 *   group/open: items of the same group go into one element that open(first item) makes (and
 *   appends), such as a list under a heading; root: the scrolling element the list is drawn in,
 *   when not the page (the next chunk is drawn as the sentinel nears its visible part)
 * @returns {() => void}
 */
export function appendLazily(container, items, render, { chunk = CHUNK, group = null, open = null, root = null } = {}) {
  let parent = container;
  let currentGroup;
  const steps = chunks(items.length, chunk);
  const drawStep = () => {
    const [from, to] = steps.shift();
    for (let i = from; i < to; i++) {
      if (group) {
        const g = group(items[i]);
        if (i === 0 || g !== currentGroup) {
          currentGroup = g;
          parent = open(items[i]);
        }
      }
      parent.append(render(items[i], i));
    }
  };
  if (steps.length) drawStep();
  if (!steps.length) return () => {};
  if (typeof IntersectionObserver !== "function") {
    while (steps.length) drawStep();
    return () => {};
  }
  const sentinel = h("div", { class: "mp-lazy-more", "aria-hidden": "true" });
  container.after(sentinel);
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    drawStep();
    if (!steps.length) {
      stop();
      return;
    }
    // Still in view after a step: observing again reports it at once.
    observer.unobserve(sentinel);
    observer.observe(sentinel);
  }, { root, rootMargin: "800px 0px" });
  observer.observe(sentinel);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    sentinel.remove();
  }
  return stop;
}
