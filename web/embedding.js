// Embedding as a feature of the page: the postMessage bridge with a parent page (an embedder's
// `mergeplay:set` loads a state; the page posts each answer and the exercise's score) and the
// Embed button's dialog with the iframe snippet. The parsing and validation are embed.js's (pure).

import { createEmbedBridge, mergeMessage } from "./embed.js";
import { createEmbedDialog } from "./embeddialog.js";
import { findMode } from "./modes.js";
import { encodeShare } from "./share.js";

/**
 * Creates the embedding feature.
 * @param {{win: Window, pageURL: string, embedded: boolean, store: object,
 *   lastResponse: () => object|null, history: () => object|null}} deps
 *   embedded: the page was opened as an embed (it reports its height); lastResponse: the last
 *   good answer, for `mergeplay:get`; history: the history open (null: none), which the
 *   snippet's link carries
 */
export function createEmbedding({ win, pageURL, embedded, store, lastResponse, history }) {
  const dialog = createEmbedDialog();
  const bridge = createEmbedBridge({
    win,
    onSet: (message) => store.load(mergeMessage(store.get(), message), null),
    getState: () => store.get(),
    getResponse: lastResponse,
    reportHeight: embedded,
  });

  /** The Embed button: the dialog with the snippet for the state. */
  async function open() {
    const state = store.get();
    const title = `mergeplay: ${store.example()?.title ?? findMode(state.mode).title}`;
    dialog.open({ base: pageURL, fragment: await encodeShare(state, history()), mode: state.mode, title });
  }

  return { dom: dialog.dom, open, postResult: (response) => bridge.postResult(response), postScore: (score) => bridge.postScore(score) };
}
