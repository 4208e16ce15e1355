// An input editor's CodeMirror view (editors.js is the editor; this is the part of it in the
// second bundle, views.js): YAML with line numbers, history, indentation and bracket matching,
// the lint gutter with the engine's errors and conflicts as diagnostics at their line and
// column, its role's label and placeholder, read-only when asked.

import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder } from "@codemirror/view";
import { Annotation, Compartment, EditorState } from "@codemirror/state";
import { bracketMatching, indentOnInput } from "@codemirror/language";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { baseExtensions } from "./cm.js";

/**
 * Marks a text the page loaded (an example, a link, Apply again): not the reader's edit, so
 * onChange is not called for it (CodeMirror reads CRLF as LF; the state keeps what was loaded).
 */
const loaded = Annotation.define();

/**
 * An editor's view and the parts of it its role, hint and read-only switch reconfigure.
 * @typedef {{view: EditorView, readOnly: Compartment, hintText: Compartment, label: Compartment}} InputView
 */

/**
 * Creates the view of an input editor.
 * @param {{text: string, nonce: string, label: Record<string, string>, hint: string, readOnly: boolean,
 *   onChange: (text: string) => void, onRun: () => void}} config label: the content's
 *   accessible attributes; hint: the placeholder ("" for none); onChange: the reader's edits
 * @returns {InputView}
 */
export function createInputView({ text, nonce, label, hint, readOnly, onChange, onRun }) {
  const parts = { readOnly: new Compartment(), hintText: new Compartment(), label: new Compartment() };
  parts.view = new EditorView({
    state: EditorState.create({
      doc: text,
      extensions: [
        baseExtensions({ nonce, onRun }),
        parts.label.of(EditorView.contentAttributes.of(label)),
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        indentOnInput(),
        bracketMatching(),
        lintGutter(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        parts.readOnly.of(readOnly ? [EditorState.readOnly.of(true)] : []),
        parts.hintText.of(hint ? placeholder(hint) : []),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(loaded))) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return parts;
}

/**
 * Replaces the view's text with a loaded one (not the reader's edit); undo brings the old back.
 * @param {InputView} parts
 * @param {string} next
 */
export function loadText({ view }, next) {
  if (next === view.state.doc.toString()) return;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next }, annotations: loaded.of(true) });
}

/**
 * Shows a new role: its label and placeholder.
 * @param {InputView} parts
 * @param {Record<string, string>} label
 * @param {string} hint
 */
export function showRole({ view, hintText, label: labelPart }, label, hint) {
  view.dispatch({ effects: [hintText.reconfigure(placeholder(hint)), labelPart.reconfigure(EditorView.contentAttributes.of(label))] });
}

/**
 * Makes the view read-only, or editable again.
 * @param {InputView} parts
 * @param {boolean} on
 */
export function setReadOnly({ view, readOnly }, on) {
  view.dispatch({ effects: readOnly.reconfigure(on ? [EditorState.readOnly.of(true)] : []) });
}

/**
 * Shows an input's errors and conflicts as lint diagnostics.
 * @param {InputView} parts
 * @param {import("./editors.js").InputError[]} errors
 * @param {import("./editors.js").InputConflict[]} conflicts
 */
export function showProblems({ view }, errors, conflicts) {
  view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state.doc, errors, conflicts)));
}

/** The lint diagnostics of an input's errors (at their column) and conflicts (their line's text). */
function diagnosticsOf(doc, errors, conflicts) {
  const diagnostics = [];
  for (const err of errors) {
    if (!(err.line >= 1 && err.line <= doc.lines)) continue;
    const line = doc.line(err.line);
    const from = Math.min(line.from + Math.max(0, (err.column || 1) - 1), line.to);
    diagnostics.push({ from, to: from < line.to ? line.to : from, severity: "error", message: err.message, source: "mergeplay" });
  }
  for (const c of conflicts) {
    if (!(c.line >= 1 && c.line <= doc.lines)) continue;
    const line = doc.line(c.line);
    const owner = c.manager === "live" ? "live drift" : `owned by ${c.manager}`;
    diagnostics.push({ from: line.from + (line.text.length - line.text.trimStart().length), to: line.to, severity: "warning", message: `Conflict (${owner}): ${c.message}`, source: "mergeplay", markClass: "mp-conflict-mark" });
  }
  return diagnostics;
}

/**
 * Puts the cursor at a line and column (1-based), scrolled to the middle, and focuses the view.
 * @param {InputView} parts
 * @param {number} lineNumber
 * @param {number} [column]
 */
export function focusAt({ view }, lineNumber, column = 1) {
  const doc = view.state.doc;
  const line = doc.line(Math.min(Math.max(1, lineNumber || 1), doc.lines));
  const pos = Math.min(line.from + Math.max(0, (column || 1) - 1), line.to);
  view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
  view.focus();
}
