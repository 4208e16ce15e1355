// What every CodeMirror view of the page shares: the CSP nonce, YAML (yamltokens.js), highlighting
// by class (colours live in style.css, so light and dark themes are CSS only), and the keys that
// keep a keyboard user free: Esc leaves the editor, Tab is never captured, Ctrl/Cmd+Enter re-runs; and
// how a view takes over from the preview that stood in for it (`takeOver`). Part of the second
// bundle (views.js).

import { EditorView, drawSelection, highlightSpecialChars, keymap, runScopeHandlers } from "@codemirror/view";
import { Prec } from "@codemirror/state";
import { StreamLanguage, syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { nextFocusable } from "./dom.js";
import { blankLine, copyState, indent, startState, token } from "./yamltokens.js";

/** YAML as the views colour it and indent a new line: yamltokens.js, one line at a time. */
const yamlLanguage = StreamLanguage.define({
  name: "yaml",
  startState,
  copyState,
  token,
  blankLine,
  indent,
  languageData: { commentTokens: { line: "#" } },
});

/**
 * The extensions every view gets.
 * @param {{nonce: string, onRun?: () => void, label?: string}} config the view's accessible label
 * @returns {import("@codemirror/state").Extension}
 */
export function baseExtensions({ nonce, onRun, label }) {
  return [
    nonce ? EditorView.cspNonce.of(nonce) : [],
    yamlLanguage,
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
 * Does in a view what the reader did in the preview before it (preview.js's standIn): the caret
 * where they pressed, then each key as the view's keymaps take it (a key no binding takes and
 * that types a character inserts it, as typing does), each paste, in order.
 * @param {EditorView} view
 * @param {import("./preview.js").Pending} pending
 */
export function takeOver(view, { at, typed }) {
  if (at) {
    const doc = view.state.doc;
    const line = doc.line(Math.min(Math.max(1, at.line), doc.lines));
    const pos = line.from + Math.min(Math.max(0, at.column), line.length);
    view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: at.center ? "center" : "nearest" }) });
  }
  for (const t of typed.splice(0)) {
    if ("paste" in t) insert(view, t.paste, "input.paste");
    else if (!runScopeHandlers(view, new KeyboardEvent("keydown", { ...t, bubbles: true, cancelable: true }), "editor") && types(t)) insert(view, t.key, "input.type");
  }
}

/** Whether a key, with its modifiers, types its character (AltGr is Ctrl+Alt on Windows). */
const types = (t) => [...t.key].length === 1 && !t.metaKey && (!t.ctrlKey || t.altKey);

function insert(view, text, userEvent) {
  if (view.state.readOnly || text === "") return;
  view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent });
}
