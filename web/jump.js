// "Result ↓": on a narrow window, where the result comes under the editors (about a thousand
// pixels down on a phone), a button at the top that scrolls to the result and puts the keyboard
// on its tabs. Hidden by style.css where the result sits beside the editors.

import { h } from "./dom.js";

/**
 * Creates the jump to the result.
 * @param {{target: () => HTMLElement|null, focus: () => HTMLElement|null}} config target: the
 *   element to scroll to the top of the window; focus: the control that takes the keyboard there
 * @returns {{dom: HTMLElement}}
 */
export function createJump({ target, focus }) {
  const dom = h("button", { type: "button", class: "mp-button mp-jump", "data-action": "jump-result", title: "Scroll down to the result of the merge" }, "Result ↓");
  dom.addEventListener("click", () => {
    target()?.scrollIntoView({ block: "start" });
    focus()?.focus({ preventScroll: true });
  });
  return { dom };
}
