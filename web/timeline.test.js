import { test } from "node:test";
import assert from "node:assert/strict";
import { stepKey } from "./timeline.js";

test("the steps' keys: arrows, Home, End move; Enter, Space choose; Alt+arrows reorder; Delete, Insert", () => {
  const key = (k, mods = {}) => stepKey({ key: k, ...mods }, 1, 3);
  assert.deepEqual(key("ArrowUp"), { op: "cursor", to: 0 });
  assert.deepEqual(key("ArrowDown"), { op: "cursor", to: 2 });
  assert.deepEqual(stepKey({ key: "ArrowDown" }, 2, 3), { op: "cursor", to: 2 });
  assert.deepEqual(stepKey({ key: "ArrowUp" }, 0, 3), { op: "cursor", to: 0 });
  assert.deepEqual(key("Home"), { op: "cursor", to: 0 });
  assert.deepEqual(key("End"), { op: "cursor", to: 2 });
  assert.deepEqual(key("Enter"), { op: "choose" });
  assert.deepEqual(key(" "), { op: "choose" });
  assert.deepEqual(key("ArrowUp", { altKey: true }), { op: "move", delta: -1 });
  assert.deepEqual(key("ArrowDown", { altKey: true }), { op: "move", delta: 1 });
  assert.deepEqual(key("Delete"), { op: "remove" });
  assert.equal(stepKey({ key: "Delete" }, 0, 1), null);
  assert.deepEqual(key("Insert"), { op: "add" });
  assert.deepEqual(key("+"), { op: "add" });
  assert.equal(key("Enter", { ctrlKey: true }), null, "Ctrl+Enter merges (main.js)");
  assert.equal(key("a"), null);
  assert.equal(key("Home", { altKey: true }), null);
});
