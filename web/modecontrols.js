// The state's mode as the page shows it: the header's mode switch and the options bar (both
// rendered from the mode descriptors), each input editor's role (or its pane hidden, in an embed
// that leaves it out), the result pane shown or not, "Apply again"'s help and the schema panel's
// summary. apply(state) brings them all to a state.

import { inputRole, showsResult } from "./embed.js";
import { INPUTS, findMode } from "./modes.js";
import { createModeSwitch } from "./modeswitch.js";
import { createOptionsBar } from "./optionsbar.js";

/**
 * Creates the mode's controls.
 * @param {{root: HTMLElement, embed: import("./embed.js").EmbedParams, editors: object,
 *   output: object, schema: object, onSwitch: (mode: string) => void,
 *   onOption: (key: string, value: boolean|string) => void}} deps
 */
export function createModeControls({ root, embed, editors, output, schema, onSwitch, onOption }) {
  const modeSwitch = createModeSwitch({ onChange: onSwitch });
  const optionsBar = createOptionsBar({ onChange: onOption });

  function apply(state) {
    const mode = findMode(state.mode);
    for (const input of INPUTS) editors[input].setRole(inputRole(embed, state, input));
    root.toggleAttribute("data-no-result", !showsResult(embed, state.mode));
    modeSwitch.update(state.mode);
    optionsBar.update(mode, state.options);
    output.setAgainHelp(mode.againHelp);
    schema.setSummary(state.options.schema, state.options.schemaType);
  }

  return { switchDom: modeSwitch.dom, optionsDom: optionsBar.dom, apply };
}
