import { test } from "node:test";
import assert from "node:assert/strict";
import { opensFrom } from "./disclosure.js";
import { firstCommand } from "./terminal.js";

test("a disclosure opens as the reader left it, else as it starts", () => {
  assert.equal(opensFrom("open", false), true);
  assert.equal(opensFrom("closed", true), false);
  assert.equal(opensFrom(null, true), true);
  assert.equal(opensFrom("garbage", false), false);
});

test("the folded terminal line is the answer's first command", () => {
  assert.equal(firstCommand({ commands: [{ tool: "kubectl", line: "kubectl apply -f config.yaml" }, { line: "other" }] }), "$ kubectl apply -f config.yaml");
  assert.equal(firstCommand({ commands: [null, { line: 3 }, { line: "" }, { line: "helm upgrade R C" }] }), "$ helm upgrade R C");
  assert.equal(firstCommand({ commands: "nope" }), "");
  assert.equal(firstCommand(null), "");
});
