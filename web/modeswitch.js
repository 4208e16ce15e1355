// The header's mode switch: a radio group, one button-like choice per mode, rendered from the
// mode descriptors (modes.js).

import { h } from "./dom.js";
import { MODES } from "./modes.js";

/**
 * Creates the mode switch: a radio group, one button-like choice per mode.
 * @param {{onChange: (mode: string) => void}} config
 * @returns {{dom: HTMLElement, update: (mode: string) => void, setDisabled: (on: boolean) => void, destroy: () => void}}
 */
export function createModeSwitch({ onChange }) {
  const radios = MODES.map((mode) => h("input", { type: "radio", name: "mp-mode", value: mode.name, id: `mp-mode-${mode.name}`, class: "mp-mode-radio" }));
  const dom = h("fieldset", { class: "mp-modes" },
    h("legend", { class: "mp-visually-hidden", text: "Merge mode" }),
    ...MODES.map((mode, i) => h("label", { class: "mp-mode", for: `mp-mode-${mode.name}`, title: mode.summary },
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
