// The three input editors. Each is labelled by the role its input plays in the current mode
// (a mode descriptor's `inputs`), hidden when the mode does not use it, and shows the engine's
// errors and conflicts as lint diagnostics at their line and column. The page never changes an
// editor's text on its own: only the user, an example, a link, "Apply again" or an embedder do.
//
// An editor starts as a preview of its text (preview.js: the same lines, numbers and colours,
// read-only) and builds its CodeMirror view (editorview.js, in the second bundle, views.js) when
// told to (`build`: the page does once it has shown its first answer) or when the reader goes to
// it (focus, press, wheel, a problem's line). What is asked of it before then waits for the view
// and is done in order when it comes: a loaded text, the latest problems, the cursor, what the
// reader typed into the preview meanwhile (preview.js's standIn keeps it).

import { h, replaceChildren, setText as writeText } from "./dom.js";
import { createPreview, standIn } from "./preview.js";

/**
 * @typedef {{input: string, line: number, column: number, message: string}} InputError
 * @typedef {{line: number, message: string, path: string, manager: string}} InputConflict
 */

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
    current: text.replace(/\r\n?/g, "\n"), // the text, before the view is built (LF line breaks, as CodeMirror keeps them)
    loads: [], // the texts loaded before the view is built, in order
    diagnostics: null, // the latest problems, before the view is built
    currentRole: startRole, // the role the editor shows
    views: null, parts: null, building: null, // the second bundle, the view's parts (editorview.js), once built
    readOnlyOn: false,
    shownProblems: 0,
    preview: createPreview({ text, placeholder: hintOf(startRole), label: labelOf(e, startRole)["aria-label"] }),
  });
  e.stand = standIn(e.host, e.preview.dom, { build: () => buildEditor(e), lineAt: (event) => e.preview?.lineAt(event) ?? null });
  setRole(e, startRole);
  return {
    dom: e.dom,
    /** Builds the view (once); resolves when it is built (null when the second bundle failed). */
    build: () => buildEditor(e),
    /** The editor's text (its lines joined by LF, as CodeMirror keeps them). */
    getText: () => (e.parts ? e.parts.view.state.doc.toString() : e.current),
    /** Replaces the text (an example, a link, Apply again); undo can bring the old text back. */
    setText: (next) => setText(e, next),
    /** Labels the editor by its role in a mode; null hides it. */
    setRole: (r) => setRole(e, r),
    /** Shows the problems of this input: lint diagnostics and a list under the editor. */
    setProblems: (errors, conflicts) => setProblems(e, errors, conflicts),
    /** Puts the cursor at a line and column and focuses the editor. */
    focusAt: (lineNumber, column) => focusAt(e, lineNumber, column),
    /** Makes the editor read-only (embeds with readonly=1). */
    setReadOnly(on) {
      e.readOnlyOn = on;
      if (e.parts) e.views.setReadOnly(e.parts, on);
    },
    destroy: () => e.parts?.view.destroy(),
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

/**
 * Builds the CodeMirror view in the preview's place (once), with what was asked of the editor
 * meanwhile; resolves to the view, or to null when the second bundle could not be loaded (the
 * preview stays, and the next focus tries again).
 */
function buildEditor(e) {
  e.building ??= import("./views.js").then((views) => e.parts?.view ?? createView(e, views), (err) => {
    console.error(err);
    e.building = null;
    return null;
  });
  return e.building;
}

function createView(e, views) {
  e.views = views;
  e.parts = views.createInputView({
    text: e.text, nonce: e.nonce, label: labelOf(e, e.currentRole), hint: hintOf(e.currentRole), readOnly: e.readOnlyOn,
    onChange: (text) => e.onChange(e.input, text), onRun: e.onRun,
  });
  for (const text of e.loads.splice(0)) views.loadText(e.parts, text);
  if (e.diagnostics) views.showProblems(e.parts, e.diagnostics.errors, e.diagnostics.conflicts);
  e.diagnostics = null;
  e.stand.replaceWith(e.parts.view, views.takeOver);
  e.preview = null;
  return e.parts.view;
}

function setText(e, next) {
  if (e.parts) {
    e.views.loadText(e.parts, next);
    return;
  }
  const lf = next.replace(/\r\n?/g, "\n");
  if (lf === e.current) return;
  e.current = lf;
  e.loads.push(next);
  e.preview.update({ text: next });
}

function setRole(e, r) {
  if (e.dom.hidden !== !r) e.dom.hidden = !r;
  if (!r) return;
  writeText(e.role, r.label);
  writeText(e.hint, r.hint);
  const current = e.currentRole;
  if (current && current.label === r.label && current.hint === r.hint) return;
  e.currentRole = r;
  if (e.parts) e.views.showRole(e.parts, labelOf(e, r), hintOf(r));
  else e.preview.update({ placeholder: hintOf(r), label: labelOf(e, r)["aria-label"] });
}

function setProblems(e, errors, conflicts) {
  // Called with every answer: an editor that had none and gets none is left alone.
  if (e.shownProblems === 0 && errors.length === 0 && conflicts.length === 0) return;
  e.shownProblems = errors.length + conflicts.length;
  if (e.parts) e.views.showProblems(e.parts, errors, conflicts);
  else e.diagnostics = { errors, conflicts };
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

function problemItem(e, message, at) {
  const places = at.filter((err) => err.line >= 1).flatMap((err, i) => [
    i > 0 ? ", " : null,
    h("button", { type: "button", class: "mp-link", onclick: () => focusAt(e, err.line, err.column) },
      `line ${err.line}${err.column ? `, column ${err.column}` : ""}`),
  ]);
  return h("li", { class: "mp-problem mp-problem-error" }, ...places, places.length ? " " : null, message);
}

/** The cursor at a line and column (1-based), focused: at once, or when the view comes. */
function focusAt(e, lineNumber, column = 1) {
  if (e.parts) e.views.focusAt(e.parts, lineNumber, column);
  else e.stand.pointTo({ line: lineNumber || 1, column: Math.max(0, (column || 1) - 1), center: true });
}
