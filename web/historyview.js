// The history view's wiring: the timeline (timeline.js) over the page's history session
// (historysession.js), the chosen step in the page's editors and store, the object before a
// later step shown in the live editor, read-only, as the engine's answer derives it. main.js asks
// it for the request to send (the contract's history while there is one) and gives it each
// answer, to get the chosen step's own response and request to show. Any load of the store it
// did not make (an example, a link, a file, an embedder) leaves the history, unless a link
// brought one (adopt).

import { h } from "./dom.js";
import { addStep, moveStep, removeStep, withChosen } from "./history.js";
import { openSession, sessionAnswered, sessionEdited, sessionOn, sessionRequest, sessionStarted } from "./historysession.js";
import { findMode } from "./modes.js";
import { createTimeline } from "./timeline.js";

/**
 * Creates the history view.
 * @param {{
 *   store: ReturnType<typeof import("./state.js").createStore>,
 *   liveEditor: {setText: (t: string) => void, setRole: (r: object) => void, setReadOnly: (on: boolean) => void, dom: HTMLElement},
 *   history?: import("./history.js").History|null, readOnly?: boolean, root: HTMLElement,
 * }} config history: a link's, at the start; readOnly: the editors are (an embed's readonly=1)
 */
export function createHistoryView({ store, liveEditor, history = null, readOnly = false, root }) {
  /** @type {View} */
  const view = { session: openSession(history), ownLoad: false, adopted: undefined, asked: new WeakMap(), store, liveEditor, readOnly, liveReadOnly: readOnly, root, timeline: null };
  const onAdd = (after) => show(view, view.session.history ? sessionOn(view.session, addStep(view.session.history, after)) : sessionStarted(view.session, store.get()));
  const on = (op) => (...args) => view.session.history && op(view.session.history, ...args);
  view.timeline = createTimeline({
    onChoose: on((hist, i) => i !== hist.at && show(view, sessionOn(view.session, { ...hist, at: i }))),
    onAdd,
    onRemove: on((hist, i) => hist.steps.length > 1 && show(view, sessionOn(view.session, removeStep(hist, i)))),
    onMove: on((hist, i, delta) => show(view, sessionOn(view.session, moveStep(hist, i, delta)))),
  });
  const entry = h("button", { type: "button", class: "mp-button mp-small mp-step-entry", "data-action": "history",
    title: "Add a step after this one: another writer on the object as this one leaves it (a history)", onclick: () => onAdd(0) }, "+ Step");
  draw(view);
  decorate(view);
  return {
    dom: view.timeline.dom,
    /** The button beside the result's actions that starts a history (hidden in one: style.css). */
    entry,
    /** The history (null when the page shows a single merge). */
    history: () => (view.session.history ? withChosen(view.session.history, store.get()) : null),
    /** A link's history, for the store's load that follows (null: the link holds none). */
    adopt(next) {
      view.adopted = next ?? null;
    },
    /** The store changed (state.js's Change), after main.js applied the mode. */
    changed: (change) => changed(view, change),
    /**
     * The request to send for a state: the contract's history while there is one (from the step
     * shown on, when the steps before it are answered: historysession.js), else null.
     */
    request(state) {
      if (!view.session.history) return null;
      view.session = sessionEdited(view.session, state);
      const { request, asked } = sessionRequest(view.session);
      view.asked.set(request, asked);
      return request;
    },
    /** What to show for an answer: the chosen step's response and request for a history's. */
    answered: (request, response) => answered(view, request, response),
    /** Puts the focus on the timeline's steps. */
    focus: () => view.timeline.focus(),
  };
}

/**
 * @typedef {{
 *   session: import("./historysession.js").Session, ownLoad: boolean, adopted: object|null|undefined,
 *   asked: WeakMap<object, import("./historysession.js").Asked>, store: object, liveEditor: object, readOnly: boolean,
 *   liveReadOnly: boolean, root: HTMLElement, timeline: ReturnType<typeof createTimeline>|null,
 * }} View
 * The history view's state: the session; ownLoad while it loads the store itself; adopted: a
 * link's history for the load that follows; asked: what each history request was made for
 * (historysession.js); liveReadOnly: what the live editor was last set to.
 */

/** Takes a new session and puts its chosen step into the editors (one step left: no history). */
function show(view, next) {
  const hist = next.history;
  const single = hist.steps.length === 1;
  view.session = single ? sessionOn(next, null) : next;
  draw(view);
  const step = hist.steps[single ? 0 : hist.at];
  const live = single || hist.at === 0 ? hist.live : view.session.befores[hist.at] ?? "";
  view.ownLoad = true;
  try {
    view.store.load({ ...step, options: { ...step.options }, live }, null);
  } finally {
    view.ownLoad = false;
  }
}

/** A change of the store: a load it did not make leaves the history (or opens a link's). */
function changed(view, change) {
  if (change === "load" && !view.ownLoad) {
    const next = view.adopted ?? null;
    view.adopted = undefined;
    if (next || view.session.history) view.session = sessionOn(openSession(null), next);
    draw(view);
  } else if (change !== "load") {
    view.session = sessionEdited(view.session, view.store.get());
  }
  decorate(view);
}

/** An answer: the session takes it; the chosen step's response and request are shown. */
function answered(view, request, response) {
  const asked = view.asked.get(request);
  const next = sessionAnswered(view.session, request, response, asked);
  view.session = next.session;
  if (next.fresh) {
    const at = asked.at;
    draw(view);
    if (view.session.history.at === at && at > 0) view.liveEditor.setText(view.session.befores[at]);
    decorate(view);
  }
  return next.shown;
}

/** Draws the timeline from the session; <html data-history> while there is a history. */
function draw({ session, timeline, root }) {
  const { history, summaries } = session;
  root.toggleAttribute("data-history", Boolean(history));
  const rows = history ? history.steps.map((s, i) => ({ summary: summaries[i] ?? null, mode: findMode(s.mode)?.short ?? s.mode })) : [];
  timeline.update(rows, history?.at ?? 0);
}

/**
 * The live editor says what it holds: the history's live, or the object before a later step.
 * Its read-only switch is touched only when it changes (a change of the store comes with each key).
 */
function decorate(view) {
  const { session, liveEditor, readOnly } = view;
  const history = session.history;
  const later = Boolean(history && history.at > 0);
  if (view.liveReadOnly !== (readOnly || later)) liveEditor.setReadOnly(readOnly || later);
  view.liveReadOnly = readOnly || later;
  if (later && !liveEditor.dom.hidden) {
    const none = (session.befores[history.at] ?? "") === "";
    liveEditor.setRole({ label: `object before step ${history.at + 1}`,
      hint: none ? "no object: none yet, or the steps before deleted it (derived, read-only)" : "the object as the steps before left it: derived, read-only" });
  }
}
