// A notice banner for what the reader should know once (a link that could not be opened), with
// a Dismiss button.

import { h } from "./dom.js";

/**
 * Creates a notice banner for what the reader should know once (a link that could not be
 * opened), with a Dismiss button.
 * @returns {{dom: HTMLElement, show: (text: string) => void, hide: () => void, destroy: () => void}}
 */
export function createNotice() {
  const text = h("p", { class: "mp-notice-text" });
  const dom = h("div", { class: "mp-banner", role: "alert", hidden: true }, text,
    h("button", { type: "button", class: "mp-button mp-small", onclick: () => { dom.hidden = true; } }, "Dismiss"));
  return {
    dom,
    show(message) {
      text.textContent = message;
      dom.hidden = !message;
    },
    hide() {
      dom.hidden = true;
    },
    destroy: () => dom.remove(),
  };
}
