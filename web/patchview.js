// The Patch tab: what the merge sends to the API server, per resource (extra.patches), each
// pretty-printed, with the action kubectl takes.

import { copyButton, h, replaceChildren } from "./dom.js";
import { lacks } from "./engine.js";

const ACTIONS = {
  create: "created: kubectl sends the whole config, with its last-applied annotation",
  patch: "patched",
  delete: "deleted",
  none: "left alone: not in the config, nothing is sent",
  unchanged: "unchanged: the patch is empty, so kubectl sends nothing and prints \"unchanged\"",
};
const TYPES = { strategic: "strategic merge patch", merge: "JSON merge patch" };

/**
 * Pretty-prints JSON text; text that is not JSON comes back unchanged.
 * @param {string} text
 * @returns {string}
 */
export function prettyJSON(text) {
  if (!text) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The patches of a response, one entry per resource: extra.patches when the mode lists them,
 * else response.patch as one entry.
 * @param {object} response
 * @returns {{resource: string, action: string, type: string, summary: string, text: string}[]}
 */
export function patchEntries(response) {
  const str = (v) => (typeof v === "string" ? v : "");
  const listed = Array.isArray(response?.extra?.patches) ? response.extra.patches : [];
  const entries = listed.filter((p) => p && typeof p === "object").map((p) => {
    // The engine says "none" for a resource it sends nothing for; one with a patch type is in the
    // config, its computed patch empty: kubectl prints "unchanged".
    const unchanged = str(p.action) === "none" && str(p.type) !== "";
    return {
      resource: str(p.resource),
      action: unchanged ? "unchanged" : str(p.action),
      type: unchanged ? "" : str(p.type),
      text: unchanged ? "" : prettyJSON(str(p.patch)),
    };
  });
  if (!entries.length && str(response?.patch)) entries.push({ resource: "", action: "patch", type: "", text: prettyJSON(response.patch) });
  for (const e of entries) {
    const parts = [ACTIONS[e.action] ?? e.action, TYPES[e.type] ?? e.type].filter(Boolean);
    e.summary = parts.join(", by a ");
  }
  return entries;
}

/**
 * Creates the Patch tab's view. An answer that left the patches out (a long stream's: engine.js's
 * partsToSkip) gets them through complete, which resolves to the answer with its patches, or to
 * null when a newer answer is on its way (that one is drawn instead).
 * @param {{complete?: (response: object, part: string) => Promise<object|null>}} [config]
 * @returns {{dom: HTMLElement, update: (response: object|null) => void, destroy: () => void}}
 */
export function createPatchView({ complete = async () => null } = {}) {
  let current = null; // the answer drawn or awaiting its patches
  let raw = "";
  const body = h("div", { class: "mp-patches" });
  const dom = h("div", { class: "mp-view mp-patch-view" },
    h("div", { class: "mp-view-head" },
      h("p", { class: "mp-view-intro", text: "What the merge sends to the API server, resource by resource." }),
      copyButton("Copy patch", () => raw, "the whole patch as JSON"),
    ),
    body,
  );

  /** Draws an answer's patches. */
  function draw(response) {
    raw = response?.patch ?? "";
    const entries = response ? patchEntries(response) : [];
    if (!entries.length) {
      replaceChildren(body, h("p", { class: "mp-empty", text: response ? "No patch: this merge sends nothing." : "" }));
      return;
    }
    replaceChildren(body, ...entries.map((e) => h("section", { class: `mp-patch mp-action-${e.action || "patch"}` },
      h("h3", { class: "mp-patch-head" }, e.resource ? h("code", { text: e.resource }) : "Patch", " ", h("span", { class: "mp-patch-summary", text: e.summary })),
      e.text ? h("pre", { class: "mp-code", tabindex: "0", "aria-label": `Patch of ${e.resource || "the resource"}` }, h("code", { text: e.text })) : null,
    )));
  }

  return {
    dom,
    update(response) {
      current = response;
      if (!lacks(response, "patches")) {
        draw(response);
        return;
      }
      raw = "";
      replaceChildren(body, h("p", { class: "mp-empty", role: "status", text: "Working out the patches…" }));
      complete(response, "patches").then(
        (full) => { if (full && current === response && !lacks(full, "patches")) draw(full); },
        (err) => { if (current === response) replaceChildren(body, h("p", { class: "mp-empty", role: "alert", text: `The patches could not be worked out: ${err?.message ?? err}` })); },
      );
    },
    destroy: () => dom.remove(),
  };
}
