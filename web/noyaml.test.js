// The page reads no YAML: every span it draws (a mark's lines, the blocks, the folds, where a
// deleted field goes, the owners of a value over several lines) comes from the engine's response
// (web/README.md, "Layout from the engine"). This test keeps it so: it lists every regular
// expression in the page's modules and allows only those below, none of which reads a YAML
// line's structure (indentation, list dashes, keys); and it checks that no module measures a
// line's indentation but the two that draw struck lines. The one exception is colour:
// yamltokens.js cuts lines into tokens for CodeMirror's highlighting and the previews' (as
// @lezer/yaml did before it), and only the modules that colour may import it.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

/** The regular expressions the page may hold, by module, each with what it is for. */
const ALLOWED = {
  "answers.js": {
    "[.\\s]+$": "trims a sentence's end",
  },
  "embed.js": {
    "%2C": "keeps commas readable in an embed's address",
    "&": "escapes HTML in the embed snippet (text, never parsed)",
    "\"": "escapes HTML in the embed snippet",
    "<": "escapes HTML in the embed snippet",
    ">": "escapes HTML in the embed snippet",
  },
  "editors.js": { "\\r\\n?": "an editor's text with LF line breaks, as CodeMirror keeps it, before its view is built" },
  "examplenote.js": {
    "\\n\\s*\\n": "cuts an example's explanation into paragraphs",
    "\\s+": "joins a paragraph's lines",
  },
  "fold.js": { "[^./]+$": "a fold path's last key, for its label" },
  "gallery.js": {
    "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$": "an example's folder name",
    "^.*?[.!?](\\s|$)": "an explanation's first sentence",
    "\\s+": "joins an explanation's lines",
  },
  "marks.js": {
    "\\r?\\n": "splits a text into lines",
    "^[^\\s:;,]*": "a reason's first word, to capitalise it",
    "^[a-z]+$": "whether that word is plain lower case",
    "[.!?]$": "whether a sentence ends",
  },
  "preview.js": { "\\r\\n?|\\n": "splits an editor's text into lines as CodeMirror does (its preview, before the view is built)" },
  "share.js": {
    "^#": "a link's fragment",
    "^s=(\\d{1,6})\\.([A-Za-z0-9_-]*)$": "a share link's version and payload",
    "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$": "an example's folder name",
    "(^|[\\s{,])[\"']?kind[\"']?\\s*:\\s*[\"']?Secret[\"']?\\s*($|[,}#])": "the Share dialog's warning that an input may hold a Secret, read before any answer (a warning, never a layout)",
    "=+$": "base64 padding",
    "\\+": "base64 to base64url",
    "\\/": "base64 to base64url",
    "^[A-Za-z0-9_-]*$": "base64url text",
    "-": "base64url to base64",
    "_": "base64url to base64",
  },
  "modechange.js": { "Switch the mode to (\\w+)": "finds the modes an example's explanation invites the reader to switch to (prose, not YAML)" },
  "state.js": { "\\r?\\n": "compares an input's lines with its example's, as text, to tell whether it is still that example" },
  "twoway.js": { "^[A-Za-z0-9@%_+=:,./-]+$": "a shell word that needs no quotes" },
};

/** Modules that measure a line's leading spaces, and why. */
const MEASURE_INDENTATION = {
  "editorview.js": "underlines a conflict's text in the live editor, not its indentation",
  "marks.js": "moves struck lines by the shift the engine gives (place.shift)",
  "result.js": "strikes a deleted line's text, not its indentation",
  "resultpreview.js": "strikes a deleted line's text, not its indentation, as result.js does",
  "yamltokens.js": "colours a block scalar's lines, and indents a new line typed in an editor, as CodeMirror's YAML support did",
};

/** The modules that colour YAML with yamltokens.js: the views' language and the previews. */
const COLOUR = ["cm.js", "preview.js"];

/** The page's modules (not the tests), with their source. */
function modules() {
  const dir = new URL("./", import.meta.url);
  return fs.readdirSync(dir)
    .filter((f) => f.endsWith(".js") && !f.endsWith(".test.js"))
    .map((f) => ({ name: f, source: fs.readFileSync(new URL(f, dir), "utf8") }));
}

/**
 * The regular expression literals of a JavaScript source: a "/" where an expression starts (after
 * an operator, a bracket, a comma or `return`), outside strings, templates and comments.
 */
export function regexLiterals(source) {
  const out = [];
  let prev = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "/" && source[i + 1] === "/") {
      i = source.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      i = source.indexOf("*/", i + 2) + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      i = skipString(source, i);
      prev = c;
      continue;
    }
    if (c === "/" && (/[(,=:[!&|?{};+]/.test(prev) || prev === "" || /\breturn$/.test(source.slice(Math.max(0, i - 12), i).trimEnd()))) {
      const end = regexEnd(source, i);
      out.push(source.slice(i + 1, end));
      i = end;
      while (/[a-z]/.test(source[i + 1] ?? "")) i++;
      prev = "x";
      continue;
    }
    if (!/\s/.test(c)) prev = c;
  }
  return out;
}

function skipString(source, start) {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === quote) return i;
  }
  return source.length;
}

function regexEnd(source, start) {
  let inClass = false;
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) return i;
  }
  return source.length;
}

test("the regex finder finds regular expressions, not divisions, strings or comments", () => {
  assert.deepEqual(regexLiterals("const a = /x+/g; const b = c / d; // /no/\nconst s = '/no/'; f(/y/); return /z/;"), ["x+", "y", "z"]);
});

test("the page's regular expressions are only the ones allowed: none reads YAML", () => {
  const unknown = [];
  for (const { name, source } of modules()) {
    const allowed = ALLOWED[name] ?? {};
    for (const re of regexLiterals(source)) if (!Object.hasOwn(allowed, re)) unknown.push(`${name}: /${re}/`);
  }
  assert.deepEqual(unknown, [], "regular expressions this test does not allow: the page reads no YAML (web/README.md)");
});

test("only the modules drawing struck lines measure a line's indentation", () => {
  for (const { name, source } of modules()) {
    if (Object.hasOwn(MEASURE_INDENTATION, name)) continue;
    assert.ok(!/trimStart\(|trimLeft\(|\^ \*|\^\( \*\)|\^\\s\*-|indentOf|keyColumn/.test(source), `${name} measures indentation`);
  }
});

test("the helpers that rebuilt the result's structure from its text are gone", () => {
  const all = modules().map((m) => m.source).join("\n");
  for (const helper of ["subtreeEnd", "continuationEnd", "liveToResult", "anchorOf", "resultIndexOf", "documentBoundary", "blockEnd", "keyLine(", "isItem("]) {
    assert.ok(!all.includes(helper), helper);
  }
});

test("only the modules that colour text import the YAML tokens", () => {
  for (const { name, source } of modules()) {
    if (COLOUR.includes(name)) continue;
    assert.ok(!source.includes("./yamltokens.js"), `${name} imports yamltokens.js: the page reads no YAML for meaning`);
  }
});
