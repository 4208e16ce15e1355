// The page's wiring: reads its configuration from <html data-*>, resolves the opening state,
// builds the components and connects them. All logic lives in the modules; the page's one
// mutable state (the inputs, mode and options, and the last good answer) lives here.

import { cspNonce } from "./cm.js";
import { createModeSwitch, createOptionsBar } from "./controls.js";
import { copyText, debounce, h, replaceChildren } from "./dom.js";
import { createInputEditor } from "./editors.js";
import { createEmbedBridge, embedPanes, parseEmbedParams } from "./embed.js";
import { createEmbedDialog } from "./embeddialog.js";
import { createEngine } from "./engine.js";
import { createExampleNote, createGallery, parseExamples } from "./gallery.js";
import { parsePrerendered, resolveInitial } from "./initial.js";
import { INPUTS, applyAgain, buildRequest, findMode, sameState, stateFromRequest } from "./modes.js";
import { createOutput } from "./output.js";
import { createSchemaPanel } from "./schema.js";
import { encodeShare, parseHash } from "./share.js";
import { createShareDialog } from "./sharedialog.js";
import { createNotice } from "./status.js";
import { createAutosave } from "./storage.js";
import { createThemeToggle } from "./theme.js";

const root = document.documentElement;

start().catch((err) => {
  console.error(err);
  // The page never goes blank: say what happened where the playground would be.
  const main = document.getElementById("mp-workspace");
  main?.prepend(h("p", { class: "mp-fatal", role: "alert", text: `The playground could not start: ${err?.message ?? err}` }));
});

async function start() {
  const config = readConfig();
  root.classList.add("mp-js");
  if (config.embed.embed) root.dataset.embed = "";

  // ---- engine and status ---------------------------------------------------------------------
  let onEngineStatus = null; // set once the page is built; until then the last status waits
  let earlyStatus = null;
  const engine = createEngine({
    workerURL: config.workerURL,
    wasmURL: config.wasmURL,
    wasmExecURL: config.wasmExecURL,
    onStatus: (s) => (onEngineStatus ? onEngineStatus(s) : (earlyStatus = s)),
  });

  let examplesPromise = null;
  const loadExamples = () => (examplesPromise ??= fetch(config.examplesURL)
    .then((r) => (r.ok ? r.json() : []))
    .then(parseExamples)
    .catch(() => []));

  const storage = safeLocalStorage();
  const autosave = createAutosave(config.embed.embed ? null : storage);
  const initial = await resolveInitial({ hash: location.hash, autosaved: autosave.load(), prerendered: config.prerendered, loadExamples });

  // ---- the page's state ------------------------------------------------------------------------
  let state = cloneState(initial.state);
  let example = null; // the opened example, while the state is still its own
  let exampleName = initial.exampleName;
  let exampleState = initial.exampleName ? cloneState(initial.state) : null;
  let lastGood = null; // {response, layout, request}
  let stale = false;
  let loading = false;
  let everAnswered = false;
  let lastFragment = location.hash.slice(1); // what the address bar holds, as far as the page knows

  // Debounced work: merge after a pause in typing, save, and keep the address bar a working link.
  const runSoon = debounce(() => run(), 120);
  const saveSoon = debounce(() => autosave.save(state), 400);
  let syncSeq = 0;
  const syncNow = async () => {
    const seq = ++syncSeq;
    const f = await fragment();
    if (seq !== syncSeq) return;
    openLink.href = `${config.pageURL}#${f}`;
    // Someone else changed the address (a pasted link): its hashchange loads it, then syncs.
    if (config.embed.embed || f === lastFragment || location.hash.slice(1) !== lastFragment) return;
    lastFragment = f;
    history.replaceState(history.state, "", `${location.pathname}${location.search}#${f}`);
  };
  const syncSoon = debounce(syncNow, 250);
  const syncURL = () => syncSoon();

  // ---- components ------------------------------------------------------------------------------
  const onRun = () => runNow();
  const editors = Object.fromEntries(INPUTS.map((input) => [input, createInputEditor({ input, text: state[input], nonce: config.nonce, onChange, onRun })]));
  const schema = createSchemaPanel({ nonce: config.nonce, schema: state.options.schema, schemaType: state.options.schemaType, onChange: (key, value) => setOption(key, value), onRun });
  const modeSwitch = createModeSwitch({ onChange: (mode) => { state.mode = mode; applyMode(); afterEdit(); } });
  const optionsBar = createOptionsBar({ onChange: (key, value) => setOption(key, value) });
  const note = createExampleNote();
  const notice = createNotice();
  const output = createOutput({ nonce: config.nonce, onRun, onAgain: () => stepAgain(), onShowConflict: (line) => editors.live.focusAt(line, 1) });
  const status = output.status;

  const gallery = createGallery({ onOpen: (ex) => openExample(ex) });
  const shareDialog = createShareDialog({ onOpenFile: (s) => loadState(s, null) });
  const embedDialog = createEmbedDialog();
  const theme = createThemeToggle({ root, storage, media: matchMedia("(prefers-color-scheme: dark)"), forced: config.embed.theme });
  const openLink = h("a", { class: "mp-button mp-open", target: "_blank", rel: "noopener", href: config.pageURL }, "Open in playground ↗");

  // ---- layout ----------------------------------------------------------------------------------
  mount("mp-modes", modeSwitch.dom);
  mount("mp-actions",
    h("button", { type: "button", class: "mp-button", onclick: () => { loadExamples().then(gallery.setExamples); gallery.open(); } }, "Examples"),
    h("button", { type: "button", class: "mp-button", onclick: () => share() }, "Share"),
    h("button", { type: "button", class: "mp-button", onclick: () => openEmbed() }, "Embed"),
    theme.dom,
    openLink,
  );
  mount("mp-bar", optionsBar.dom, schema.dom);
  mount("mp-note", notice.dom, note.dom);
  mount("mp-inputs", ...INPUTS.map((input) => editors[input].dom));
  mount("mp-output", ...output.dom);
  document.body.append(gallery.dom, shareDialog.dom, embedDialog.dom);

  const bridge = createEmbedBridge({
    win: window,
    onSet: (message) => {
      const next = cloneState(state);
      if (message.mode) next.mode = message.mode;
      for (const input of INPUTS) if (message[input] !== undefined) next[input] = message[input];
      if (message.options) Object.assign(next.options, message.options);
      loadState(next, null);
    },
    getState: () => cloneState(state),
    getResponse: () => lastGood?.response ?? null,
    reportHeight: config.embed.embed,
  });

  if (config.embed.readonly) for (const input of INPUTS) editors[input].setReadOnly(true);

  onEngineStatus = (s) => {
    if (s.state === "unavailable") {
      status.set("error", s.message);
      setStale(true);
    } else if (s.state === "restarting") {
      status.set("working", s.message);
    }
  };
  if (earlyStatus) onEngineStatus(earlyStatus);

  // ---- first answer ----------------------------------------------------------------------------
  applyMode();
  notice.show(initial.notice);
  const pre = config.prerendered;
  if (pre && sameState(state, stateFromRequest(pre.request))) {
    showResponse(pre.response, buildRequest(state), { prerendered: true });
    root.dataset.prerendered = "";
    output.setPrerendered(true);
    status.set("working", "Showing the answer computed when the page was built; the engine is loading…");
  }
  if (exampleName) loadExamples().then((list) => {
    gallery.setExamples(list);
    example = list.find((e) => e.name === exampleName) ?? null;
    showNote();
  });
  runNow();
  syncURL();

  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      runNow();
    }
  });
  window.addEventListener("hashchange", async (event) => {
    const hash = new URL(event.newURL).hash;
    if (hash.slice(1) === lastFragment) return;
    lastFragment = hash.slice(1);
    syncSoon.cancel();
    syncSeq++; // a sync already under way must not write the old state over the new link
    if (parseHash(hash).kind === "none") return;
    const next = await resolveInitial({ hash, autosaved: null, prerendered: null, loadExamples });
    notice.show(next.notice);
    if (next.from === "link" || next.from === "example") {
      const list = next.exampleName ? await loadExamples() : [];
      loadState(next.state, list.find((e) => e.name === next.exampleName) ?? null);
    }
  });

  // ---- behaviour -------------------------------------------------------------------------------

  function onChange(input, text) {
    if (loading) return;
    state[input] = text;
    afterEdit();
  }

  function setOption(key, value) {
    if (loading) return;
    state.options[key] = value;
    if (key === "schema" || key === "schemaType") updateSchemaSummary();
    afterEdit();
  }

  /** After any change: the result is stale until the engine answers the new state. */
  function afterEdit() {
    setStale(true);
    runSoon();
    saveSoon();
    syncURL();
    showNote();
  }

  function runNow() {
    runSoon.cancel();
    run();
  }

  async function run() {
    const request = buildRequest(state);
    try {
      const response = await engine.request(request);
      showResponse(response, request, { elapsed: engine.lastDuration() });
    } catch (err) {
      if (err?.code === "superseded") return;
      setStale(true);
      status.set("error", err?.message ?? String(err));
    }
  }

  /** Shows an answer: problems in their editors, or the result, marks and views. */
  function showResponse(response, request, { prerendered = false, elapsed = 0 } = {}) {
    const errors = Array.isArray(response?.errors) ? response.errors : [];
    const liveConflicts = Array.isArray(response?.conflicts) ? response.conflicts : [];
    for (const input of INPUTS) editors[input].setProblems(errors.filter((e) => e.input === input), input === "live" ? liveConflicts : []);
    const schemaErrors = errors.filter((e) => e.input === "schema");
    schema.setProblems(schemaErrors);
    if (!prerendered) {
      answered();
      bridge.postResult(response);
    }

    if (errors.length) {
      setStale(true);
      status.set(isNotBuilt(errors) ? "info" : "error", problemSummary(errors));
      if (!lastGood) output.showNothing("No result yet: see the message above.");
      return;
    }
    const layout = output.showAnswer(response, request.live, findMode(request.mode));
    lastGood = { response, layout, request };
    setStale(false);
    if (liveConflicts.length && !layout.hasResult) {
      status.set("warning", `The merge stops on ${liveConflicts.length === 1 ? "a conflict" : `${liveConflicts.length} conflicts`}: live stays as it is. They are marked below and in the live editor.`);
    } else if (!prerendered) {
      status.set("ok", `Merged in ${elapsed < 1 ? "under 1" : Math.round(elapsed)} ms.`);
    }
  }

  function answered() {
    if (everAnswered) return;
    everAnswered = true;
    delete root.dataset.prerendered;
    output.setPrerendered(false);
    root.dataset.ready = "";
  }

  function setStale(on) {
    stale = on;
    root.toggleAttribute("data-stale", on && lastGood !== null);
    output.setActions({ current: Boolean(lastGood) && !on });
  }

  function problemSummary(errors) {
    const e = errors[0];
    if (isNotBuilt(errors)) {
      const mode = findMode(state.mode);
      return `The engine does not do ${mode ? mode.title : state.mode} yet; it is coming. Your inputs are kept${lastGood ? ", and the last result stays, greyed" : ""}.`;
    }
    const where = INPUTS.includes(e.input) || e.input === "schema"
      ? `${roleName(e.input)}${e.line ? `, line ${e.line}${e.column ? `, column ${e.column}` : ""}` : ""}: `
      : "";
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    return `${where}${e.message}${more}.${lastGood ? " Showing the last good result." : ""}`;
  }

  function roleName(input) {
    const role = findMode(state.mode)?.inputs[input];
    return role ? `${role.label} (${input})` : input;
  }

  function applyMode() {
    const mode = findMode(state.mode);
    const shown = config.embed.embed ? embedPanes(config.embed, state.mode) : null;
    for (const input of INPUTS) {
      const role = mode.inputs[input];
      editors[input].setRole(shown && !shown.includes(input) ? null : role);
    }
    root.toggleAttribute("data-no-result", Boolean(shown && !shown.includes("result")));
    modeSwitch.update(state.mode);
    optionsBar.update(mode, state.options);
    output.setAgainHelp(mode.againHelp);
    updateSchemaSummary();
  }

  function updateSchemaSummary() {
    schema.setSummary(state.options.schema, state.options.schemaType);
  }

  /**
   * Replaces the whole state (an example, a file, a link, an embedder). `ex` is the example the
   * state opens; with keepExample, the current example stays (Apply again steps through it).
   */
  function loadState(next, ex, { keepExample = false } = {}) {
    loading = true;
    state = cloneState(next);
    for (const input of INPUTS) editors[input].setText(state[input]);
    schema.setValues(state.options.schema, state.options.schemaType);
    loading = false;
    if (!keepExample) {
      example = ex;
      exampleName = ex?.name ?? "";
      exampleState = ex ? cloneState(state) : null;
    }
    applyMode();
    setStale(true);
    saveSoon();
    syncURL();
    showNote();
    runNow();
  }

  function openExample(ex) {
    const next = stateFromRequest(ex.request);
    if (next) loadState(next, ex);
  }

  function showNote() {
    note.show(example, Boolean(example && exampleState && !sameState(state, exampleState)));
  }

  function stepAgain() {
    if (!lastGood?.response.result || stale) return;
    loadState(applyAgain(state, lastGood.response.result), null, { keepExample: true });
    status.set("info", findMode(state.mode).againHelp);
  }

  /** The fragment that reproduces the state: #example=<name> while an example is unedited. */
  async function fragment() {
    if (exampleName && exampleState && sameState(state, exampleState)) return `example=${exampleName}`;
    return encodeShare(state);
  }

  async function share() {
    syncSoon.cancel();
    await syncNow();
    const url = `${config.pageURL}#${await fragment()}`;
    const copied = await copyText(url);
    shareDialog.open({ url, state: cloneState(state), copied });
  }

  async function openEmbed() {
    embedDialog.open({ base: config.pageURL, fragment: await encodeShare(state), mode: state.mode, title: `mergeplay: ${example?.title ?? findMode(state.mode).title}` });
  }
}

// ---- helpers -----------------------------------------------------------------------------------

function readConfig() {
  const resolve = (name, fallback) => new URL(root.dataset[name] || fallback, document.baseURI).href;
  const pageURL = `${location.origin}${location.pathname}`;
  return {
    nonce: cspNonce(document),
    workerURL: resolve("worker", "web/worker.js"),
    wasmURL: resolve("wasm", "mergeplay.wasm"),
    wasmExecURL: resolve("wasmExec", "wasm_exec.js"),
    examplesURL: resolve("examples", "examples.json"),
    prerendered: parsePrerendered(document.getElementById("prerendered")?.textContent),
    embed: parseEmbedParams(location.search),
    pageURL,
  };
}

function mount(id, ...children) {
  const el = document.getElementById(id);
  if (el) replaceChildren(el, ...children);
}

function cloneState(s) {
  return { mode: s.mode, options: { ...s.options }, original: s.original, updated: s.updated, live: s.live };
}

function isNotBuilt(errors) {
  return errors.some((e) => e.input === "request" && /not built yet/.test(e.message));
}

function safeLocalStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
