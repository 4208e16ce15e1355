// Which state the page opens with. In order: a share link (#s=…), an example link
// (#example=…), the autosave (not in embeds), the prerendered default example, the first example,
// an empty apply. A link that cannot be opened falls through, with a notice saying why.

import { decodePayload, parseHash } from "./share.js";
import { defaultOptions, stateFromRequest } from "./modes.js";
import { historyFromExample } from "./history.js";
import { parseExamples } from "./gallery.js";
import { expandNames } from "./answernames.js";

/**
 * @typedef {import("./modes.js").State} State
 * @typedef {import("./gallery.js").Example} Example
 * @typedef {{state: State, history?: import("./history.js").History|null, from: "link"|"example"|"autosave"|"default"|"empty", exampleName: string, notice: string}} Initial
 *   history: a link's or a history example's history (history.js), its chosen step in state
 */

/**
 * Resolves the opening state.
 * @param {{
 *   hash: string,
 *   autosaved: State|null,
 *   prerendered: {example: string, request: object}|null,
 *   loadExamples: () => Promise<Example[]>,
 * }} inputs autosaved is null in embeds
 * @returns {Promise<Initial>}
 */
export async function resolveInitial({ hash, autosaved, prerendered, loadExamples }) {
  const route = parseHash(hash);
  let notice = "";
  if (route.kind === "share") {
    const decoded = await decodePayload(route.version, route.payload);
    if (decoded.ok) return { state: decoded.state, history: decoded.history ?? null, from: "link", exampleName: "", notice };
    notice = decoded.error;
  } else if (route.kind === "example") {
    const examples = await loadExamples().catch(() => []);
    const example = examples.find((e) => e.name === route.name);
    const story = example && historyFromExample(example.request);
    if (story) return { state: story.state, history: story.history, from: "example", exampleName: example.name, notice };
    const state = example && stateFromRequest(example.request);
    if (state) return { state, from: "example", exampleName: example.name, notice };
    notice = `There is no example named "${route.name}".`;
  } else if (route.kind === "invalid") {
    notice = route.error;
  }
  // The link stays in the address bar until the state changes (addressbar.js: keepLink).
  if (notice) notice += " The link stays in the address bar, where it can be corrected.";
  if (autosaved) return { state: autosaved, from: "autosave", exampleName: "", notice };
  const fromPrerendered = prerendered && stateFromRequest(prerendered.request);
  if (fromPrerendered) return { state: fromPrerendered, from: "default", exampleName: String(prerendered.example ?? ""), notice };
  const examples = await loadExamples().catch(() => []);
  const first = examples.find((e) => stateFromRequest(e.request));
  if (first) return { state: stateFromRequest(first.request), from: "default", exampleName: first.name, notice };
  return { state: { mode: "apply", options: defaultOptions(), original: "", updated: "", live: "" }, from: "empty", exampleName: "", notice };
}

/**
 * Reads the prerendered answer the build puts in <script type="application/json" id="prerendered">
 * (its marks' names expanded, as an answer of the engine's: answernames.js), and the example it answers as the note shows it (`opened`: its name, title, mode, explanation
 * and request; null when the build did not give its title).
 * @param {string|null|undefined} text the element's text
 * @returns {{example: string, request: object, response: object, opened: import("./gallery.js").Example|null}|null}
 */
export function parsePrerendered(text) {
  if (!text) return null;
  try {
    const data = JSON.parse(text);
    if (!data || typeof data !== "object" || !data.request || !data.response || typeof data.response !== "object") return null;
    const example = String(data.example ?? "");
    const [opened = null] = parseExamples([{ name: example, title: data.title, mode: data.request.mode, explanation: data.explanation, request: data.request }]);
    return { example, request: data.request, response: expandNames(data.response), opened };
  } catch {
    return null;
  }
}
