// "Reproduce on a cluster" (below the result, commandview.js): the engine writes the reproduce
// script of an answered request (`reproduce: true`) and the page downloads it.

import { download } from "./dom.js";

/**
 * Creates the reproduce action.
 * @param {{engine: object, isStale: () => boolean, mergeNow: () => void}} deps
 *   isStale / mergeNow: the engine keeps only its latest request, so a merge this one replaced
 *   (the result is stale) is asked for again
 * @returns {(request: object) => Promise<string>} the script, downloaded; rejects with a sentence
 */
export function createReproduce({ engine, isStale, mergeNow }) {
  return async function reproduceScript(request) {
    try {
      const response = await engine.request({ ...request, reproduce: true });
      if (response.reproduce) download("mergeplay-reproduce.sh", response.reproduce, "text/x-shellscript");
      else if (typeof response.extra?.reproduceError === "string") throw new Error(response.extra.reproduceError);
      return response.reproduce ?? "";
    } catch (err) {
      if (err?.code === "superseded") throw new Error("the editors changed while the script was being written: try again");
      throw err;
    } finally {
      if (isStale()) mergeNow();
    }
  };
}
