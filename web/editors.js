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
  const headingId = `mp-heading-${input}`;
  const role = h("span", { class: "mp-role" });
  const name = h("span", { class: "mp-input-name", text: input });
  const hint = h("p", { class: "mp-hint", id: `mp-hint-${input}` });
  const host = h("div", { class: "mp-editor", "data-input": input });
  const problems = h("ul", { class: "mp-problems", "aria-live": "polite" });
  const dom = h("section", { class: "mp-pane mp-input", "data-pane": input, "aria-labelledby": headingId },
    h("header", { class: "mp-pane-head" }, h("h2", { id: headingId }, role, " ", name), hint),
    host,
    problems,
  );

  const readOnly = new Compartment();
  const hintText = new Compartment();
  const label = new Compartment();
  const hintOf = (r) => (r ? `${r.label}: ${r.hint}` : "");
  const labelOf = (r) => (r ? { "aria-label": `${r.label} (${input})`, "aria-describedby": hint.id } : { "aria-label": input });
  let currentRole = startRole; // the role the editor shows
  let view = null; // the CodeMirror view, once built
  let readOnlyOn = false;
  let preview = createPreview({ text, placeholder: hintOf(startRole), label: labelOf(startRole)["aria-label"] });
  const stand = standIn(host, preview.dom, { build: () => build(), press: (event) => pointAt(event) });

  /** Builds the CodeMirror view in the preview's place (once), and returns it. */
  function build() {
    if (view) return view;
    view = new EditorView({
      state: EditorState.create({
        doc: text,
        extensions: [
          baseExtensions({ nonce, onRun }),
          label.of(EditorView.contentAttributes.of(labelOf(currentRole))),
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          indentOnInput(),
          bracketMatching(),
          lintGutter(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          readOnly.of(readOnlyOn ? [EditorState.readOnly.of(true)] : []),
          hintText.of(currentRole ? placeholder(hintOf(currentRole)) : []),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(loaded))) onChange(input, update.state.doc.toString());
          }),
        ],
      }),
    });
    stand.replaceWith(view);
    preview = null;
    return view;
  }

  /** A press on the preview: the view takes its place, with the cursor where the press was. */
  function pointAt(event) {
    const v = build();
    const pos = v.posAtCoords({ x: event.clientX, y: event.clientY });
    if (pos !== null) v.dispatch({ selection: { anchor: pos } });
    event.preventDefault();
    v.focus();
  }

  let shownProblems = 0;
  setRole(startRole);

  /** Labels the editor by its role in a mode; null hides it. */
  function setRole(r) {
    dom.hidden = !r;
    if (!r) return;
    role.textContent = r.label;
    hint.textContent = r.hint;
    if (currentRole && currentRole.label === r.label && currentRole.hint === r.hint) return;
    currentRole = r;
    if (preview) preview.update({ placeholder: hintOf(r), label: labelOf(r)["aria-label"] });
    else view.dispatch({ effects: [hintText.reconfigure(placeholder(hintOf(r))), label.reconfigure(EditorView.contentAttributes.of(labelOf(r)))] });
  }

  /** Shows the problems of this input: lint diagnostics and a list under the editor. */
  function setProblems(errors, conflicts) {
    // Called with every answer: an editor that had none and gets none is left alone.
    if (shownProblems === 0 && errors.length === 0 && conflicts.length === 0) return;
    shownProblems = errors.length + conflicts.length;
    const view = build();
    const doc = view.state.doc;
    const diagnostics = [];
    for (const e of errors) {
      if (!(e.line >= 1 && e.line <= doc.lines)) continue;
      const line = doc.line(e.line);
      const from = Math.min(line.from + Math.max(0, (e.column || 1) - 1), line.to);
      diagnostics.push({ from, to: from < line.to ? line.to : from, severity: "error", message: e.message, source: "mergeplay" });
    }
    for (const c of conflicts) {
      if (!(c.line >= 1 && c.line <= doc.lines)) continue;
      const line = doc.line(c.line);
      const owner = c.manager === "live" ? "live drift" : `owned by ${c.manager}`;
      diagnostics.push({ from: line.from + (line.text.length - line.text.trimStart().length), to: line.to, severity: "warning", message: `Conflict (${owner}): ${c.message}`, source: "mergeplay", markClass: "mp-conflict-mark" });
    }
    view.dispatch(setDiagnostics(view.state, diagnostics));
    // Errors are listed under the editor too; conflicts have their own panel beside the result.
    // One item per message: the same problem at several lines lists its lines, once.
    const byMessage = new Map();
    for (const e of errors) {
      const message = String(e.message ?? "");
      if (!byMessage.has(message)) byMessage.set(message, []);
      byMessage.get(message).push(e);
    }
    replaceChildren(problems, ...[...byMessage].map(([message, at]) => problemItem(message, at)));
  }

  function problemItem(message, at) {
    const places = at.filter((e) => e.line >= 1).flatMap((e, i) => [
      i > 0 ? ", " : null,
      h("button", { type: "button", class: "mp-link", onclick: () => focusAt(e.line, e.column) },
        `line ${e.line}${e.column ? `, column ${e.column}` : ""}`),
    ]);
    return h("li", { class: "mp-problem mp-problem-error" }, ...places, places.length ? " " : null, message);
  }

  /** Puts the cursor at a line and column and focuses the editor. */
  function focusAt(lineNumber, column = 1) {
    const view = build();
    const doc = view.state.doc;
    const line = doc.line(Math.min(Math.max(1, lineNumber || 1), doc.lines));
    const pos = Math.min(line.from + Math.max(0, (column || 1) - 1), line.to);
    view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
    view.focus();
  }

  return {
    dom,
    build,
    /** The editor's text (its lines joined by LF, as CodeMirror keeps them). */
    getText: () => (view ? view.state.doc.toString() : text.replace(/\r\n?/g, "\n")),
    /** Replaces the text (an example, a link, Apply again); undo can bring the old text back. */
    setText(next) {
      if (!view && next === text) return;
      const v = build();
      if (next === v.state.doc.toString()) return;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: next }, annotations: loaded.of(true) });
    },
    setRole,
    setProblems,
    focusAt,
    /** Makes the editor read-only (embeds with readonly=1). */
    setReadOnly(on) {
      readOnlyOn = on;
      view?.dispatch({ effects: readOnly.reconfigure(on ? [EditorState.readOnly.of(true)] : []) });
    },
    destroy: () => view?.destroy(),
  };
}
