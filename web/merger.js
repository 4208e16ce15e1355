// The merge loop's one step: the store's state sent to the engine, the answer handed to the
// presenter, the reader's wait told to the progress line and the answer's time to the scheduler
// (which calls merge). The editors' and the result's CodeMirror views are built once the first
// answer (or failure) has been painted, each in a task of its own, off its way: the result's
// first, which loads the second bundle (views.js).
// A part the answer left out (its diff, its patches: partsToSkip) is asked for here, for its tab.

import { afterPaint } from "./dom.js";
import { partsToSkip } from "./engine.js";
import { buildRequest } from "./modes.js";

/**
 * Creates the merge step.
 * @param {{engine: object, store: object, output: object, answers: object, progress: object,
 *   history: {request: (state: object) => object|null, answered: (request: object, response: object) => {request: object, response: object}},
 *   views: () => Array<{build: () => Promise<unknown>}>, onShown: () => void, onAnswered: (ms: number) => void}} deps
 *   history: the history view (historyview.js): the request of the history open (null: none),
 *   and the step's answer to show from the history's;
 *   views: the views to build after the first answer, in order; onShown: an answer was drawn (what
 *   follows it draws too, as the exercise); onAnswered: the engine's time plus the drawing's (the
 *   scheduler's measure)
 */
export function createMerger({ engine, store, output, answers, progress, history, views, onShown, onAnswered }) {
  let viewsBuilt = false;

  /** Sends the state to the engine and shows the answer (the latest request wins). */
  async function merge() {
    const request = history.request(store.get()) ?? buildRequest(store.get());
    const skip = partsToSkip(output.selectedTab());
    const editedAt = progress.editedAt();
    const change = progress.lastChange();
    try {
      const response = await engine.request({ ...request, skip });
      const t0 = performance.now();
      const shown = history.answered(request, response);
      answers.show(shown.response, shown.request, { elapsed: engine.lastDuration(), waited: editedAt === null ? null : t0 - editedAt, change });
      progress.settled(editedAt);
      onShown();
      onAnswered(engine.lastDuration() + performance.now() - t0);
    } catch (err) {
      if (err?.code !== "superseded") {
        answers.fail(err);
        progress.settled(editedAt);
      }
    }
    buildViewsSoon();
  }

  function buildViewsSoon() {
    if (viewsBuilt) return;
    viewsBuilt = true;
    const waiting = views();
    // The first build loads the second bundle (views.js); each view is then built in a task of
    // its own, so that a key pressed meanwhile waits for one view's build at most.
    afterPaint(async function next() {
      await waiting.shift().build();
      if (waiting.length) setTimeout(next, 0);
    });
  }

  /** Gets a part the answer shown left out (its diff or patches), for its tab. */
  async function complete(response, part) {
    const last = answers.lastGood();
    if (last?.response !== response) return null;
    return engine.complete(last.request, response, part);
  }

  return { merge, complete };
}
