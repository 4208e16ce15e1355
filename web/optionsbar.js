// The options bar under the header: the mode's summary and a control per option it takes,
// rendered from the mode descriptors (modes.js, the engine's): a new mode with new options needs
// no change here. The options on how the request reaches the API server (a descriptor's `sent`
// ones: validate, client) stand in a group of their own after the merge's.

import { h, replaceChildren } from "./dom.js";
import { OPTION_SPECS } from "./modes.js";

/**
 * Creates the options bar: the mode's summary and a control per option it takes.
 * @param {{onChange: (key: string, value: boolean|string) => void}} config
 * @returns {{dom: HTMLElement, update: (mode: import("./modes.js").Mode, options: Record<string, boolean|string>) => void, setDisabled: (on: boolean) => void, destroy: () => void}}
 */
export function createOptionsBar({ onChange }) {
  const summary = h("p", { class: "mp-mode-summary" });
  const controls = h("div", { class: "mp-options", role: "group", "aria-label": "Options" });
  const sending = h("div", { class: "mp-sending", role: "group", "aria-label": "How the request is sent" });
  const dom = h("div", { class: "mp-optionsbar" }, summary, controls, sending);
  let disabled = false;

  function control(option, value) {
    const spec = OPTION_SPECS[option.key];
    const id = `mp-option-${option.key}`;
    const helpId = `${id}-help`;
    const help = h("span", { class: "mp-visually-hidden", id: helpId, text: option.help });
    if (spec.type === "boolean") {
      const input = h("input", { type: "checkbox", id, "aria-describedby": helpId, disabled });
      input.checked = Boolean(value);
      input.addEventListener("change", () => onChange(option.key, input.checked));
      return h("label", { class: "mp-check", title: option.help }, input, " ", option.label, help);
    }
    const input = spec.type === "choice"
      ? h("select", { id, "aria-describedby": helpId, disabled }, ...spec.choices.map((c) => h("option", { value: c, text: c === "" ? "none" : c })))
      : h("input", { type: "text", id, "aria-describedby": helpId, maxlength: spec.maxLength, size: option.size ?? 12, spellcheck: "false", placeholder: option.placeholder, disabled });
    input.value = String(value);
    input.addEventListener(spec.type === "choice" ? "change" : "input", () => onChange(option.key, input.value));
    return h("label", { class: "mp-field", title: option.help }, option.label, " ", input, help);
  }

  return {
    dom,
    update(mode, options) {
      summary.textContent = mode.summary;
      replaceChildren(controls, ...mode.options.filter((o) => !o.sent).map((o) => control(o, options[o.key])));
      replaceChildren(sending, ...mode.options.filter((o) => o.sent).map((o) => control(o, options[o.key])));
      sending.hidden = !sending.childElementCount;
    },
    setDisabled(on) {
      disabled = on;
      for (const el of dom.querySelectorAll("input, select")) el.disabled = on;
    },
    destroy: () => dom.remove(),
  };
}
