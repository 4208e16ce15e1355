// Where the state comes from after the page opened: an example from the gallery (a history
// example opens in the history view, at its last step), a pasted link,
// a switch of mode (modechange.js plans it, a notice says what happened) and "Apply again" (the
// result as the next live). Each loads the store; the data flow in main.js does the rest.

import { resolveInitial } from "./initial.js";
import { historyFromExample } from "./history.js";
import { planModeSwitch } from "./modechange.js";
import { INPUTS, applyAgain, findMode, stateFromRequest } from "./modes.js";

/**
 * Creates the navigation.
 * @param {{store: object, notice: object, status: object, answers: object,
 *   loadExamples: () => Promise<object[]>, exercise: {follow: (hash: string) => void},
 *   adoptHistory: (history: object|null) => void}} deps
 *   status: the status line ("Apply again" says what it did); answers: the last good answer;
 *   exercise: follows a link that asks for it; adoptHistory: a link's history (null: none),
 *   taken before its state is loaded
 */
export function createNavigation({ store, notice, status, answers, loadExamples, exercise, adoptHistory }) {
  function openExample(ex) {
    const story = historyFromExample(ex.request);
    if (story) {
      adoptHistory(story.history);
      store.load(story.state, ex);
      return;
    }
    const next = stateFromRequest(ex.request);
    if (next) store.load(next, ex);
  }

  /** A switch of mode, as modechange.js plans it; a notice says what happened. */
  async function switchMode(mode) {
    const examples = await loadExamples().catch(() => []);
    const state = store.get();
    const example = store.example() ?? examples.find((e) => e.name === store.exampleName()) ?? null;
    const plan = planModeSwitch({ from: state.mode, to: mode, example, unedited: store.unedited(), empty: INPUTS.every((i) => !state[i]), examples });
    if (plan.dropExample) store.dropExample();
    if (plan.open) openExample(plan.open);
    else store.setMode(mode);
    const offer = plan.offer;
    notice.show(plan.notice, offer ? { label: "Open it", run: () => openExample(offer) } : null);
  }

  /** A link pasted in the address bar: its state (or the notice saying why not). */
  async function openHash(hash) {
    const next = await resolveInitial({ hash, autosaved: null, prerendered: null, loadExamples });
    notice.show(next.notice);
    if (next.from !== "link" && next.from !== "example") return;
    const list = next.exampleName ? await loadExamples() : [];
    adoptHistory(next.history);
    store.load(next.state, list.find((e) => e.name === next.exampleName) ?? null);
    exercise.follow(hash);
  }

  /** "Apply again": the last good result becomes live, the rest stays. */
  function stepAgain() {
    const last = answers.lastGood();
    if (!last?.response.result || answers.isStale()) return;
    store.load(applyAgain(store.get(), last.response.result), null, { keepExample: true });
    status.set("info", findMode(store.get().mode).againHelp);
  }

  return { openExample, switchMode, openHash, stepAgain };
}
