// A notice banner for what the reader should know once (a link that could not be opened, what a
// switch of mode did), with a Dismiss button and, when the notice offers one, an action button.

import { h } from "./dom.js";

/**
 * Creates a notice banner for what the reader should know once, with a Dismiss button.
 * @returns {{dom: HTMLElement, show: (text: string, action?: {label: string, run: () => void}|null) => void, hide: () => void, destroy: () => void}}
 */
export function createNotice() {
  const text = h("p", { class: "mp-notice-text" });
  let run = null;
  const action = h("button", { type: "button", class: "mp-button mp-small", "data-action": "notice-action", hidden: true, onclick: () => { dom.hidden = true; run?.(); } });
  const dom = h("div", { class: "mp-banner", role: "alert", hidden: true }, text,
    h("span", { class: "mp-notice-buttons" }, action,
      h("button", { type: "button", class: "mp-button mp-small", onclick: () => { dom.hidden = true; } }, "Dismiss")));
  return {
    dom,
    show(message, offer = null) {
      text.textContent = message;
      dom.hidden = !message;
      run = offer?.run ?? null;
      action.textContent = offer?.label ?? "";
      action.hidden = !offer;
    },
    hide() {
      dom.hidden = true;
    },
    destroy: () => dom.remove(),
  };
}
