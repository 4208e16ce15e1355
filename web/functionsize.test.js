// No function in the page's modules is over 60 lines (the house rule, /work/shared/DESIGN.md and
// web/README.md): every product module under web/ (not the tests) is parsed with acorn and every
// function in it (declaration, expression, arrow, method, getter, setter) measured from its first
// line to its last. A function over the limit fails the test with its module, name and length.
// acorn is a devDependency: only this test imports it, the page's bundle never does.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { parse } from "acorn";

/** The most lines a function may span, its first and last line included. */
export const MAX_LINES = 60;

const here = path.dirname(new URL(import.meta.url).pathname);

/** The page's product modules: every .js file under web/ that is not a test. */
function productModules() {
  return fs.readdirSync(here).filter((f) => f.endsWith(".js") && !f.endsWith(".test.js")).sort();
}

/**
 * Parses a module's source: as an ES module, or as a classic script when it is one (the worker,
 * boot.js). A syntax error in both names the file, line and column.
 */
function parseSource(file, source) {
  const options = { ecmaVersion: "latest", locations: true };
  try {
    return parse(source, { ...options, sourceType: "module" });
  } catch (moduleErr) {
    try {
      return parse(source, { ...options, sourceType: "script" });
    } catch {
      throw new Error(`${file}:${moduleErr.loc?.line}:${moduleErr.loc?.column}: ${moduleErr.message}`);
    }
  }
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** The name a function is known by: its own, or the binding, property or method it is given to. */
function nameOf(node, parent) {
  if (node.id?.name) return node.id.name;
  const key = parent && (parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") ? parent.key : null;
  if (key) return key.name ?? String(key.value);
  if (parent?.type === "VariableDeclarator") return parent.id.name ?? "(destructured)";
  if (parent?.type === "AssignmentExpression") return sourceName(parent.left);
  if (parent?.type === "CallExpression") return `(callback of ${sourceName(parent.callee)})`;
  return "(anonymous)";
}

/** A short name for an assignment target or a callee: `a.b.c`. */
function sourceName(node) {
  if (node.type === "Identifier") return node.name;
  if (node.type === "MemberExpression") return `${sourceName(node.object)}.${node.property.name ?? "[…]"}`;
  if (node.type === "ThisExpression") return "this";
  return "(expression)";
}

/** Every function in a tree, with its name and its lines (first to last, both counted). */
export function functionsOf(tree) {
  const found = [];
  const visit = (node, parent) => {
    if (FUNCTIONS.has(node.type)) {
      found.push({ name: nameOf(node, parent), line: node.loc.start.line, lines: node.loc.end.line - node.loc.start.line + 1 });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) if (child?.type) visit(child, node);
      if (value?.type && value !== node.loc) visit(value, node);
    }
  };
  visit(tree, null);
  return found;
}

/** The functions of a module's source over MAX_LINES, as "file: name (line N) is L lines". */
export function oversized(file, source) {
  return functionsOf(parseSource(file, source))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${file}: ${f.name} (line ${f.line}) is ${f.lines} lines, over ${MAX_LINES}`);
}

test("no function in the page's modules is over 60 lines", () => {
  const modules = productModules();
  assert.ok(modules.includes("main.js") && modules.length > 40, `the page's modules were not found in ${here}`);
  const over = modules.flatMap((file) => oversized(file, fs.readFileSync(path.join(here, file), "utf8")));
  assert.deepEqual(over, []);
});

test("every kind of function is measured, and named", () => {
  const body = (n) => Array.from({ length: n }, (_, i) => `  x${i}();`).join("\n");
  const source = [
    `function decl() {\n${body(59)}\n}`,
    `const arrow = () => {\n${body(60)}\n};`,
    `const expr = function () {\n${body(61)}\n};`,
    `class C {\n  method() {\n${body(62)}\n  }\n  get size() {\n${body(1)}\n  }\n}`,
    `const obj = { prop: () => {\n${body(63)}\n} };`,
    `on(() => {\n${body(64)}\n});`,
  ].join("\n");
  const lines = Object.fromEntries(functionsOf(parseSource("t.js", source)).map((f) => [f.name, f.lines]));
  assert.deepEqual(lines, { decl: 61, arrow: 62, expr: 63, method: 64, size: 3, prop: 65, "(callback of on)": 66 });
  assert.deepEqual(oversized("t.js", `function small() {\n${body(58)}\n}`), []);
  assert.deepEqual(oversized("t.js", `async function big() {\n${body(59)}\n}`), ["t.js: big (line 1) is 61 lines, over 60"]);
});

test("a module that does not parse is named with its line and column", () => {
  assert.throws(() => oversized("broken.js", "const a = ;"), /^Error: broken\.js:1:10: /);
});
