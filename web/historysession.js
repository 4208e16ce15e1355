// What the page knows of its history besides the history itself (history.js), as one value
// changed by pure functions: each step's line from the last answer (null until answered), the
// objects between the steps (the live editor shows the one before the chosen step) and the
// steps' responses, as far as the steps are still those that answer answered, and the last
// single merge's answer (the first step of a history it starts). Tested under Node;
// historyview.js holds the one session the page has.
//
// The request for an edit of step i sends only the steps from i on, on the object before step i
// (sessionRequest), when the last answer still says it: the steps before i are the same, so
// their answers are (engine/history's invariant: a step's answer is the single-mode answer to it
// on the object before it). An edit of the last step then costs one merge, not one per step.

import { addStep, chosenAnswer, historyRequest, keptBefores, objectsBetween, startHistory, stepSummary, withChosen } from "./history.js";
import { buildRequest } from "./modes.js";
import { managers } from "./ownership.js";

/**
 * @typedef {import("./history.js").History} History
 * @typedef {import("./modes.js").State} State
 * @typedef {{lines: string[], refused: string, deleted: string, owners: string[]}} StepSummary
 * @typedef {{
 *   history: History|null, summaries: (StepSummary|null)[], befores: string[],
 *   responses: object[], answered: State[], single: object|null,
 * }} Session
 * history: null while the page shows a single merge; summaries: per step; befores: the objects
 * before each step as far as known (objectsBetween); responses: the steps' responses as far as
 * known (one fewer than befores, at most); answered: the steps of the last answer, by identity;
 * single: the last single merge's request and response.
 * @typedef {{at: number, full: object, steps: State[], cached: object[]}} Asked
 * what a history request was made for: the step chosen, the whole history's request, its steps
 * (by identity) and the responses of the steps not sent (the first ones).
 */

/** The names of the managers a response shows (ownership.js), for a step's line. */
export const managerNames = (response) => managers(response).map((m) => m.name);

/**
 * A session on a history (a link's) or on none.
 * @param {History|null} history
 * @returns {Session}
 */
export function openSession(history) {
  return { history, summaries: history ? history.steps.map(() => null) : [], befores: history ? [history.live] : [], responses: [], answered: [], single: null };
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
  befores[0] = next.live;
  const responses = session.responses.slice(0, befores.length - 1);
  return { ...session, history: next, summaries: next.steps.map((s) => old.get(s) ?? null), befores, responses };
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
 * last answer (when it answers the state as it is) as step 1's line and result, and a second step
 * after it, chosen.
 * @param {Session} session
 * @param {State} state
 * @returns {Session}
 */
export function sessionStarted(session, state) {
  const first = startHistory(state);
  // The last single answer is step 1's only when it answers the state as it is now.
  const last = session.single;
  const single = last && JSON.stringify(last.request) === JSON.stringify(buildRequest(state)) ? last.response : null;
  const begun = {
    ...session, history: first, answered: first.steps,
    summaries: [single ? stepSummary(single, first.steps[0], managerNames) : null],
    befores: single ? objectsBetween(first.live, [single]) : [first.live],
    responses: single ? [single] : [],
  };
  return sessionOn(begun, addStep(first, 0));
}

/**
 * The request to send for the session's history, and what it is asked for: the steps from the
 * chosen one on, on the object before it, when the session knows that object and the answers of
 * the steps before it; else the whole history.
 * @param {Session} session a session with a history
 * @returns {{request: object, asked: Asked}}
 */
export function sessionRequest(session) {
  const history = session.history;
  const full = historyRequest(history);
  const at = history.at;
  const from = at > 0 && at < session.befores.length && session.responses.length >= at ? at : 0;
  const request = from ? { ...full, live: session.befores[from], steps: full.steps.slice(from) } : full;
  return { request, asked: { at, full, steps: history.steps, cached: session.responses.slice(0, from) } };
}

/**
 * The session after an answer, and what to show: a history's answer (the cached responses of the
 * steps not sent, then the answer's) gives each step its line, the objects between the steps and
 * their responses, as long as the session holds as many steps as were asked (a later change of
 * the steps waits for its own answer); any other answer is shown as it is.
 * @param {Session} session
 * @param {object} request the request answered
 * @param {object} response
 * @param {Asked|undefined} asked what a history request was made for; undefined: not a history
 * @returns {{session: Session, shown: {request: object, response: object}, fresh: boolean}}
 *   fresh: the session took the answer (its timeline and the object before the step changed)
 */
export function sessionAnswered(session, request, response, asked) {
  if (!asked) return { session: { ...session, single: { request, response } }, shown: { request, response }, fresh: false };
  const sent = Array.isArray(response?.steps) ? response.steps : [];
  const steps = sent.length ? [...asked.cached, ...sent] : [];
  const shown = chosenAnswer(asked.full, steps.length ? { ...response, steps } : response, asked.at);
  const history = session.history;
  if (!history || steps.length !== history.steps.length || asked.steps.length !== history.steps.length) return { session, shown, fresh: false };
  const summaries = steps.map((r, i) => stepSummary(r, history.steps[i], managerNames));
  return { session: { ...session, summaries, befores: shown.befores, responses: steps, answered: asked.steps }, shown, fresh: true };
}
