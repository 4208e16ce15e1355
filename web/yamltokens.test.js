import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { EditorState } from "@codemirror/state";
import { IndentContext, ensureSyntaxTree, getIndentation } from "@codemirror/language";
import { yaml } from "@codemirror/lang-yaml";
import { parser } from "@lezer/yaml";
import { classHighlighter, highlightTree, tags } from "@lezer/highlight";
import { TOKEN_CLASSES, blankLine, colourLines, indent, startState, token } from "./yamltokens.js";

// The page coloured YAML with @lezer/yaml through @codemirror/lang-yaml before yamltokens.js
// (both stay as devDependencies, for these tests only). Where @lezer/yaml reads the text without
// an error, the two must colour every character alike and indent a new line alike.

const examplesDir = new URL("../examples/", import.meta.url);

/** Every YAML file of every example (inputs, expected results, the example's own text). */
function exampleTexts() {
  const texts = [];
  for (const dir of readdirSync(examplesDir, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(new URL(`${dir.name}/`, examplesDir))) {
      if (file.endsWith(".yaml")) texts.push({ name: `${dir.name}/${file}`, text: readFileSync(new URL(`${dir.name}/${file}`, examplesDir), "utf8") });
    }
  }
  return texts;
}

/** Where @lezer/yaml's tree first holds an error, or -1. */
function firstError(text) {
  let at = -1;
  parser.parse(text).iterate({ enter: (node) => { if (node.type.isError && at < 0) at = node.from; } });
  return at;
}

/** Each character's classes as @lezer/yaml and classHighlighter gave them. */
function lezerClasses(text) {
  const out = new Array(text.length).fill("");
  highlightTree(parser.parse(text), classHighlighter, (from, to, classes) => out.fill(classes, from, to));
  return out;
}

/** Each character's classes as colourLines gives them (a line break has none). */
function ourClasses(text) {
  const out = [];
  for (const pieces of colourLines(text.split("\n"))) {
    for (const p of pieces) for (let i = 0; i < p.text.length; i++) out.push(p.classes);
    out.push("");
  }
  return out.slice(0, text.length);
}

/** A tag as CodeMirror's stream languages read a token's name: a tag, then its modifiers. */
function tagOf(name) {
  const [base, ...modifiers] = name.split(".");
  return modifiers.reduce((tag, m) => tags[m](tag), tags[base]);
}

test("each token's classes are those classHighlighter gives its tag", () => {
  for (const [name, classes] of Object.entries(TOKEN_CLASSES)) {
    assert.equal(classHighlighter.style([tagOf(name)]), classes, name);
  }
});

test("every example is coloured as @lezer/yaml coloured it, up to where @lezer/yaml errs", () => {
  let whole = 0;
  for (const { name, text } of exampleTexts()) {
    const error = firstError(text);
    const upTo = error < 0 ? text.length : text.lastIndexOf("\n", error) + 1;
    const theirs = lezerClasses(text);
    const ours = ourClasses(text);
    for (let i = 0; i < upTo; i++) {
      if (text[i] === "\n") continue; // @lezer/yaml colours a quoted scalar's line break too
      if (theirs[i] !== ours[i]) {
        const lineStart = text.lastIndexOf("\n", i) + 1;
        assert.fail(`${name}, line ${text.slice(0, i).split("\n").length}, column ${i - lineStart + 1}: @lezer/yaml ${JSON.stringify(theirs[i])}, ours ${JSON.stringify(ours[i])}`);
      }
    }
    if (error < 0) whole++;
  }
  assert.ok(whole > 250, `${whole} examples read without an error`);
});

test("where @lezer/yaml errs on an example, it is on a key holding flow indicators, which is a key here", () => {
  let errs = 0;
  for (const { name, text } of exampleTexts()) {
    const error = firstError(text);
    if (error < 0) continue;
    errs++;
    const lineStart = text.lastIndexOf("\n", error) + 1;
    const line = text.slice(lineStart, text.indexOf("\n", error));
    const [pieces] = colourLines([line]);
    const key = pieces.find((p) => p.text.trim());
    assert.match(key.text, /^\s*[a-z]:\{.*\}$/, `${name}: ${line}`);
    assert.equal(key.classes, TOKEN_CLASSES["propertyName.definition"], `${name}: ${line}`);
  }
  assert.ok(errs > 0, "some example holds managedFields");
});

test("a new line is indented as CodeMirror's YAML support indented it, after every line of the examples", () => {
  let lines = 0;
  for (const { name, text } of exampleTexts()) {
    if (firstError(text) >= 0) continue;
    const created = EditorState.create({ doc: text, extensions: [yaml()] });
    assert.ok(ensureSyntaxTree(created, text.length, 60_000), name);
    // The parse finished in the parser's context; a transaction makes it the state's tree.
    const theirs = created.update({}).state;
    const state = startState();
    for (let n = 1; n <= theirs.doc.lines; n++) {
      const line = theirs.doc.line(n);
      readLine(line.text, state);
      if (!line.text.trim()) continue;
      const own = /^\s*/.exec(line.text)[0].length;
      const expected = getIndentation(new IndentContext(theirs, { simulateBreak: line.to }), line.to) ?? own;
      assert.equal(indent(state) ?? own, expected, `${name}, after line ${n}: ${line.text}`);
      lines++;
    }
  }
  assert.ok(lines > 5000, `${lines} lines`);
});

/** Reads a line's tokens into state, as CodeMirror's stream language does. */
function readLine(text, state) {
  if (text === "") return blankLine(state);
  const stream = { string: text, pos: 0 };
  while (stream.pos < text.length) token(stream, state);
}

const K = TOKEN_CLASSES["propertyName.definition"];
const P = TOKEN_CLASSES.punctuation;
const S = TOKEN_CLASSES.string;

test("what each construct is coloured", () => {
  const cases = [
    { yaml: ['k:{"name":"web"}:'], want: [[["k:{\"name\":\"web\"}", K], [":", P]]] },
    { yaml: ["f:ports: {}"], want: [[["f:ports", K], [":", P], [" ", ""], ["{}", P]]] },
    { yaml: ['"a b": c # d'], want: [[['"a b"', K], [":", P], [" c ", ""], ["# d", TOKEN_CLASSES.comment]]] },
    { yaml: ["url: http://x:80/#a"], want: [[["url", K], [":", P], [" http://x:80/#a", ""]]] },
    { yaml: ["- &a !t |", "  text: not a key", "b: *a"], want: [
      [["-", P], [" ", ""], ["&a", TOKEN_CLASSES.labelName], [" ", ""], ["!t", TOKEN_CLASSES.typeName], [" ", ""], ["|", TOKEN_CLASSES["string.special"]]],
      [["  text: not a key", ""]],
      [["b", K], [":", P], [" ", ""], ["*a", TOKEN_CLASSES.labelName]],
    ] },
    { yaml: ["a: 'it''s", "  b: still quoted'"], want: [[["a", K], [":", P], [" ", ""], ["'it''s", S]], [["  b: still quoted'", S]]] },
    { yaml: ["a: {x: [1,", "  2], y: 3}"], want: [
      [["a", K], [":", P], [" ", ""], ["{", P], ["x", K], [":", P], [" ", ""], ["[", P], ["1", ""], [",", P]],
      [["  2", ""], ["],", P], [" ", ""], ["y", K], [":", P], [" 3", ""], ["}", P]],
    ] },
    { yaml: ["a: plain", "  goes on: here"], want: [[["a", K], [":", P], [" plain", ""]], [["  goes on: here", ""]]] },
    { yaml: ["---", "%YAML 1.2"], want: [[["---", TOKEN_CLASSES.meta]], [["%YAML", TOKEN_CLASSES.keyword], [" ", ""], ["1.2", S]]] },
    { yaml: ["%TAG", "a: b"], want: [[["%TAG", TOKEN_CLASSES.keyword]], [["a", K], [":", P], [" b", ""]]] },
    { yaml: ["? k", ": v"], want: [[["?", P], [" ", ""], ["k", K]], [[":", P], [" v", ""]]] },
  ];
  for (const { yaml: lines, want } of cases) {
    const got = colourLines(lines).map((pieces) => pieces.map((p) => [p.text, p.classes]));
    assert.deepEqual(got, want, lines.join("\\n"));
  }
});

test("any text is cut into pieces that give it back, each token moving on", () => {
  const alphabet = [" ", "  ", ":", ": ", "- ", "-", "#", " #", "'", '"', "{", "}", "[", "]", ",", "|", ">", "&a", "*a", "!t", "? ", "%", "---", "...", "a", "k:", "1", "\t", "\\", "é", "🙂"];
  let seed = 28;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let round = 0; round < 2000; round++) {
    const lines = Array.from({ length: 1 + random(6) }, () => Array.from({ length: random(8) }, () => alphabet[random(alphabet.length)]).join(""));
    const state = startState();
    const coloured = colourLines(lines);
    assert.deepEqual(coloured.map((pieces) => pieces.map((p) => p.text).join("")), lines, JSON.stringify(lines));
    for (const text of lines) {
      if (text === "") continue;
      const stream = { string: text, pos: 0 };
      while (stream.pos < text.length) {
        const before = stream.pos;
        const tag = token(stream, state);
        assert.ok(stream.pos > before && stream.pos <= text.length, JSON.stringify(lines));
        assert.ok(tag === null || tag in TOKEN_CLASSES, tag);
      }
    }
  }
});
