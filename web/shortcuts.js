// The keyboard shortcuts: a dialog listing them (the header's "Keys ?" button, or ? anywhere
// but in an editable field), the pure test of whether a key press opens it, and the page's keys
// (listenShortcuts: Ctrl/Cmd+Enter merges, ? opens the list).

import { h } from "./dom.js";

/** Every shortcut of the page: the keys, and what they do. */
export const SHORTCUTS = [
  { keys: ["Ctrl+Enter", "⌘+Enter"], what: "Merge now (the page also merges as you type)" },
  { keys: ["Esc"], what: "Leave an editor: focus moves to the next control, as Tab would" },
  { keys: ["Tab", "Shift+Tab"], what: "Move between controls; no editor keeps Tab" },
  { keys: ["↑", "↓"], what: "In the result: move line by line, the panel under it reads each line's mark and reason" },
  { keys: ["n", "Alt+↓"], what: "In the result: jump to the next change (added, changed, deleted, conflict)" },
  { keys: ["p", "Alt+↑"], what: "In the result: jump to the previous change" },
  { keys: ["Enter"], what: "In the result, on a folded line: open or close the fold" },
  { keys: ["←", "→", "Home", "End"], what: "On the result's tabs: move to another view" },
  { keys: ["↑", "↓", "Home", "End"], what: "In the exercise (Exercise, beside the result): move between the lines to mark" },
  { keys: ["a", "c", "d", "r", "i", "x"], what: "In the exercise: mark the line added, changed, deleted, retained, ignored or conflict" },
  { keys: ["←", "→"], what: "In the exercise: step the line's mark through the marks" },
  { keys: ["Backspace", "Delete"], what: "In the exercise: clear the line's mark" },
  { keys: ["Esc"], what: "In the exercise: leave it, back to the result" },
  { keys: ["↑", "↓", "Home", "End"], what: "In a history's steps (+ Step, beside the result): move between the steps" },
  { keys: ["Enter", "Space"], what: "In the steps: show the step (its result, marks and Diff; its config in the editors)" },
  { keys: ["Alt+↑", "Alt+↓"], what: "In the steps: move the step one place earlier or later" },
  { keys: ["Insert", "+", "Delete"], what: "In the steps: add a step after it, or remove it" },
  { keys: ["?"], what: "Show this list (outside the input editors)" },
];

/**
 * Whether a keydown should open the shortcuts: "?" without Ctrl, Alt or Meta, outside anything
 * that takes text (an input, a textarea, a select, an editable editor).
 * @param {{key: string, ctrlKey?: boolean, altKey?: boolean, metaKey?: boolean, defaultPrevented?: boolean}} event
 * @param {{tag: string, editable: boolean}} target the focused element's tag name and whether it
 *   takes text (contenteditable and not read-only)
 * @returns {boolean}
 */
export function opensShortcuts(event, target) {
  if (event.key !== "?" || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return false;
  const tag = String(target?.tag ?? "").toUpperCase();
  return !(tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target?.editable);
}

/**
 * Describes the focused element for opensShortcuts.
 * @param {Element|null} el
 * @returns {{tag: string, editable: boolean}}
 */
export function focusTarget(el) {
  if (!el) return { tag: "", editable: false };
  const editable = Boolean(el.isContentEditable) && el.getAttribute("aria-readonly") !== "true";
  return { tag: el.tagName, editable };
}

/**
 * Listens for the page's own keys: Ctrl/Cmd+Enter merges now, "?" (outside what takes text)
 * opens the shortcuts.
 * @param {Document} doc
 * @param {{run: () => void, open: () => void}} actions
 */
export function listenShortcuts(doc, { run, open }) {
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      run();
    } else if (opensShortcuts(event, focusTarget(doc.activeElement))) {
      event.preventDefault();
      open();
    }
  });
}

/**
 * Creates the shortcuts dialog.
 * @returns {{dom: HTMLDialogElement, open: () => void, destroy: () => void}}
 */
export function createShortcutsDialog() {
  const dom = h("dialog", { class: "mp-dialog mp-shortcuts", "aria-labelledby": "mp-shortcuts-title" },
    h("header", { class: "mp-dialog-head" },
      h("h2", { id: "mp-shortcuts-title", text: "Keyboard shortcuts" }),
      h("button", { type: "button", class: "mp-button mp-small", onclick: () => dom.close() }, "Close"),
    ),
    h("dl", { class: "mp-shortcut-list" }, ...SHORTCUTS.map((s) => h("div", { class: "mp-shortcut" },
      h("dt", {}, ...s.keys.flatMap((k, i) => [i ? " or " : null, h("kbd", { text: k })])),
      h("dd", { text: s.what }),
    ))),
  );
  return {
    dom,
    open: () => {
      if (!dom.open) dom.showModal();
    },
    destroy: () => dom.remove(),
  };
}
