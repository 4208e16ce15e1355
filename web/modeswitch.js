// The header's mode switch: a radio group, one button-like choice per mode, rendered from the
// mode descriptors (modes.js). In a history (html[data-history]) it offers the writers too, as a
// step's mode (kubectl scale, label, patch --type json, kpt...): their choices are rendered
// hidden and shown by style.css while a history is open, one radio group with the five.

import { h } from "./dom.js";
import { switchModes, isWriter } from "./modes.js";

/**
 * Creates the mode switch: a radio group, one button-like choice per mode.
 * @param {{onChange: (mode: string) => void}} config
 * @returns {{dom: HTMLElement, update: (mode: string) => void, setDisabled: (on: boolean) => void, destroy: () => void}}
 */
export function createModeSwitch({ onChange }) {
  const all = switchModes(true);
  const radios = all.map((mode) => h("input", { type: "radio", name: "mp-mode", value: mode.name, id: `mp-mode-${mode.name}`, class: "mp-mode-radio" }));
  const dom = h("fieldset", { class: "mp-modes" },
    h("legend", { class: "mp-visually-hidden", text: "Merge mode (a step's writer in a history)" }),
    ...all.map((mode, i) => h("label", { class: isWriter(mode.name) ? "mp-mode mp-mode-writer" : "mp-mode", for: `mp-mode-${mode.name}`, title: mode.summary },
      radios[i], h("span", { class: "mp-mode-label", text: mode.short }))),
  );
  dom.addEventListener("change", (event) => {
    if (event.target.name === "mp-mode" && event.target.checked) onChange(event.target.value);
  });
  return {
    dom,
    update(mode) {
      for (const r of radios) r.checked = r.value === mode;
    },
    setDisabled(on) {
      for (const r of radios) r.disabled = on;
    },
    destroy: () => dom.remove(),
  };
}
