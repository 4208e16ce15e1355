// The history view's wiring: the timeline (timeline.js) over the history (history.js), the
// chosen step in the page's editors and store, the object before a later step shown in the live
// editor, read-only, as the engine's answer derives it. main.js asks it for the request to send
// (the contract's history while there is one) and gives it each answer, to get the chosen step's
// own response and request to show. Any load of the store it did not make (an example, a link, a
// file, an embedder, Apply again) leaves the history, unless a link brought one (adopt).

import { h } from "./dom.js";
import { addStep, chosenAnswer, historyRequest, keptBefores, moveStep, objectsBetween, removeStep, startHistory, stepSummary, withChosen } from "./history.js";
import { findMode } from "./modes.js";
import { managers } from "./ownership.js";
import { createTimeline } from "./timeline.js";

const managerNames = (response) => managers(response).map((m) => m.name);

/**
 * Creates the history view.
 * @param {{
 *   store: ReturnType<typeof import("./state.js").createStore>,
 *   liveEditor: {setText: (t: string) => void, setRole: (r: object) => void, setReadOnly: (on: boolean) => void, dom: HTMLElement},
 *   history?: import("./history.js").History|null, readOnly?: boolean, root: HTMLElement,
 * }} config history: a link's, at the start; readOnly: the editors are (an embed's readonly=1)
 */
export function createHistoryView({ store, liveEditor, history: opening = null, readOnly = false, root }) {
  let history = opening;
  let summaries = history ? history.steps.map(() => null) : [];
  let befores = history ? [history.live] : [];
  let answeredSteps = []; // the steps the last answer answered
  let lastSingle = null; // the last answer of a single mode: a new history's first step
  let ownLoad = false;
  let adopted; // a link's history, for the load that follows adopt()
  const asked = new WeakMap(); // history request → the step chosen when it was asked
  const timeline = createTimeline({ onChoose: (i) => history && i !== history.at && apply({ ...history, at: i }), onAdd: add, onRemove: remove, onMove: (i, d) => history && apply(moveStep(history, i, d)) });
  const entry = h("button", { type: "button", class: "mp-button mp-small mp-step-entry", "data-action": "history",
    title: "Add a step after this one: another writer on the object as this one leaves it (a history)", onclick: () => add(0) }, "+ Step");
  draw();
  decorate();

  function draw() {
    root.toggleAttribute("data-history", Boolean(history));
    const rows = history ? history.steps.map((s, i) => ({ summary: summaries[i] ?? null, mode: findMode(s.mode)?.short ?? s.mode })) : [];
    timeline.update(rows, history?.at ?? 0);
  }

  /** Makes next the history (null: none), keeping what is known of the steps it keeps. */
  function replace(next) {
    const old = new Map(history ? history.steps.map((s, i) => [s, summaries[i]]) : []);
    befores = next && history ? keptBefores(answeredSteps, next.steps, befores) : next ? [next.live] : [];
    history = next;
    summaries = next ? next.steps.map((s) => old.get(s) ?? null) : [];
    draw();
  }

  /** Makes next the history and puts its chosen step into the editors. */
  function apply(next) {
    replace(next);
    const step = history.steps[history.at];
    ownLoad = true;
    try {
      store.load({ ...step, options: { ...step.options }, live: history.at === 0 ? history.live : befores[history.at] ?? "" }, null);
    } finally {
      ownLoad = false;
    }
  }

  function add(after) {
    if (history) return apply(addStep(history, after));
    const first = startHistory(store.get());
    const single = lastSingle;
    history = first;
    answeredSteps = first.steps;
    summaries = [single ? stepSummary(single.response, first.steps[0], managerNames) : null];
    befores = single ? objectsBetween(first.live, [single.response]) : [first.live];
    apply(addStep(first, 0));
  }

  function remove(i) {
    if (!history || history.steps.length < 2) return;
    const next = removeStep(history, i);
    if (next.steps.length > 1) return apply(next);
    // One step left: the history is that step alone, a single merge on the history's live.
    replace(null);
    ownLoad = true;
    try {
      store.load({ ...next.steps[0], options: { ...next.steps[0].options }, live: next.live }, null);
    } finally {
      ownLoad = false;
    }
  }

  /** The live editor says what it holds: the history's live, or the object before a later step. */
  function decorate() {
    const later = Boolean(history && history.at > 0);
    liveEditor.setReadOnly(readOnly || later);
    if (later && !liveEditor.dom.hidden) liveEditor.setRole({ label: `object before step ${history.at + 1}`, hint: "the object as the steps before left it: derived, read-only" });
  }

  return {
    dom: timeline.dom,
    /** The button beside the result's actions that starts a history (hidden in one: style.css). */
    entry,
    /** The history (null when the page shows a single merge). */
    history: () => (history ? withChosen(history, store.get()) : null),
    /** A link's history, for the store's load that follows (null: the link holds none). */
    adopt(next) {
      adopted = next ?? null;
    },
    /** The store changed (state.js's Change), after main.js applied the mode. */
    changed(change) {
      if (change === "load" && !ownLoad) {
        const next = adopted ?? null;
        adopted = undefined;
        if (next || history) replace(next);
      } else if (history && change !== "load") {
        history = withChosen(history, store.get());
      }
      decorate();
    },
    /**
     * The request to send for a state: the contract's history while there is one, else null
     * (main.js then sends the state's own request).
     */
    request(state) {
      if (!history) return null;
      const request = historyRequest(withChosen(history, state));
      asked.set(request, history.at);
      return request;
    },
    /**
     * What to show for an answer: the chosen step's response and request for a history's, the
     * same for any other. The timeline and the object before the chosen step follow the answer.
     */
    answered(request, response) {
      if (!asked.has(request)) {
        lastSingle = { request, response };
        return { request, response };
      }
      const at = asked.get(request);
      const shown = chosenAnswer(request, response, at);
      const steps = Array.isArray(response?.steps) ? response.steps : [];
      if (history && steps.length === history.steps.length) {
        befores = shown.befores;
        answeredSteps = history.steps;
        summaries = steps.map((r, i) => stepSummary(r, history.steps[i], managerNames));
        draw();
        if (history.at === at && at > 0) liveEditor.setText(befores[at]);
        decorate();
      }
      return shown;
    },
    /** Puts the focus on the timeline's steps. */
    focus: () => timeline.focus(),
  };
}
