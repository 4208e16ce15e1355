// What the page knows of its history besides the history itself (history.js), as one value
// changed by pure functions: each step's line from the last answer (null until answered), the
// objects between the steps (the live editor shows the one before the chosen step), the steps
// that answer answered, and the last single merge's answer (the first step of a history it
// starts). Tested under Node; historyview.js holds the one session the page has.

import { addStep, chosenAnswer, keptBefores, objectsBetween, startHistory, stepSummary, withChosen } from "./history.js";
import { managers } from "./ownership.js";

/**
 * @typedef {import("./history.js").History} History
 * @typedef {import("./modes.js").State} State
 * @typedef {{lines: string[], refused: string, owners: string[]}} StepSummary
 * @typedef {{
 *   history: History|null, summaries: (StepSummary|null)[], befores: string[],
 *   answered: State[], single: object|null,
 * }} Session
 * history: null while the page shows a single merge; summaries: per step; befores: the objects
 * before each step as far as known (objectsBetween); answered: the steps of the last answer, by
 * identity; single: the last single merge's response.
 */

/** The names of the managers a response shows (ownership.js), for a step's line. */
export const managerNames = (response) => managers(response).map((m) => m.name);

/**
 * A session on a history (a link's) or on none.
 * @param {History|null} history
 * @returns {Session}
 */
export function openSession(history) {
  return { history, summaries: history ? history.steps.map(() => null) : [], befores: history ? [history.live] : [], answered: [], single: null };
}

/**
 * The session on another history (null: none): the lines of the steps it keeps, and the objects
 * before its steps as far as the last answer still says them (keptBefores).
 * @param {Session} session
 * @param {History|null} next
 * @returns {Session}
 */
export function sessionOn(session, next) {
  if (!next) return { ...openSession(null), single: session.single };
  const old = new Map(session.history ? session.history.steps.map((s, i) => [s, session.summaries[i]]) : []);
  const befores = session.history ? keptBefores(session.answered, next.steps, session.befores) : [next.live];
  return { ...session, history: next, summaries: next.steps.map((s) => old.get(s) ?? null), befores };
}

/**
 * The session with the editors' state as its chosen step (an edit, an option, a mode).
 * @param {Session} session
 * @param {State} state
 * @returns {Session}
 */
export function sessionEdited(session, state) {
  return session.history ? { ...session, history: withChosen(session.history, state) } : session;
}

/**
 * The history a single merge becomes when a step is added after it: the state as step 1, its
 * last answer as step 1's line and result, and a second step after it, chosen.
 * @param {Session} session
 * @param {State} state
 * @returns {Session}
 */
export function sessionStarted(session, state) {
  const first = startHistory(state);
  const single = session.single;
  const begun = {
    ...session, history: first, answered: first.steps,
    summaries: [single ? stepSummary(single, first.steps[0], managerNames) : null],
    befores: single ? objectsBetween(first.live, [single]) : [first.live],
  };
  return sessionOn(begun, addStep(first, 0));
}

/**
 * The session after an answer, and what to show: a history's answer gives each step its line
 * and the objects between the steps, as long as it answers as many steps as the session holds
 * (a later change of the steps waits for its own answer); any other answer is shown as it is.
 * @param {Session} session
 * @param {object} request the request answered
 * @param {object} response
 * @param {number|undefined} at the step chosen when a history was asked; undefined: not a history
 * @returns {{session: Session, shown: {request: object, response: object}, fresh: boolean}}
 *   fresh: the session took the answer (its timeline and the object before the step changed)
 */
export function sessionAnswered(session, request, response, at) {
  if (at === undefined) return { session: { ...session, single: response }, shown: { request, response }, fresh: false };
  const shown = chosenAnswer(request, response, at);
  const steps = Array.isArray(response?.steps) ? response.steps : [];
  const history = session.history;
  if (!history || steps.length !== history.steps.length) return { session, shown, fresh: false };
  const summaries = steps.map((r, i) => stepSummary(r, history.steps[i], managerNames));
  return { session: { ...session, summaries, befores: shown.befores, answered: history.steps }, shown, fresh: true };
}
