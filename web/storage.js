// The autosave: the editors' state kept in localStorage, so a reload loses nothing. A share link
// or an #example link always wins over it. Storage may be missing or full: then nothing is saved.

import { stateChars, stateFromJSON, stateToJSON } from "./share.js";

const KEY = "mergeplay:state:v1";

/**
 * States of more characters than this are not saved: browsers' localStorage holds about 5 MB
 * per site (2.5 million characters in the smallest), and writing a state larger than that only
 * to be refused costs the page's main thread half a second or more.
 */
export const MAX_SAVED_CHARS = 2_500_000;

/**
 * @param {Storage|null} storage
 * @returns {{load: () => import("./modes.js").State|null, save: (state: import("./modes.js").State) => void}}
 */
export function createAutosave(storage) {
  return {
    load() {
      try {
        const text = storage?.getItem(KEY);
        if (!text) return null;
        const decoded = stateFromJSON(JSON.parse(text));
        return decoded.ok ? decoded.state : null;
      } catch {
        return null;
      }
    },
    save(state) {
      if (stateChars(state) > MAX_SAVED_CHARS) return;
      try {
        storage?.setItem(KEY, stateToJSON(state));
      } catch {
        // Full or forbidden: the link in the address bar still holds the state.
      }
    },
  };
}
