// The note that shows the opened example: its title, mode and explanation, and whether the state
// changed since it opened.

import { h, replaceChildren } from "./dom.js";
import { firstSentence } from "./gallery.js";
import { findMode } from "./modes.js";

/**
 * Creates the note that shows the opened example: its title, mode and explanation.
 * @returns {{dom: HTMLElement, show: (example: Example|null, edited?: boolean) => void, destroy: () => void}}
 */
export function createExampleNote() {
  let shown = { example: null, edited: false };
  const title = h("h2", { class: "mp-note-title" });
  const meta = h("span", { class: "mp-note-meta" });
  const teaser = h("span", { class: "mp-note-teaser" });
  const text = h("div", { class: "mp-note-text" });
  const details = h("details", { class: "mp-note" }, h("summary", {}, title, " ", meta, teaser), text);
  const dom = h("section", { class: "mp-example-note", "aria-label": "The example", hidden: true }, details);
  return {
    dom,
    show(example, edited = false) {
      dom.hidden = !example;
      // Called on every edit: redrawn only when what it shows changes.
      if (!example || (example === shown.example && edited === shown.edited)) return;
      shown = { example, edited };
      title.textContent = example.title;
      const mode = findMode(example.mode);
      meta.textContent = `${mode ? mode.title : example.mode} · #example=${example.name}${edited ? " · changed since opened" : ""}`;
      replaceChildren(teaser, `${firstSentence(example.explanation)} `, h("span", { class: "mp-more", text: "Read more" }));
      replaceChildren(text, ...example.explanation.split(/\n\s*\n/).map((p) => h("p", { text: p.replace(/\s+/g, " ").trim() })));
    },
    destroy: () => dom.remove(),
  };
}
