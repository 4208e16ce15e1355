// The status line above the result: what the page is doing or why the result is stale, in plain
// words, announced politely to screen readers.

import { h, setText } from "./dom.js";

/**
 * Creates the status line.
 * @returns {{dom: HTMLElement, set: (kind: "none"|"info"|"working"|"ok"|"warning"|"error", text?: string) => void, setTime: (value: string) => void, destroy: () => void}}
 */
export function createStatus() {
  const text = h("span", { class: "mp-status-text" });
  // A time counting up beside the text (progress.js) is not announced at every tick.
  const time = h("span", { class: "mp-status-time", "aria-hidden": "true" });
  const dom = h("div", { class: "mp-status", role: "status", "aria-live": "polite", "data-kind": "none" }, text, time);
  return {
    dom,
    set(kind, message = "") {
      const shown = message ? kind : "none";
      if (dom.dataset.kind !== shown) dom.dataset.kind = shown;
      setText(text, message);
      setText(time, "");
    },
    /** Shows a time beside the text (until the next set). */
    setTime(value) {
      time.textContent = value;
    },
    destroy: () => dom.remove(),
  };
}
