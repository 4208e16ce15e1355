// The three input editors. Each is labelled by the role its input plays in the current mode
// (a mode descriptor's `inputs`), hidden when the mode does not use it, and shows the engine's
// errors and conflicts as lint diagnostics at their line and column. The page never changes an
// editor's text on its own: only the user, an example, a link, "Apply again" or an embedder do.
//
// An editor starts as a preview of its text (preview.js: the same lines, numbers and colours,
// read-only) and builds its CodeMirror view when told to (`build`: the page does once it has
// shown its first answer), when the reader goes to it (focus, click, scroll), or when it is asked
// for something only the view does (a new text, problems, the cursor, read-only).

import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder } from "@codemirror/view";
import { Annotation, Compartment, EditorState } from "@codemirror/state";
import { bracketMatching, indentOnInput } from "@codemirror/language";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { baseExtensions } from "./cm.js";
import { h, replaceChildren } from "./dom.js";
import { createPreview, standIn } from "./preview.js";

/**
 * @typedef {{input: string, line: number, column: number, message: string}} InputError
 * @typedef {{line: number, message: string, path: string, manager: string}} InputConflict
 */

/**
 * Marks a text the page loaded (an example, a link, Apply again): not the reader's edit, so
 * onChange is not called for it (CodeMirror reads CRLF as LF; the state keeps what was loaded).
 */
const loaded = Annotation.define();

/**
 * Creates the editor of one input.
 * @param {{
 *   input: "original"|"updated"|"live"|"schema", text: string, nonce: string,
 *   role?: {label: string, hint: string}|null,
 *   onChange: (input: string, text: string) => void, onRun: () => void,
 * }} config role: the role it starts with (as setRole)
 */
export function createInputEditor({ input, text, nonce, role: startRole = null, onChange, onRun }) {
  const e = editorParts(input);
  Object.assign(e, {
    input, text, nonce, onChange, onRun,
    readOnly: new Compartment(), hintText: new Compartment(), label: new Compartment(),
    currentRole: startRole, // the role the editor shows
    view: null, // the CodeMirror view, once built
    readOnlyOn: false,
    shownProblems: 0,
    preview: createPreview({ text, placeholder: hintOf(startRole), label: labelOf(e, startRole)["aria-label"] }),
  });
  e.stand = standIn(e.host, e.preview.dom, { build: () => buildEditor(e), press: (event) => pointAt(e, event) });
  setRole(e, startRole);
  return {
    dom: e.dom,
    build: () => buildEditor(e),
    /** The editor's text (its lines joined by LF, as CodeMirror keeps them). */
    getText: () => (e.view ? e.view.state.doc.toString() : text.replace(/\r\n?/g, "\n")),
    /** Replaces the text (an example, a link, Apply again); undo can bring the old text back. */
    setText(next) {
      if (!e.view && next === text) return;
      const v = buildEditor(e);
      if (next === v.state.doc.toString()) return;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: next }, annotations: loaded.of(true) });
    },
    /** Labels the editor by its role in a mode; null hides it. */
    setRole: (r) => setRole(e, r),
    /** Shows the problems of this input: lint diagnostics and a list under the editor. */
    setProblems: (errors, conflicts) => setProblems(e, errors, conflicts),
    /** Puts the cursor at a line and column and focuses the editor. */
    focusAt: (lineNumber, column) => focusAt(e, lineNumber, column),
    /** Makes the editor read-only (embeds with readonly=1). */
    setReadOnly(on) {
      e.readOnlyOn = on;
      e.view?.dispatch({ effects: e.readOnly.reconfigure(on ? [EditorState.readOnly.of(true)] : []) });
    },
    destroy: () => e.view?.destroy(),
  };
}

/** The editor's pane: its heading (role and input's name), hint, editor host and problem list. */
function editorParts(input) {
  const headingId = `mp-heading-${input}`;
  const e = {
    role: h("span", { class: "mp-role" }),
    hint: h("p", { class: "mp-hint", id: `mp-hint-${input}` }),
    host: h("div", { class: "mp-editor", "data-input": input }),
    problems: h("ul", { class: "mp-problems", "aria-live": "polite" }),
  };
  e.dom = h("section", { class: "mp-pane mp-input", "data-pane": input, "aria-labelledby": headingId },
    h("header", { class: "mp-pane-head" }, h("h2", { id: headingId }, e.role, " ", h("span", { class: "mp-input-name", text: input })), e.hint),
    e.host,
    e.problems,
  );
  return e;
}

const hintOf = (r) => (r ? `${r.label}: ${r.hint}` : "");
const labelOf = (e, r) => (r ? { "aria-label": `${r.label} (${e.input})`, "aria-describedby": e.hint.id } : { "aria-label": e.input });

/** Builds the CodeMirror view in the preview's place (once), and returns it. */
function buildEditor(e) {
  if (e.view) return e.view;
  e.view = new EditorView({
    state: EditorState.create({
      doc: e.text,
      extensions: [
        baseExtensions({ nonce: e.nonce, onRun: e.onRun }),
        e.label.of(EditorView.contentAttributes.of(labelOf(e, e.currentRole))),
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        indentOnInput(),
        bracketMatching(),
        lintGutter(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        e.readOnly.of(e.readOnlyOn ? [EditorState.readOnly.of(true)] : []),
        e.hintText.of(e.currentRole ? placeholder(hintOf(e.currentRole)) : []),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(loaded))) e.onChange(e.input, update.state.doc.toString());
        }),
      ],
    }),
  });
  e.stand.replaceWith(e.view);
  e.preview = null;
  return e.view;
}

/** A press on the preview: the view takes its place, with the cursor where the press was. */
function pointAt(e, event) {
  const v = buildEditor(e);
  const pos = v.posAtCoords({ x: event.clientX, y: event.clientY });
  if (pos !== null) v.dispatch({ selection: { anchor: pos } });
  event.preventDefault();
  v.focus();
}

function setRole(e, r) {
  e.dom.hidden = !r;
  if (!r) return;
  e.role.textContent = r.label;
  e.hint.textContent = r.hint;
  const current = e.currentRole;
  if (current && current.label === r.label && current.hint === r.hint) return;
  e.currentRole = r;
  if (e.preview) e.preview.update({ placeholder: hintOf(r), label: labelOf(e, r)["aria-label"] });
  else e.view.dispatch({ effects: [e.hintText.reconfigure(placeholder(hintOf(r))), e.label.reconfigure(EditorView.contentAttributes.of(labelOf(e, r)))] });
}

function setProblems(e, errors, conflicts) {
  // Called with every answer: an editor that had none and gets none is left alone.
  if (e.shownProblems === 0 && errors.length === 0 && conflicts.length === 0) return;
  e.shownProblems = errors.length + conflicts.length;
  const view = buildEditor(e);
  view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state.doc, errors, conflicts)));
  // Errors are listed under the editor too; conflicts have their own panel beside the result.
  // One item per message: the same problem at several lines lists its lines, once.
  const byMessage = new Map();
  for (const err of errors) {
    const message = String(err.message ?? "");
    if (!byMessage.has(message)) byMessage.set(message, []);
    byMessage.get(message).push(err);
  }
  replaceChildren(e.problems, ...[...byMessage].map(([message, at]) => problemItem(e, message, at)));
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

function problemItem(e, message, at) {
  const places = at.filter((err) => err.line >= 1).flatMap((err, i) => [
    i > 0 ? ", " : null,
    h("button", { type: "button", class: "mp-link", onclick: () => focusAt(e, err.line, err.column) },
      `line ${err.line}${err.column ? `, column ${err.column}` : ""}`),
  ]);
  return h("li", { class: "mp-problem mp-problem-error" }, ...places, places.length ? " " : null, message);
}

function focusAt(e, lineNumber, column = 1) {
  const view = buildEditor(e);
  const doc = view.state.doc;
  const line = doc.line(Math.min(Math.max(1, lineNumber || 1), doc.lines));
  const pos = Math.min(line.from + Math.max(0, (column || 1) - 1), line.to);
  view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
  view.focus();
}
