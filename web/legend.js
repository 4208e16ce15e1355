// The legend: every mark with its symbol, label and how many fields carry it. Always visible
// beside the result, so marks never rely on colour alone.

import { h } from "./dom.js";
import { MARKS, MARK_INFO } from "./marks.js";

/**
 * Creates the legend.
 * @returns {{dom: HTMLElement, update: (counts: Record<string, number>|null) => void, destroy: () => void}}
 */
export function createLegend() {
  const counts = new Map();
  const items = MARKS.map((mark) => {
    const info = MARK_INFO[mark];
    const count = h("span", { class: "mp-count" });
    counts.set(mark, count);
    return h("li", { class: `mp-legend-item mp-mark-${mark}`, title: `${info.label}: ${info.meaning}` },
      h("span", { class: `mp-chip mp-mark-${mark}`, "aria-hidden": "true", text: info.symbol }),
      h("span", { class: "mp-legend-label", text: info.label }),
      count,
    );
  });
  const dom = h("ul", { class: "mp-legend", "aria-label": "Marks" }, ...items);
  return {
    dom,
    update(byMark) {
      for (const [mark, el] of counts) {
        const n = byMark?.[mark] ?? 0;
        el.textContent = byMark ? String(n) : "";
        el.parentElement.classList.toggle("mp-zero", Boolean(byMark) && n === 0);
        el.parentElement.setAttribute("aria-label", `${MARK_INFO[mark].label}${byMark ? `: ${n}` : ""} (${MARK_INFO[mark].meaning})`);
      }
    },
    destroy: () => dom.remove(),
  };
}
