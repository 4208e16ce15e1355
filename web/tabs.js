// Tabs following the WAI-ARIA pattern: a tablist of buttons, arrows (and Home / End) move
// between them, each shows its panel.

import { h } from "./dom.js";

/**
 * Creates tabs.
 * @param {{id: string, label: string, panel: HTMLElement}[]} tabs
 * @param {{label: string, onSelect?: (id: string) => void}} options
 * @returns {{dom: HTMLElement, list: HTMLElement, select: (id: string) => void, selected: () => string, destroy: () => void}}
 */
export function createTabs(tabs, { label, onSelect = () => {} }) {
  let current = tabs[0].id;
  const buttons = tabs.map((tab) => h("button", {
    type: "button", role: "tab", id: `mp-tab-${tab.id}`, class: "mp-tab", "aria-controls": `mp-panel-${tab.id}`,
    "data-tab": tab.id, onclick: () => select(tab.id, true),
  }, tab.label));
  for (const tab of tabs) {
    tab.panel.id = `mp-panel-${tab.id}`;
    tab.panel.setAttribute("role", "tabpanel");
    tab.panel.setAttribute("aria-labelledby", `mp-tab-${tab.id}`);
    tab.panel.classList.add("mp-tabpanel");
  }
  const list = h("div", { role: "tablist", class: "mp-tabs", "aria-label": label }, ...buttons);
  list.addEventListener("keydown", (event) => {
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = buttons[(to + buttons.length) % buttons.length];
    select(next.dataset.tab, true);
    next.focus();
  });

  function select(id, byUser = false) {
    current = id;
    tabs.forEach((tab, i) => {
      const on = tab.id === id;
      buttons[i].setAttribute("aria-selected", String(on));
      buttons[i].tabIndex = on ? 0 : -1;
      tab.panel.hidden = !on;
    });
    if (byUser) onSelect(id);
  }
  select(current);

  return { dom: list, list, select, selected: () => current, destroy: () => list.remove() };
}
