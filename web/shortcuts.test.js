import { test } from "node:test";
import assert from "node:assert/strict";
import { SHORTCUTS, opensShortcuts } from "./shortcuts.js";

test("? opens the shortcuts outside anything that takes text", () => {
  const q = { key: "?" };
  assert.equal(opensShortcuts(q, { tag: "BODY", editable: false }), true);
  assert.equal(opensShortcuts(q, { tag: "BUTTON", editable: false }), true);
  assert.equal(opensShortcuts(q, { tag: "DIV", editable: false }), true, "the read-only result");
  assert.equal(opensShortcuts(q, { tag: "DIV", editable: true }), false, "an input editor");
  assert.equal(opensShortcuts(q, { tag: "INPUT", editable: false }), false);
  assert.equal(opensShortcuts(q, { tag: "textarea", editable: false }), false);
  assert.equal(opensShortcuts({ key: "?", ctrlKey: true }, { tag: "BODY" }), false);
  assert.equal(opensShortcuts({ key: "?", defaultPrevented: true }, { tag: "BODY" }), false);
  assert.equal(opensShortcuts({ key: "/" }, { tag: "BODY" }), false);
});

test("every shortcut the page binds is listed", () => {
  const keys = SHORTCUTS.flatMap((s) => s.keys).join(" ");
  for (const k of ["Ctrl+Enter", "Esc", "n", "p", "Alt+↓", "Alt+↑", "?", "a", "c", "d", "r", "i", "x", "Backspace"]) assert.ok(keys.includes(k), k);
});
