// The legend: every mark with its symbol, label and how many fields carry it. Always visible
// beside the result, so marks never rely on colour alone. A mark with fields is a button: it
// jumps to the next line carrying that mark (after the result's cursor, wrapping around).

import { h, hiddenText, setText } from "./dom.js";
import { MARKS, MARK_INFO } from "./marks.js";

/**
 * Creates the legend.
 * @param {{onJump?: (mark: string) => void}} [config] called when the reader picks a mark
 * @returns {{dom: HTMLElement, update: (counts: Record<string, number>|null) => void, destroy: () => void}}
 */
export function createLegend({ onJump = () => {} } = {}) {
  const rows = MARKS.map((mark) => {
    const info = MARK_INFO[mark];
    const count = h("span", { class: "mp-count" });
    const help = hiddenText("");
    const button = h("button", { type: "button", class: `mp-legend-item mp-mark-${mark}`, "data-mark": mark, title: `${info.label}: ${info.meaning}`, onclick: () => onJump(mark) },
      h("span", { class: `mp-chip mp-mark-${mark}`, "aria-hidden": "true", text: info.symbol }),
      h("span", { class: "mp-legend-label", text: info.label }),
      " ",
      count,
      help,
    );
    return { mark, count, help, button, dom: h("li", {}, button) };
  });
  const dom = h("ul", { class: "mp-legend", "aria-label": "Marks: press one to jump to its next line" }, ...rows.map((r) => r.dom));
  return {
    dom,
    update(byMark) {
      for (const { mark, count, help, button } of rows) {
        const n = byMark?.[mark] ?? 0;
        setText(count, byMark ? String(n) : "");
        setText(help, `: ${MARK_INFO[mark].meaning}${n ? "; jump to the next" : ""}`);
        button.classList.toggle("mp-zero", Boolean(byMark) && n === 0);
        button.disabled = !byMark || n === 0;
      }
    },
    destroy: () => dom.remove(),
  };
}
