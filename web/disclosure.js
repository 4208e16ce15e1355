// A block the reader can fold away under its heading (a <details> whose <summary> is the heading:
// Enter or Space on it toggles, as on any disclosure), open or closed as the reader last left it
// (localStorage). The output column wraps "At the terminal" in one, so that a short window keeps
// its height for the result.

import { h } from "./dom.js";

/**
 * Whether a disclosure opens, from what was stored under its key ("open", "closed" or nothing).
 * @param {string|null|undefined} stored
 * @param {boolean} fallback what it does when nothing was stored
 * @returns {boolean}
 */
export function opensFrom(stored, fallback) {
  if (stored === "open") return true;
  if (stored === "closed") return false;
  return fallback;
}

/**
 * Creates a disclosure around a block.
 * @param {{title: string, body: HTMLElement, storage: Storage|null, key: string, className?: string, open?: boolean, aside?: HTMLElement[]}} config
 *   storage: where the reader's choice is kept under `key` (null: not kept); open: how it starts
 *   when no choice was kept; aside: more elements in the heading's line
 * @returns {{dom: HTMLDetailsElement}}
 */
export function createDisclosure({ title, body, storage, key, className = "", open = true, aside = [] }) {
  const summary = h("summary", { class: "mp-disclosure-summary" }, h("h2", { class: "mp-disclosure-title", text: title }), ...aside);
  const dom = /** @type {HTMLDetailsElement} */ (h("details", { class: `mp-disclosure ${className}`.trim() }, summary, body));
  dom.open = opensFrom(read(storage, key), open);
  dom.addEventListener("toggle", () => write(storage, key, dom.open ? "open" : "closed"));
  return { dom };
}

function read(storage, key) {
  try {
    return storage?.getItem(key);
  } catch {
    return null;
  }
}

function write(storage, key, value) {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or forbidden: the block opens as it does by default next time.
  }
}
