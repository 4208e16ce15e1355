// What a switch of mode does. Each mode reads the three inputs in its own way (kubectl apply's
// last-applied is kustomize's upstream before), so an example of one mode rarely means anything
// in another. An example whose explanation invites the switch ("Switch the mode to apply") keeps
// its inputs and its note, which say what to look at (and so does the way back to its mode). Any other example still as it opened gives
// way to the new mode's starting example; inputs the reader wrote or changed stay, read in the
// new mode's roles, and the example (whose note speaks of the other mode) is dropped. A notice
// says what happened. A pure function: main.js does what the plan says.

import { HISTORY } from "./history.js";
import { findMode } from "./modes.js";

/**
 * @typedef {import("./gallery.js").Example} Example
 * @typedef {{open: Example|null, dropExample: boolean, notice: string, offer: Example|null}} ModeSwitchPlan
 * open: the example to open in place of the state (null: keep the inputs and switch the mode).
 * dropExample: forget the example the state came from. notice: what to tell the reader ("" for
 * nothing). offer: an example the notice offers to open.
 */

/**
 * Plans a switch from the state's mode to another.
 * @param {{from: string, to: string, example: Example|null, unedited: boolean, empty: boolean, examples: Example[]}} at
 *   example: the example the state came from (null: none); unedited: the state is that example
 *   exactly as it opened; empty: every input is empty; examples: every example
 * @returns {ModeSwitchPlan}
 */
export function planModeSwitch({ from, to, example, unedited, empty, examples }) {
  const mode = findMode(to);
  if (!mode || from === to) return { open: null, dropExample: false, notice: "", offer: null };
  // A history example's step is the reader's to change (the history view keeps the history).
  if (example && (example.mode === to || example.mode === HISTORY || invites(example, to))) return { open: null, dropExample: false, notice: "", offer: null };
  if (empty) return { open: null, dropExample: true, notice: "", offer: null };
  const starter = examples.find((e) => e.name === mode.starter && e.mode === to) ?? null;
  const before = findMode(from)?.title ?? from;
  if (example && unedited && starter) {
    return {
      open: starter,
      dropExample: false,
      notice: `${mode.title} reads the inputs as ${rolesOf(mode)}, so the ${before} example gave way to ${mode.title}'s starting example, “${starter.title}”. Examples has them all.`,
      offer: null,
    };
  }
  const whose = example && unedited ? `the ${before} example's inputs` : "your inputs";
  const offer = starter ? ` Its own starting example: “${starter.title}”.` : "";
  return { open: null, dropExample: true, notice: `Switched to ${mode.title} with ${whose}, now read as ${rolesOf(mode)}.${offer}`, offer: starter };
}

/** Whether an example's explanation invites the switch to a mode: "Switch the mode to apply". */
function invites(example, mode) {
  return [...String(example.explanation ?? "").matchAll(/Switch the mode to (\w+)/g)].some((m) => m[1] === mode);
}

/** The labels of the inputs a mode reads: "upstream before, upstream now and local copy". */
function rolesOf(mode) {
  const labels = ["original", "updated", "live"].map((k) => mode.inputs[k]).filter(Boolean).map((r) => r.label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : labels.join("");
}
