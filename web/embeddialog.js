// The Embed dialog: choose the panes, read-only and the theme, and copy the iframe snippet that
// embeds the current state in a documentation page.

import { copyButton, h } from "./dom.js";
import { EMBED_PANES, HEIGHT_SCRIPT, embedPanes, embedSnippet, embedURL } from "./embed.js";

/**
 * Creates the Embed dialog.
 * @returns {{dom: HTMLDialogElement, open: (current: {base: string, fragment: string, mode: string, title: string}) => void, destroy: () => void}}
 */
export function createEmbedDialog() {
  let current = null;
  const paneBoxes = EMBED_PANES.map((pane) => h("input", { type: "checkbox", value: pane, id: `mp-embed-pane-${pane}` }));
  const readonly = h("input", { type: "checkbox", id: "mp-embed-readonly" });
  const exercise = h("input", { type: "checkbox", id: "mp-embed-exercise" });
  const theme = h("select", { id: "mp-embed-theme" },
    h("option", { value: "", text: "the reader's system setting" }),
    h("option", { value: "light", text: "light" }),
    h("option", { value: "dark", text: "dark" }));
  const height = h("input", { type: "number", id: "mp-embed-height", min: "120", max: "4000", step: "10", value: "480" });
  const snippet = h("textarea", { class: "mp-snippet", readonly: true, rows: "4", spellcheck: "false", "aria-label": "iframe snippet" });
  const preview = h("a", { class: "mp-link", target: "_blank", rel: "noopener" }, "Preview the embed");
  const script = h("textarea", { class: "mp-snippet", readonly: true, rows: "6", spellcheck: "false", "aria-label": "height script" });
  script.value = HEIGHT_SCRIPT;

  function render() {
    if (!current) return;
    const panes = paneBoxes.filter((b) => b.checked).map((b) => b.value);
    const url = embedURL({ base: current.base, fragment: current.fragment, panes, readonly: readonly.checked, theme: theme.value || null, exercise: exercise.checked });
    snippet.value = embedSnippet({ url, title: current.title, height: Number(height.value) });
    preview.href = url;
  }

  const dom = h("dialog", { class: "mp-dialog mp-embed-dialog", "aria-labelledby": "mp-embed-title" },
    h("header", { class: "mp-dialog-head" },
      h("h2", { id: "mp-embed-title", text: "Embed" }),
      h("button", { type: "button", class: "mp-button mp-small", onclick: () => dom.close() }, "Close"),
    ),
    h("p", { class: "mp-dialog-intro", text: "Put this playground, as it is now, in a documentation page. Readers can edit it (unless read-only) and open it here." }),
    h("fieldset", { class: "mp-embed-panes" }, h("legend", { text: "Panes" }),
      ...paneBoxes.map((box) => h("label", { class: "mp-check", for: box.id }, box, " ", box.value))),
    h("div", { class: "mp-embed-options" },
      h("label", { class: "mp-check", for: readonly.id }, readonly, " read-only"),
      h("label", { class: "mp-check", for: exercise.id, title: "opens into Predict, then reveal: readers mark each line, then see the engine's marks" }, exercise, " exercise"),
      h("label", { class: "mp-field", for: theme.id }, "theme ", theme),
      h("label", { class: "mp-field", for: height.id }, "height (px) ", height),
    ),
    snippet,
    h("div", { class: "mp-button-row" }, copyButton("Copy snippet", () => snippet.value, "the iframe snippet"), preview),
    h("details", { class: "mp-embed-script" },
      h("summary", { text: "Optional: let the iframe set its own height" }),
      h("p", { class: "mp-dialog-intro", text: "The embed posts {type: \"mergeplay:height\", height} to its parent; this script on your page applies it." }),
      script),
  );
  dom.addEventListener("input", render);
  dom.addEventListener("change", render);

  return {
    dom,
    open(now) {
      current = now;
      const panes = embedPanes({ panes: null }, now.mode);
      for (const box of paneBoxes) box.checked = panes.includes(box.value);
      render();
      dom.showModal();
    },
    destroy: () => dom.remove(),
  };
}
