// What every CodeMirror view of the page shares: the CSP nonce, YAML, highlighting by class
// (colours live in style.css, so light and dark themes are CSS only), and the keys that keep a
// keyboard user free: Esc leaves the editor, Tab is never captured, Ctrl/Cmd+Enter re-runs.

import { EditorView, drawSelection, highlightSpecialChars, keymap } from "@codemirror/view";
import { Prec } from "@codemirror/state";
import { syntaxHighlighting } from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { classHighlighter } from "@lezer/highlight";

/**
 * Reads the CSP nonce the build puts in <meta name="mergeplay-csp-nonce">.
 * @param {Document} doc
 * @returns {string}
 */
export function cspNonce(doc) {
  return doc.querySelector('meta[name="mergeplay-csp-nonce"]')?.getAttribute("content") ?? "";
}

/**
 * The extensions every view gets.
 * @param {{nonce: string, onRun?: () => void, label?: string}} config the view's accessible label
 * @returns {import("@codemirror/state").Extension}
 */
export function baseExtensions({ nonce, onRun, label }) {
  return [
    nonce ? EditorView.cspNonce.of(nonce) : [],
    yaml(),
    syntaxHighlighting(classHighlighter),
    highlightSpecialChars(),
    drawSelection(),
    label ? EditorView.contentAttributes.of({ "aria-label": label }) : [],
    // The content element (contenteditable) is in the tab order already; saying so with tabindex
    // lets checkers (axe-core's scrollable-region-focusable) see that its scroller is reachable
    // by keyboard: the cursor moves, and scrolls, through the text.
    EditorView.contentAttributes.of({ tabindex: "0" }),
    typeOverSelection,
    Prec.highest(keymap.of([
      { key: "Escape", run: (view) => leave(view) },
      { key: "Mod-Enter", run: () => { onRun?.(); return Boolean(onRun); } },
    ])),
  ];
}

/**
 * A character typed over a selection (Ctrl+A, then a key) replaces it through the view, not
 * through the browser's editing: Chrome's own edit, which merges the lines the selection spans,
 * writes style attributes to keep their look, and the CSP refuses those (a "style-src" error in
 * the console for each). Composition (IME) input is left to the browser.
 */
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || typeof event.data !== "string" || view.composing || view.state.readOnly) return false;
    if (view.state.selection.ranges.every((r) => r.empty)) return false;
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(event.data), { scrollIntoView: true, userEvent: "input.type" });
    return true;
  },
});

/**
 * Moves focus out of a view to the next control after it, as Tab would.
 * @param {EditorView} view
 * @returns {boolean}
 */
export function leave(view) {
  const next = nextFocusable(view.dom);
  if (next) next.focus();
  else view.contentDOM.blur();
  return true;
}

/**
 * The first focusable element after `from` (outside it) in document order.
 * @param {Element} from
 * @returns {HTMLElement|null}
 */
export function nextFocusable(from) {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
  for (const el of from.ownerDocument.querySelectorAll(selector)) {
    if (from.contains(el)) continue;
    if (!(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (el.closest("[hidden], [inert]") || el.getClientRects().length === 0) continue;
    return el;
  }
  return null;
}
