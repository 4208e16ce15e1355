// An input editor's text as it first shows, before its CodeMirror view is built: the same lines,
// line numbers, highlighting classes and metrics (style.css, `.mp-preview`), read-only. CodeMirror
// is not in the page's first bundle (views.js is the second, loaded once the first answer is
// shown or when the reader goes to an editor), and building the views is the largest part of the
// page's start: this stands in for each until then, coloured by the same tokens (yamltokens.js).
// It never changes the text it shows. `standIn` is how a preview (this one, or the result pane's,
// resultpreview.js) hands its place to the view, with what the reader did in it meanwhile: where
// they pressed, the keys they typed, what they pasted.

import { colourLines } from "./yamltokens.js";
import { h, nextFocusable } from "./dom.js";

/** The most lines a preview draws: more than an editor shows before it is scrolled. */
export const PREVIEW_LINES = 200;

/**
 * The lines a preview draws: the text's first lines (line breaks as CodeMirror reads them: LF,
 * CRLF or CR), each as pieces of text with the highlighting classes CodeMirror gives them (YAML,
 * yamltokens.js), and the number of lines of the whole text.
 * @param {string} text
 * @param {number} [maxLines]
 * @returns {{lines: {text: string, classes: string}[][], total: number}}
 */
export function previewLines(text, maxLines = PREVIEW_LINES) {
  const all = text.split(/\r\n?|\n/);
  return { lines: colourLines(all.slice(0, maxLines)), total: all.length };
}

/**
 * The widest line number CodeMirror's gutter makes room for: 9, 99, 999… at least the count.
 * @param {number} lines
 * @returns {number}
 */
export function widestLineNumber(lines) {
  let widest = 9;
  while (widest < lines) widest = widest * 10 + 9;
  return widest;
}

/**
 * Creates a preview of a text.
 * @param {{text: string, placeholder: string, label: string}} config placeholder: what an empty
 *   text shows (CodeMirror's placeholder); label: the editor's accessible name
 */
export function createPreview({ text, placeholder, label }) {
  const dom = h("div", { class: "mp-preview", tabindex: "0", role: "textbox", "aria-multiline": "true", "aria-readonly": "true" });
  let shown = { text, placeholder, label: null };
  draw(text, placeholder);
  setLabel(label);

  function draw(nextText, nextPlaceholder) {
    const { lines, total } = previewLines(nextText);
    const numbers = h("div", { class: "mp-preview-numbers" }, h("div", { class: "mp-preview-spacer", text: String(widestLineNumber(total)) }));
    const content = h("div", { class: "mp-preview-lines" });
    lines.forEach((pieces, i) => {
      numbers.append(h("div", { class: i === 0 ? "mp-preview-active" : null, text: String(i + 1) }));
      const line = h("div", { class: i === 0 ? "mp-preview-active" : null });
      for (const p of pieces) line.append(p.classes ? h("span", { class: p.classes, text: p.text }) : p.text);
      if (nextText === "" && nextPlaceholder) line.append(h("span", { class: "mp-preview-placeholder", text: nextPlaceholder }));
      content.append(line);
    });
    // CodeMirror marks the cursor's line (the first) in every gutter: the lint gutter's too.
    const lint = h("div", { class: "mp-preview-lint" }, h("div", { class: "mp-preview-active", text: "\u00a0" }));
    dom.replaceChildren(h("div", { class: "mp-preview-gutters" }, numbers, lint), content);
    shown = { ...shown, text: nextText, placeholder: nextPlaceholder };
  }

  function setLabel(next) {
    if (next !== shown.label) dom.setAttribute("aria-label", next);
    shown.label = next;
  }

  return {
    dom,
    /**
     * The line (1-based) a press landed on and its element, on the text or its number; null
     * elsewhere.
     * @param {Event} event
     */
    lineAt(event) {
      const el = event.target instanceof Element ? event.target : null;
      const line = el?.closest(".mp-preview-lines > div");
      if (line) return { line: [...line.parentElement.children].indexOf(line) + 1, el: line };
      const number = el?.closest(".mp-preview-numbers > div:not(.mp-preview-spacer)");
      if (!number) return null;
      const n = [...number.parentElement.children].indexOf(number); // the spacer comes first
      const lines = dom.querySelector(".mp-preview-lines");
      return lines?.children[n - 1] ? { line: n, el: lines.children[n - 1] } : null;
    },
    /** Shows another text or placeholder. */
    update({ text: nextText = shown.text, placeholder: nextPlaceholder = shown.placeholder, label: nextLabel = shown.label }) {
      if (nextText !== shown.text || nextPlaceholder !== shown.placeholder) draw(nextText, nextPlaceholder);
      setLabel(nextLabel);
    },
  };
}

/**
 * What the reader did in a preview before its view was built, for the view to do (cm.js's
 * `takeOver`): the caret (a line and column, 1-based line, 0-based column; center: scroll it to
 * the middle) and the keys and pastes, in order.
 * @typedef {{at: {line: number, column: number, center?: boolean}|null,
 *   typed: Array<{paste: string}|{key: string, code: string, ctrlKey: boolean, altKey: boolean, shiftKey: boolean, metaKey: boolean}>}} Pending
 */

/**
 * Puts a preview in a host where it stands in for a CodeMirror view until the view is built:
 * focusing it, or a wheel over it, asks for the view (`build`, which may take a while: the second
 * bundle); a press places the caret where it landed (`lineAt`: the line and its element under
 * the event). Until the view comes, the keys typed into the preview and what is pasted are kept,
 * in order, for the view (Tab moves on, Esc leaves, as in a view); its scroll is remembered.
 * @param {HTMLElement} host
 * @param {HTMLElement} dom the preview
 * @param {{build: () => void, lineAt: (event: MouseEvent) => {line: number, el: Element}|null,
 *   passes?: (event: KeyboardEvent) => boolean}} config passes: a key the view would leave to the
 *   page, not kept (the result's view takes no text: ? there opens the shortcuts)
 */
export function standIn(host, dom, { build, lineAt, passes = () => false }) {
  host.append(dom);
  /** @type {Pending} */
  const pending = { at: null, typed: [] };
  let replaced = false;
  dom.addEventListener("focus", () => build());
  dom.addEventListener("pointerdown", (event) => { pending.at = caretAt(event, lineAt) ?? pending.at; build(); });
  dom.addEventListener("wheel", () => build(), { passive: true });
  dom.addEventListener("keydown", (event) => { if (!replaced && !passes(event)) keep(pending, event, dom); });
  dom.addEventListener("paste", (event) => {
    if (replaced) return;
    event.preventDefault();
    pending.typed.push({ paste: event.clipboardData?.getData("text/plain") ?? "" });
  });
  let scrolled = 0; // how far the preview was scrolled (its scrollbar), for the view
  dom.addEventListener("scroll", () => { scrolled = dom.scrollTop; }, { passive: true });
  return {
    /** The caret goes there when the view comes, and the preview takes the focus meanwhile. */
    pointTo(at) {
      pending.at = at;
      dom.focus();
      build();
    },
    /**
     * Puts the built view in the preview's place, scrolled as it was, focused if the preview had
     * focus, and hands it what the reader did meanwhile (`takeOver`).
     * @param {{dom: HTMLElement, scrollDOM: HTMLElement, focus: () => void}} view
     * @param {(view: object, pending: Pending) => void} takeOver
     */
    replaceWith(view, takeOver) {
      const before = document.activeElement;
      const hadFocus = dom.contains(before);
      replaced = true;
      host.replaceChildren(view.dom);
      if (scrolled) view.scrollDOM.scrollTop = scrolled;
      if (hadFocus) view.focus();
      takeOver(view, pending);
      // A key kept from before the reader went elsewhere (n in the result jumps and focuses it)
      // leaves the focus where the reader is now.
      if (!hadFocus && document.activeElement !== before && before instanceof HTMLElement && before.isConnected) before.focus();
    },
  };
}

/** Keys a view would not see either: they move the focus or are the browser's own. */
const PASSED = new Set(["Tab", "Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock", "NumLock", "ContextMenu", "Dead", "Process", "Unidentified",
  ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`)]);

/** Keeps a key typed into a preview for its view (Esc leaves the preview, as a view's Esc does). */
function keep(pending, event, dom) {
  const { key, code, ctrlKey, altKey, shiftKey, metaKey } = event;
  if (event.isComposing || PASSED.has(key)) return;
  if (key === "Escape") {
    nextFocusable(dom)?.focus();
    return;
  }
  // Copy, cut and paste stay the browser's: a paste comes as its own event.
  if ((ctrlKey || metaKey) && !altKey && ["c", "v", "x"].includes(key.toLowerCase())) return;
  event.preventDefault();
  pending.typed.push({ key, code, ctrlKey, altKey, shiftKey, metaKey });
}

/**
 * Where a press landed in a preview's text, as a line (1-based) and a column (0-based: the
 * characters of the line's text before the caret; 0 off the text, on the gutter), or null off
 * the lines.
 * @param {MouseEvent} event
 * @param {(event: MouseEvent) => {line: number, el: Element}|null} lineAt
 */
export function caretAt(event, lineAt) {
  const found = lineAt(event);
  if (!found) return null;
  const doc = found.el.ownerDocument;
  let node = null;
  let offset = 0;
  if (doc.caretPositionFromPoint) {
    const p = doc.caretPositionFromPoint(event.clientX, event.clientY);
    if (p) ({ offsetNode: node, offset } = p);
  } else if (doc.caretRangeFromPoint) {
    const r = doc.caretRangeFromPoint(event.clientX, event.clientY);
    if (r) ({ startContainer: node, startOffset: offset } = r);
  }
  if (!node || !found.el.contains(node)) return { line: found.line, column: 0 };
  const before = doc.createRange();
  before.setStart(found.el, 0);
  before.setEnd(node, offset);
  return { line: found.line, column: before.toString().length };
}
