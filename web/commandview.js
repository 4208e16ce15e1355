// The command view, below the result: the command lines the answer stands for (the response's
// `commands`: kubectl apply, kubectl apply --server-side, kubectl patch, kpt pkg update, helm
// upgrade), each with what kubectl prints for every resource and, when the API server refuses,
// kubectl's message; and the Reproduce action, which asks the engine for the reproduce script
// (`request.reproduce`) of the request whose answer is shown (not of the editors as they are
// now, which may hold an edit not answered yet or one the engine refused) and downloads it; in a
// history, a second action downloads the whole history's script (every step, checked after each).
// Every text goes in as text, never as HTML.

import { copyButton, h, replaceChildren, setText } from "./dom.js";
import { findMode } from "./modes.js";

/**
 * The commands of a response, read defensively (pure).
 * @param {object|null} response
 * @returns {{tool: string, line: string, about: string, output: string[], error: string, warnings: string[]}[]}
 */
export function commandItems(response) {
  const list = Array.isArray(response?.commands) ? response.commands : [];
  const str = (v) => (typeof v === "string" ? v : "");
  return list.filter((c) => c && typeof c === "object" && str(c.line)).map((c) => ({
    tool: str(c.tool),
    line: str(c.line),
    about: str(c.about),
    output: Array.isArray(c.output) ? c.output.filter((l) => typeof l === "string") : [],
    error: str(c.error),
    warnings: Array.isArray(c.warnings) ? c.warnings.filter((l) => typeof l === "string") : [],
  }));
}

/**
 * Whether the answered mode has a reproduce script (its operation runs against a cluster), as
 * the engine's descriptor of the mode says.
 * @param {string} mode
 */
export function reproducible(mode) {
  return findMode(mode)?.reproducible === true;
}

/** The two reproduce actions: the answer's own script, and a history's whole one (hidden until a history is shown). */
function reproduceButtons() {
  return {
    reproduce: h("button", { type: "button", class: "mp-button mp-small", "data-action": "reproduce", disabled: true,
      title: "A POSIX sh script: on an empty test cluster (kind, minikube, k3d) it creates live, runs the command and compares the cluster's object with this result, field by field" }, "Reproduce on a cluster (.sh)"),
    whole: h("button", { type: "button", class: "mp-button mp-small", "data-action": "reproduce-history", hidden: true,
      title: "A POSIX sh script: on an empty test cluster it creates the history's live, runs every step's commands in order and, after each step, compares the cluster's object (values and owners) with the playground's" }, "Reproduce the whole history (.sh)"),
  };
}

/**
 * Asks for a request's script, the note saying what happened; after() re-enables the buttons.
 * @param {{onReproduce: (request: object) => Promise<string>, note: HTMLElement, button: HTMLButtonElement, request: object, done: string, after: () => void}} args
 */
async function askScript({ onReproduce, note, button, request, done, after }) {
  button.disabled = true;
  note.textContent = "Writing the script…";
  try {
    const script = await onReproduce(request);
    note.textContent = script ? done : "The engine wrote no script for this answer.";
  } catch (err) {
    note.textContent = `No script: ${err?.message ?? err}`;
  } finally {
    after();
  }
}

/**
 * Creates the command view.
 * @param {{onReproduce: (request: object) => Promise<string>}} config onReproduce asks for the
 *   reproduce script of the answered request it is given and resolves to the script's text ("" when
 *   the engine wrote none)
 */
export function createCommandView({ onReproduce }) {
  const list = h("div", { class: "mp-commands-list" });
  const note = h("p", { class: "mp-commands-note", role: "status" });
  const { reproduce, whole } = reproduceButtons();
  let canReproduce = false;
  let answered = null; // the request whose commands are shown
  let history = null; // the history request shown, null when the page shows a single merge
  let drawn = ""; // the commands the list shows, as JSON: an answer with the same keeps its DOM
  let drawnFrom = null; // the response's commands they were drawn from
  const ask = (button, request, done) => askScript({ onReproduce, note, button, request, done, after: () => {
    reproduce.disabled = !canReproduce;
    whole.disabled = false;
  } });
  reproduce.addEventListener("click", () => ask(reproduce, answered, "Downloaded mergeplay-reproduce.sh: run it with sh, kubectl's context set to a test cluster."));
  whole.addEventListener("click", () => history && ask(whole, history, "Downloaded mergeplay-reproduce.sh: the whole history, every step checked on the cluster; run it with sh, kubectl's context set to a test cluster."));
  const dom = h("section", { class: "mp-commands", "aria-label": "Command" },
    h("div", { class: "mp-commands-head" }, h("h2", { class: "mp-commands-title", text: "At the terminal" }), reproduce, whole),
    list, note);

  return {
    dom,
    /**
     * Shows an answer's commands. A response with errors keeps the last ones shown (and
     * Reproduce keeps their request), unless it carries the command kubectl itself refuses
     * (a config whose metadata kubectl cannot decode), which is shown with kubectl's message
     * and no script.
     * @param {object} response
     * @param {{mode: string}} request the request it answers
     */
    update(response, request) {
      const failed = Array.isArray(response?.errors) && response.errors.length > 0;
      const items = commandItems(response);
      if (failed && !items.length) return;
      // The commands a delta left as they were are not written as JSON again (4,200 on a long stream).
      if (response?.commands !== drawnFrom) {
        const key = JSON.stringify(items);
        if (key !== drawn) drawCommands(list, items);
        drawn = key;
        drawnFrom = response?.commands;
      }
      answered = request;
      // The API server's refusal (its text is not kubectl's "error: ...") replays on a cluster.
      const serverRefused = failed && items.length > 0 && items.every((c) => c.error && !c.error.startsWith("error: "));
      canReproduce = (!failed || serverRefused) && reproducible(request?.mode) && items.length > 0;
      if (reproduce.disabled === canReproduce) reproduce.disabled = !canReproduce;
      if (serverRefused) setText(note, "The API server refuses the object: the script replays the refusal on a cluster.");
      else if (failed) setText(note, "kubectl refuses this config before it sends anything: there is nothing to reproduce on a cluster.");
      else setText(note, canReproduce || !items.length ? "" : "This mode changes no cluster object through kubectl: there is no script to reproduce it.");
    },
    /**
     * The history shown (its contract request), whose whole reproduce script the second button
     * asks for; null hides the button (a single merge).
     * @param {object|null} request
     */
    setHistory(request) {
      history = request;
      if (whole.hidden !== !request) whole.hidden = !request;
    },
  };
}

/** The list of commands: each one's line (with a copy button), warnings, output and error. */
function drawCommands(list, items) {
  replaceChildren(list, ...items.map((c) => h("div", { class: "mp-command", "data-tool": c.tool },
    c.about ? h("p", { class: "mp-command-about", text: c.about }) : null,
    h("div", { class: "mp-command-line" }, h("pre", { text: `$ ${c.line}` }), copyButton("Copy", () => c.line, "the command")),
    c.warnings.length ? h("pre", { class: "mp-command-warning", text: c.warnings.join("\n") }) : null,
    c.output.length ? h("pre", { class: "mp-command-output", text: c.output.join("\n") }) : null,
    c.error ? h("pre", { class: "mp-command-error", text: c.error }) : null,
  )));
}
