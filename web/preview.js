// An input editor's text as it first shows, before its CodeMirror view is built: the same lines,
// line numbers, highlighting classes and metrics (style.css, `.mp-preview`), read-only. Building
// the views is the largest part of the page's start; the page builds them once it has shown its
// first answer, or at once when the reader goes to an editor (editors.js), and this stands in
// for each until then. It never changes the text it shows. `standIn` is how a preview (this one,
// or the result pane's, resultpreview.js) hands its place to the view.

import { yamlLanguage } from "@codemirror/lang-yaml";
import { classHighlighter, highlightTree } from "@lezer/highlight";
import { h } from "./dom.js";

/** The most lines a preview draws: more than an editor shows before it is scrolled. */
export const PREVIEW_LINES = 200;

/**
 * The lines a preview draws: the text's first lines (line breaks as CodeMirror reads them: LF,
 * CRLF or CR), each as pieces of text with the highlighting classes CodeMirror gives them (YAML,
 * `classHighlighter`), and the number of lines of the whole text.
 * @param {string} text
 * @param {number} [maxLines]
 * @returns {{lines: {text: string, classes: string}[][], total: number}}
 */
export function previewLines(text, maxLines = PREVIEW_LINES) {
  const all = text.split(/\r\n?|\n/);
  const shown = all.slice(0, maxLines);
  const source = shown.join("\n");
  const ranges = [];
  highlightTree(yamlLanguage.parser.parse(source), classHighlighter, (from, to, classes) => ranges.push({ from, to, classes }));
  const lines = [];
  let start = 0;
  let r = 0;
  for (const lineText of shown) {
    const end = start + lineText.length;
    const pieces = [];
    let at = start;
    while (r < ranges.length && ranges[r].from < end) {
      const { from, to, classes } = ranges[r];
      if (from > at) pieces.push({ text: source.slice(at, from), classes: "" });
      const stop = Math.min(to, end);
      if (stop > Math.max(from, at)) pieces.push({ text: source.slice(Math.max(from, at), stop), classes });
      at = Math.max(at, stop);
      if (to > end) break; // the range goes on into the next line
      r++;
    }
    if (at < end) pieces.push({ text: source.slice(at, end), classes: "" });
    lines.push(pieces);
    start = end + 1;
  }
  return { lines, total: all.length };
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
    /** Shows another text or placeholder. */
    update({ text: nextText = shown.text, placeholder: nextPlaceholder = shown.placeholder, label: nextLabel = shown.label }) {
      if (nextText !== shown.text || nextPlaceholder !== shown.placeholder) draw(nextText, nextPlaceholder);
      setLabel(nextLabel);
    },
  };
}

/**
 * Puts a preview in a host where it stands in for a CodeMirror view until the view is built:
 * focusing it builds the view and focuses that, a wheel over it builds it, a press goes to
 * `press` (which builds it and places the cursor); its scroll is remembered for the view.
 * @param {HTMLElement} host
 * @param {HTMLElement} dom the preview
 * @param {{build: () => import("@codemirror/view").EditorView, press: (event: PointerEvent) => void}} config
 */
export function standIn(host, dom, { build, press }) {
  host.append(dom);
  dom.addEventListener("focus", () => build().focus());
  dom.addEventListener("pointerdown", (event) => press(event));
  dom.addEventListener("wheel", () => build(), { passive: true });
  let scrolled = 0; // how far the preview was scrolled (its scrollbar), for the view
  dom.addEventListener("scroll", () => { scrolled = dom.scrollTop; }, { passive: true });
  return {
    /** Puts the built view in the preview's place, scrolled as it was, focused if it had focus. */
    replaceWith(view) {
      const hadFocus = dom.contains(document.activeElement);
      host.replaceChildren(view.dom);
      if (scrolled) view.scrollDOM.scrollTop = scrolled;
      if (hadFocus) view.focus();
    },
  };
}
