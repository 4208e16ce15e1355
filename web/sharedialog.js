// The Share dialog: the link (already copied), what it carries, and a file fallback for states
// too long for a chat message (.mergeplay.json, download and open).

import { copyText, download, h, replaceChildren } from "./dom.js";
import { FILE_SUFFIX, shareNotices, stateFromFile, stateToFile } from "./share.js";

/**
 * Creates the Share dialog.
 * @param {{onOpenFile: (state: import("./modes.js").State, history: import("./history.js").History|null) => void}} config
 *   called with a valid state read from a file the reader picked (and the history it is a step of)
 * @returns {{dom: HTMLDialogElement, open: (share: {url: string, state: object, history?: object|null, copied: boolean, example?: {name: string, title: string}|null}) => void, destroy: () => void}}
 */
export function createShareDialog({ onOpenFile }) {
  let state = null;
  let history = null; // the history the link carries (history.js), or null
  const status = h("p", { class: "mp-dialog-status", role: "status" });
  const link = h("input", { type: "text", readonly: true, class: "mp-link-field", "aria-label": "Share link", spellcheck: "false" });
  link.addEventListener("focus", () => link.select());
  const copy = h("button", { type: "button", class: "mp-button" }, "Copy link");
  copy.addEventListener("click", async () => {
    status.textContent = (await copyText(link.value)) ? "Link copied to the clipboard." : "Copy the link above (the clipboard is not available).";
  });
  const notices = h("ul", { class: "mp-notices" });
  const intro = h("p", { class: "mp-dialog-intro" });
  const fileInput = h("input", { type: "file", accept: `${FILE_SUFFIX},.json,application/json`, class: "mp-visually-hidden", tabindex: "-1", "aria-hidden": "true" });
  const fileStatus = h("p", { class: "mp-dialog-status", role: "status" });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    const decoded = stateFromFile(await file.text());
    if (!decoded.ok) {
      fileStatus.textContent = `${file.name}: ${decoded.error}`;
      return;
    }
    dom.close();
    onOpenFile(decoded.state, decoded.history ?? null);
  });
  const dom = h("dialog", { class: "mp-dialog mp-share", "aria-labelledby": "mp-share-title" },
    h("header", { class: "mp-dialog-head" },
      h("h2", { id: "mp-share-title", text: "Share" }),
      h("button", { type: "button", class: "mp-button mp-small", onclick: () => dom.close() }, "Close"),
    ),
    intro,
    h("div", { class: "mp-link-row" }, link, copy),
    status,
    notices,
    h("h3", { text: "As a file" }),
    h("p", { class: "mp-dialog-intro", text: `For a state too long for a link, or to keep it: a ${FILE_SUFFIX} file opens the same state here.` }),
    h("div", { class: "mp-button-row" },
      h("button", { type: "button", class: "mp-button", onclick: () => state && download(`playground${FILE_SUFFIX}`, stateToFile(state, history), "application/json") }, `Download ${FILE_SUFFIX}`),
      h("button", { type: "button", class: "mp-button", onclick: () => fileInput.click() }, "Open a file…"),
      fileInput,
    ),
    fileStatus,
  );
  return {
    dom,
    open({ url, state: current, history: currentHistory = null, copied, example = null }) {
      state = current;
      history = currentHistory;
      intro.textContent = shareIntro(example);
      link.value = url;
      status.textContent = copied ? "Link copied to the clipboard." : "";
      fileStatus.textContent = "";
      replaceChildren(notices, ...shareNotices(url, current, history).map((n) => h("li", { class: `mp-notice mp-notice-${n.level}`, text: n.text })));
      dom.showModal();
      link.focus();
    },
    destroy: () => dom.remove(),
  };
}

/**
 * What the Share dialog says the link is: the name of an unedited example, or the whole state.
 * @param {{name: string, title: string}|null} example the example the state still is, unedited
 * @returns {string}
 */
export function shareIntro(example) {
  if (example) {
    const title = example.title ? ` (${example.title})` : "";
    return `The link names the example ${example.name}${title}: it opens the example as the playground ships it, not a copy of your text. Once you edit anything, the link holds the whole playground instead: the mode, its options, the schema and the three inputs. The address bar always holds the same link.`;
  }
  return "The link holds the whole playground: the mode, its options, the schema and the three inputs. The address bar always holds the same link.";
}
