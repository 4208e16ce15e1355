// Light and dark themes: the system's preference until the reader picks one with the toggle (the
// choice is remembered); an embed's theme= parameter wins over both. The theme is a
// data-theme attribute on <html>; style.css does the rest.

import { h } from "./dom.js";

const KEY = "mergeplay:theme";

/**
 * The theme to use.
 * @param {{forced: string|null, saved: string|null, prefersDark: boolean}} inputs
 * @returns {"light"|"dark"}
 */
export function resolveTheme({ forced, saved, prefersDark }) {
  for (const t of [forced, saved]) if (t === "light" || t === "dark") return t;
  return prefersDark ? "dark" : "light";
}

/**
 * Applies the theme and creates its toggle button.
 * @param {{root: HTMLElement, storage: Storage|null, media: MediaQueryList|null, forced: string|null}} config
 * @returns {{dom: HTMLButtonElement, destroy: () => void}}
 */
export function createThemeToggle({ root, storage, media, forced }) {
  const read = () => {
    try {
      return storage?.getItem(KEY) ?? null;
    } catch {
      return null;
    }
  };
  // A toggle: its name stays "Dark theme" (the visible "Dark" is part of it, as WCAG's label in
  // name asks) and aria-pressed says whether it is on.
  const dom = h("button", { type: "button", class: "mp-button mp-theme" },
    h("span", { "aria-hidden": "true", text: "☾" }), " Dark", h("span", { class: "mp-visually-hidden", text: " theme" }));
  const apply = () => {
    const theme = resolveTheme({ forced, saved: read(), prefersDark: Boolean(media?.matches) });
    root.dataset.theme = theme;
    dom.setAttribute("aria-pressed", String(theme === "dark"));
    dom.title = theme === "dark" ? "The dark theme is on: press for the light theme" : "The light theme is on: press for the dark theme";
  };
  dom.addEventListener("click", () => {
    const next = root.dataset.theme === "dark" ? "light" : "dark";
    try {
      storage?.setItem(KEY, next);
    } catch {
      // Storage may be off (private modes, sandboxed frames): the choice lasts for this page.
    }
    forced = next;
    apply();
  });
  media?.addEventListener?.("change", apply);
  apply();
  return { dom, destroy: () => media?.removeEventListener?.("change", apply) };
}
