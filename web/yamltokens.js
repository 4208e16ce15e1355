// The colours of YAML text, for the editors and the result pane (as CodeMirror's stream
// language, cm.js) and for their previews before CodeMirror arrives (preview.js). A line is cut
// into tokens from a small state carried from line to line (inside a block scalar, a quoted
// scalar or a flow collection), so an edit costs the lines from it to the end of what is shown,
// and no line is ever read as an error.
//
// Each token is named by the @lezer/highlight tag it stands for ("propertyName.definition" is
// the definition modifier on propertyName), and those are the tags @lezer/yaml gave the same
// text through CodeMirror's YAML support, which the page used before: yamltokens.test.js checks
// that the two colour every example alike, character by character. Where they differ is where
// @lezer/yaml 1.0.4 reads an error: a managedFields key such as `k:{"name":"web"}:` (a plain
// key holding flow indicators, which YAML allows: yaml-test-suite 2EBW) is a key here.
//
// This reads no YAML for meaning: the engine does that. It only colours, and its worst is a
// wrong colour.

/** The class `classHighlighter` (@lezer/highlight) gives each token's tag (a test checks it). */
export const TOKEN_CLASSES = Object.freeze({
  "propertyName.definition": "tok-propertyName tok-definition",
  string: "tok-string",
  "string.special": "tok-string2",
  comment: "tok-comment",
  punctuation: "tok-punctuation",
  meta: "tok-meta",
  labelName: "tok-labelName",
  typeName: "tok-typeName",
  keyword: "tok-keyword",
});

const KEY = "propertyName.definition";
const FLOW_INDICATORS = ",[]{}";
const INDENT_UNIT = 2;

/**
 * @typedef {object} LineState what a line hands the next
 * @property {number} flow how deep in flow collections (`[`, `{`) the text is
 * @property {string} quote the quote of a quoted scalar that goes on, or ""
 * @property {boolean} inBlock the line is in a block scalar's content
 * @property {number} blockParent the column a block scalar's content must pass
 * @property {number} blockIndent the block scalar's content indentation, -1 until its first line
 * @property {boolean} blockPending a block scalar's header was read on this line
 * @property {boolean} directive this line is a directive (`%YAML 1.2`)
 * @property {number} plainParent while a plain scalar value may go on to the next line, the
 *   column its lines must pass; else -1
 * @property {boolean} plainLine this line goes on with a plain scalar from the line before
 * @property {boolean} explicitKey the scalar after a `?` is a key
 * @property {number} keyCol the column of this line's last key, or -1
 * @property {number} dashCol the column of this line's last sequence dash, or -1
 * @property {number} lineIndent this line's indentation
 * @property {boolean} content this line holds something besides blanks and a comment
 */

/** @returns {LineState} the state before a text's first line */
export function startState() {
  return { flow: 0, quote: "", inBlock: false, blockParent: -1, blockIndent: -1, blockPending: false, directive: false, plainParent: -1, plainLine: false, explicitKey: false, keyCol: -1, dashCol: -1, lineIndent: 0, content: false };
}

/**
 * @param {LineState} state
 * @returns {LineState}
 */
export function copyState(state) {
  return { ...state };
}

/**
 * Reads one token of a line from stream.pos and moves stream.pos past it (CodeMirror's
 * StringStream, or any {string, pos}).
 * @param {{string: string, pos: number}} stream
 * @param {LineState} state
 * @returns {string|null} the token's tag name (TOKEN_CLASSES), null for plain text
 */
export function token(stream, state) {
  const line = stream.string;
  if (stream.pos === 0) startLine(line, state);
  if (state.inBlock || state.plainLine) {
    stream.pos = line.length;
    return null;
  }
  if (state.quote) return quoted(stream, state, state.quote, stream.pos);
  const at = stream.pos;
  const ch = line[at];
  if (ch === " " || ch === "\t") {
    stream.pos = skipBlanks(line, at);
    return null;
  }
  state.plainParent = -1;
  if (ch === "#" && (at === 0 || isBlank(line[at - 1]))) {
    stream.pos = line.length;
    return "comment";
  }
  state.content = true;
  if (at === 0) {
    const marker = lineStart(stream, state);
    if (marker !== undefined) return marker;
  }
  return indicator(stream, state) ?? scalar(stream, state);
}

/**
 * A line with nothing to read: inside a block scalar it is content; elsewhere it says nothing
 * about the indentation the next line wants.
 * @param {LineState} state
 */
export function blankLine(state) {
  state.keyCol = -1;
  state.dashCol = -1;
  state.content = false;
}

/**
 * The indentation a new line gets after what was read (Enter in an editor), as CodeMirror's YAML
 * support gave it: a key's column, a sequence dash's, a block scalar's content, or null (the
 * line before's own indentation).
 * @param {LineState} state
 * @returns {number|null}
 */
export function indent(state) {
  if (state.flow > 0 || state.quote) return null;
  if (state.inBlock && state.blockIndent >= 0) return state.blockIndent;
  if (state.blockPending) return state.lineIndent + INDENT_UNIT;
  if (state.keyCol >= 0) return state.keyCol;
  if (state.dashCol >= 0) return state.dashCol;
  return state.content ? state.lineIndent : null;
}

/**
 * Cuts a whole text into lines of pieces, each with its highlighting classes.
 * @param {string[]} lines
 * @returns {{text: string, classes: string}[][]}
 */
export function colourLines(lines) {
  const state = startState();
  return lines.map((text) => {
    if (text === "") {
      blankLine(state);
      return [];
    }
    const stream = { string: text, pos: 0 };
    const pieces = [];
    while (stream.pos < text.length) {
      const from = stream.pos;
      const tag = token(stream, state);
      const classes = tag ? TOKEN_CLASSES[tag] : "";
      const last = pieces[pieces.length - 1];
      if (last && last.classes === classes) last.text += text.slice(from, stream.pos);
      else pieces.push({ text: text.slice(from, stream.pos), classes });
    }
    return pieces;
  });
}

/**
 * What a line's start decides: whether a block scalar goes on through it, and what the line
 * remembers for the indentation after it.
 * @param {string} line
 * @param {LineState} state
 */
function startLine(line, state) {
  const indentation = skipBlanks(line, 0);
  const blank = indentation === line.length;
  if (state.blockPending) {
    state.blockPending = false;
    state.inBlock = true;
    state.blockIndent = -1;
  }
  if (state.inBlock && !blank) {
    if (state.blockIndent < 0 && indentation > state.blockParent) state.blockIndent = indentation;
    else if (state.blockIndent < 0 || indentation < state.blockIndent) state.inBlock = false;
  }
  if (state.inBlock) return;
  state.plainLine = !blank && state.plainParent >= 0 && indentation > state.plainParent && line[indentation] !== "#";
  if (state.plainLine) return;
  state.plainParent = -1;
  state.keyCol = -1;
  state.dashCol = -1;
  state.content = false;
  state.explicitKey = false;
  state.directive = false;
  state.lineIndent = indentation;
}

/**
 * A document marker or a directive at a line's start, or undefined.
 * @param {{string: string, pos: number}} stream
 * @param {LineState} state
 * @returns {string|null|undefined}
 */
function lineStart(stream, state) {
  const line = stream.string;
  if ((line.startsWith("---") || line.startsWith("...")) && (line.length === 3 || isBlank(line[3]))) {
    stream.pos = 3;
    state.flow = 0;
    return "meta";
  }
  if (line[0] === "%") {
    stream.pos = endOfWord(line, 0);
    state.content = false;
    state.directive = true;
    return "keyword";
  }
  return undefined;
}

/**
 * An indicator at stream.pos: a flow collection's bracket or comma, a sequence dash, a key's
 * `?` or `:`, an anchor, alias or tag, a block scalar's header; or null.
 * @param {{string: string, pos: number}} stream
 * @param {LineState} state
 * @returns {string|null}
 */
function indicator(stream, state) {
  const line = stream.string;
  const at = stream.pos;
  const ch = line[at];
  const spaced = at + 1 === line.length || isBlank(line[at + 1]);
  if (FLOW_INDICATORS.includes(ch) && (ch !== "," || state.flow > 0)) {
    if (ch === "[" || ch === "{") state.flow++;
    else if (ch !== ",") state.flow = Math.max(0, state.flow - 1);
    stream.pos = at + 1;
    return "punctuation";
  }
  if ((ch === "-" || ch === "?") && spaced && state.flow === 0) {
    if (ch === "-") state.dashCol = at;
    else state.explicitKey = true;
    stream.pos = at + 1;
    return "punctuation";
  }
  if (ch === ":" && (spaced || state.flow > 0)) {
    stream.pos = at + 1;
    return "punctuation";
  }
  if (ch === "&" || ch === "*" || ch === "!") {
    stream.pos = endOfWord(line, at, state.flow > 0);
    return ch === "!" ? "typeName" : "labelName";
  }
  if ((ch === "|" || ch === ">") && state.flow === 0) {
    let end = at + 1;
    while (end < line.length && "0123456789+-".includes(line[end])) end++;
    stream.pos = end;
    state.blockPending = true;
    state.blockParent = Math.max(state.keyCol, state.dashCol, state.lineIndent - 1);
    return "string.special";
  }
  return null;
}

/**
 * A scalar at stream.pos, quoted or plain: a key when a `:` follows it, else a value.
 * @param {{string: string, pos: number}} stream
 * @param {LineState} state
 * @returns {string|null}
 */
function scalar(stream, state) {
  const at = stream.pos;
  const ch = stream.string[at];
  if (state.directive) {
    stream.pos = stream.string.length;
    state.directive = false;
    return "string";
  }
  if (ch === '"' || ch === "'") return quoted(stream, state, ch, at + 1);
  const end = plainEnd(stream.string, at, state.flow > 0);
  stream.pos = Math.max(end.to, at + 1);
  if (end.key || state.explicitKey) return key(state, at);
  if (state.flow === 0) state.plainParent = Math.max(state.keyCol, state.dashCol, state.lineIndent - 1);
  return null;
}

/**
 * A quoted scalar from `from` (after its opening quote, or a line's start when it goes on): to
 * its closing quote, or to the line's end when it goes on to the next line.
 * @param {{string: string, pos: number}} stream
 * @param {LineState} state
 * @param {string} quote
 * @param {number} from
 * @returns {string}
 */
function quoted(stream, state, quote, from) {
  const line = stream.string;
  const start = stream.pos;
  let i = from;
  for (; i < line.length; i++) {
    if (quote === '"' && line[i] === "\\") i++;
    else if (line[i] === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else break;
    }
  }
  if (i >= line.length) {
    state.quote = quote;
    stream.pos = line.length;
    return "string";
  }
  const opened = !state.quote;
  state.quote = "";
  stream.pos = i + 1;
  if (!opened) return "string";
  const next = skipBlanks(line, i + 1);
  const colon = line[next] === ":" && (next + 1 === line.length || isBlank(line[next + 1]) || state.flow > 0);
  return colon || state.explicitKey ? key(state, start) : "string";
}

/**
 * Records a key read at a column (a block mapping's: the indentation after it).
 * @param {LineState} state
 * @param {number} column
 * @returns {string}
 */
function key(state, column) {
  if (state.flow === 0) state.keyCol = column;
  state.explicitKey = false;
  return KEY;
}

/**
 * Where a plain scalar from `at` ends (trailing blanks left out), and whether a key's `:` ends
 * it: a `:` before a blank or the line's end, or in a flow collection before a flow indicator.
 * A ` #` ends it too, and in a flow collection a flow indicator.
 * @param {string} line
 * @param {number} at
 * @param {boolean} inFlow
 * @returns {{to: number, key: boolean}}
 */
function plainEnd(line, at, inFlow) {
  let i = at;
  let key = false;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === ":" && i > at) {
      const after = line[i + 1];
      if (after === undefined || isBlank(after) || (inFlow && FLOW_INDICATORS.includes(after))) {
        key = true;
        break;
      }
    } else if (c === "#" && i > at && isBlank(line[i - 1])) break;
    else if (inFlow && FLOW_INDICATORS.includes(c)) break;
  }
  let to = i;
  while (to > at && isBlank(line[to - 1])) to--;
  return { to, key };
}

/**
 * @param {string} line
 * @param {number} at
 * @param {boolean} [inFlow] a flow indicator ends the word too
 * @returns {number} where the word from `at` ends (a blank, the line's end)
 */
function endOfWord(line, at, inFlow = false) {
  let i = at + 1;
  while (i < line.length && !isBlank(line[i]) && !(inFlow && FLOW_INDICATORS.includes(line[i]))) i++;
  return i;
}

/**
 * @param {string} line
 * @param {number} at
 * @returns {number} the first column from `at` that is not a space or a tab
 */
function skipBlanks(line, at) {
  let i = at;
  while (i < line.length && isBlank(line[i])) i++;
  return i;
}

/**
 * @param {string|undefined} ch
 * @returns {boolean}
 */
function isBlank(ch) {
  return ch === " " || ch === "\t";
}
