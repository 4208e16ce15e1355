// The folds of the result pane: the blocks the answered mode folds (its descriptor's `fold`, the
// response's `layout.folds`) as display lines of the pane, the bar over the pane that says what is
// folded and opens or closes them all, and which ones the reader opened (kept across answers of a
// mode). It hands the pane its folds and the views' notes (resultextras.js draws them).

import { h, setText } from "./dom.js";
import { foldName, foldRanges, foldSummary } from "./fold.js";
import { displayIndexOf } from "./marks.js";

/**
 * Creates the result pane's folds.
 * @param {{result: {setExtras: (extras: object) => void}, notes: () => object[]}} deps
 *   notes: the notes at the end of result lines (by display line), set with the folds
 */
export function createResultFolds({ result, notes }) {
  let folds = []; // paneFolds of the text shown, each with its key
  let open = new Set(); // keys of the folds the reader opened
  const text = h("span", { class: "mp-fold-text" });
  const button = h("button", { type: "button", class: "mp-button mp-small mp-fold-toggle", "aria-controls": "result", title: "Enter on a folded line of the result opens or closes it too" });
  const dom = h("div", { class: "mp-fold-bar", hidden: true }, text, button);
  button.addEventListener("click", () => {
    const anyClosed = folds.some((f) => !open.has(f.key));
    for (const f of folds) (anyClosed ? open.add(f.key) : open.delete(f.key));
    apply();
  });

  /** Sets the folds (as the reader left them) and the notes on the result pane. */
  function apply() {
    const shownFolds = folds.map((f) => ({ ...f, folded: !open.has(f.key), label: open.has(f.key) ? "▾ fold" : `⋯ ${f.hidden} ${f.hidden === 1 ? "line" : "lines"} folded` }));
    result.setExtras({ folds: shownFolds, notes: notes() });
    const anyClosed = shownFolds.some((f) => f.folded);
    const names = [...new Set(folds.map((f) => foldName(f.path)))].join(", ");
    if (dom.hidden !== (folds.length === 0)) dom.hidden = folds.length === 0;
    setText(text, foldSummary(folds, anyClosed));
    setText(button, anyClosed ? `Show ${names}` : `Fold ${names}`);
  }

  return {
    dom,
    apply,
    /** The folds of an answer's text (none: `paths` empty or no answer); apply shows them. */
    set(response, layout, paths) {
      folds = response ? paneFolds(response, layout, paths) : [];
    },
    /** Forgets which folds the reader opened (another mode answered). */
    forget() {
      open = new Set();
    },
    /** Opens or closes the fold whose key is on display line `start` (the reader did, in the pane). */
    toggle(start) {
      const f = folds.find((x) => x.start === start);
      if (!f) return;
      if (open.has(f.key)) open.delete(f.key);
      else open.add(f.key);
      apply();
    },
    /** Opens the fold that hides a display line (0-based), if one does. */
    reveal(index) {
      const hiding = folds.find((f) => index + 1 > f.start && index + 1 <= f.end && !open.has(f.key));
      if (!hiding) return;
      open.add(hiding.key);
      apply();
    },
  };
}

/**
 * The folds of the pane: the response's foldable blocks the mode folds, from lines of the text
 * shown to display lines (struck deleted lines come in between), each with a key that stays
 * the same across answers while the text keeps its blocks.
 */
function paneFolds(response, layout, paths) {
  const seen = new Map();
  return foldRanges(response, paths).flatMap((f) => {
    const start = displayIndexOf(layout, f.start) + 1;
    const end = displayIndexOf(layout, f.end) + 1;
    if (!start || !end) return [];
    const n = seen.get(f.path) ?? 0;
    seen.set(f.path, n + 1);
    return [{ ...f, start, end, hidden: end - start, key: `${f.path}#${n}` }];
  });
}
