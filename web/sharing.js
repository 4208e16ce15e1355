// Sharing: the fragment that reproduces the state (`#example=<name>` while an example is
// unedited, else the encoded state and the history, when there is one; share.js), which the
// address bar keeps, and the Share button's dialog with the link copied (sharedialog.js).

import { copyText } from "./dom.js";
import { encodeShare } from "./share.js";
import { createShareDialog } from "./sharedialog.js";

/**
 * Creates the sharing feature.
 * @param {{pageURL: string, store: object, exerciseFragment: (state: string) => string,
 *   syncAddress: () => Promise<void>, history: () => object|null, adoptHistory: (history: object|null) => void}} deps
 *   exerciseFragment: the fragment with what the exercise adds; syncAddress: the address bar
 *   brought up to date before the link is shown; history: the history open (null: none);
 *   adoptHistory: a state file's history taken before its state is loaded
 */
export function createSharing({ pageURL, store, exerciseFragment, syncAddress, history, adoptHistory }) {
  const dialog = createShareDialog({ onOpenFile: (state, fileHistory) => { adoptHistory(fileHistory); store.load(state, null); } });

  /** The fragment that reproduces the state: #example=<name> while an example is unedited. */
  async function fragment() {
    const state = store.unedited() ? `example=${store.exampleName()}` : await encodeShare(store.get(), history());
    return exerciseFragment(state);
  }

  /** The Share button: the link copied and the dialog opened. */
  async function open() {
    await syncAddress();
    const url = `${pageURL}#${await fragment()}`;
    const copied = await copyText(url);
    const example = store.unedited() ? store.example() ?? { name: store.exampleName(), title: "" } : null;
    dialog.open({ url, state: store.get(), history: history(), copied, example });
  }

  return { dom: dialog.dom, fragment, open };
}
