// The page's wiring, and nothing else: it reads the configuration, resolves the opening state,
// creates the components and the features and connects them. Each function below is one step of
// the start, in the order start() runs them. Every component and feature is one module, created
// here as a field of the page `p` (`p.sharing = createSharing({...})`); a callback that reaches
// another one goes through `p` (`() => p.scheduler.now()`), so the order of creation only
// matters for what a factory reads at once. The state lives in state.js (the store), when to
// merge in scheduler.js, the merge step in merger.js, how answers are shown in answers.js.

import { createAddressBar } from "./addressbar.js";
import { createAnswers } from "./answers.js";
import { createCommandView } from "./commandview.js";
import { readConfig, safeLocalStorage } from "./config.js";
import { debounce, h, replaceChildren } from "./dom.js";
import { createInputEditor } from "./editors.js";
import { inputRole } from "./embed.js";
import { createEmbedding } from "./embedding.js";
import { adoptEarlyWorker } from "./earlyworker.js";
import { createEngine, partsToSkip } from "./engine.js";
import { createExampleNote } from "./examplenote.js";
import { asksForExercise } from "./exercise.js";
import { createExerciseMode } from "./exercisemode.js";
import { createGallery, examplesLoader } from "./gallery.js";
import { historyRequest } from "./history.js";
import { createHistoryView } from "./historyview.js";
import { createInlineEngine } from "./inline.js";
import { resolveInitial } from "./initial.js";
import { createJump } from "./jump.js";
import { markLoad } from "./loadmarks.js";
import { createMerger } from "./merger.js";
import { createModeControls } from "./modecontrols.js";
import { INPUTS, buildRequest, sameState, stateFromRequest } from "./modes.js";
import { createNavigation } from "./navigation.js";
import { createNotice } from "./notice.js";
import { createOutput } from "./output.js";
import { createProgress } from "./progress.js";
import { createReproduce } from "./reproduce.js";
import { createScheduler } from "./scheduler.js";
import { createSchemaPanel } from "./schema.js";
import { writeWait } from "./share.js";
import { createSharing } from "./sharing.js";
import { createShortcutsDialog, listenShortcuts } from "./shortcuts.js";
import { createStore } from "./state.js";
import { createAutosave } from "./storage.js";
import { TALL, createTerminal } from "./terminal.js";
import { createThemeToggle } from "./theme.js";

const root = document.documentElement;

start().catch((err) => {
  console.error(err);
  // The page never goes blank: say what happened where the playground would be.
  document.getElementById("mp-workspace")?.prepend(h("p", { class: "mp-fatal", role: "alert", text: `The playground could not start: ${err?.message ?? err}` }));
});

async function start() {
  markLoad("main");
  const config = readConfig(document, location);
  root.classList.add("mp-js");
  if (config.embed.embed) root.dataset.embed = "";
  const p = await openState(config);
  markLoad("state");
  createInputs(config, p);
  createOutputs(config, p);
  createFeatures(config, p);
  connect(p);
  showFirstAnswer(config, p);
  mountAll(config, p);
  markLoad("built");
  begin(config, p);
}

/**
 * The engine starts loading first, then the opening state is resolved and its answer asked for
 * while the page builds itself. The engine's statuses wait until the page can show them.
 */
async function openState(config) {
  const statuses = holdStatuses();
  // It takes over the worker boot.js started before this module ran, when there is one.
  const engine = createEngine({
    workerURL: config.workerURL, wasmURL: config.wasmURL, wasmExecURL: config.wasmExecURL, onStatus: statuses.take,
    createWorker: (url) => adoptEarlyWorker(url) ?? new Worker(url),
    inline: createInlineEngine({ wasmExecURL: config.wasmExecURL }),
  });
  // The browser starts the worker only once this thread is free: let it, before building the page.
  await engine.started(100);
  const loadExamples = examplesLoader(config.examplesURL, (url) => fetch(url));
  const storage = safeLocalStorage(window);
  const autosave = createAutosave(config.embed.embed ? null : storage);
  const initial = await resolveInitial({ hash: location.hash, autosaved: autosave.load(), prerendered: config.prerendered, loadExamples });
  const first = buildRequest(initial.state);
  engine.prefetch({ ...first, skip: partsToSkip("result") }); // as merge() will ask, the Result tab shown
  const store = createStore({ state: initial.state, exampleName: initial.exampleName });
  return { engine, statuses, loadExamples, storage, autosave, initial, store };
}

/** The engine's statuses, held until the page listens (listen) and shows those held (flush). */
function holdStatuses() {
  const early = [];
  let show = (s) => early.push(s);
  return {
    take: (s) => show(s),
    listen: (fn) => { show = fn; },
    flush: () => { for (const s of early.splice(0)) show(s); },
  };
}

/** The input side: the editors, the schema panel, the example's note and the notice. */
function createInputs(config, p) {
  const { initial, store } = p;
  const onRun = () => p.scheduler.now();
  p.editors = Object.fromEntries(INPUTS.map((input) => [input, createInputEditor({
    input, text: initial.state[input], nonce: config.nonce, role: inputRole(config.embed, initial.state, input), onRun, onChange: (name, text) => store.setInput(name, text),
  })]));
  p.schema = createSchemaPanel({ nonce: config.nonce, schema: initial.state.options.schema, schemaType: initial.state.options.schemaType, onChange: (key, value) => store.setOption(key, value), onRun });
  p.note = createExampleNote();
  p.notice = createNotice();
}

/** The output side: the exercise, the output column, the terminal, the presenter, the merge loop. */
function createOutputs(config, p) {
  const embedded = config.embed.embed;
  p.exercise = createExerciseMode({ root, lastGood: () => p.answers.lastGood(), onChange: () => p.address.sync(), onScore: (score) => p.embedding.postScore(score) });
  p.steps = createHistoryView({ store: p.store, liveEditor: p.editors.live, history: p.initial.history, readOnly: config.embed.readonly, root });
  p.output = createOutput({ nonce: config.nonce, onRun: () => p.scheduler.now(), onAgain: () => p.navigation.stepAgain(), onShowConflict: (line) => p.editors.live.focusAt(line, 1), actions: [p.exercise.entry, p.steps.entry], complete: (response, part) => p.merger.complete(response, part) });
  p.commandView = createCommandView({ onReproduce: (request) => p.reproduce(request) });
  p.terminal = createTerminal({ body: p.commandView.dom, storage: embedded ? null : p.storage, tall: !embedded && matchMedia(TALL).matches });
  p.answers = createAnswers({ root, editors: p.editors, schema: p.schema, output: p.output, onAnswer: (response, request) => {
    p.embedding.postResult(response);
    p.commandView.update(response, request);
    const history = p.steps.history();
    p.commandView.setHistory(history ? historyRequest(history) : null);
    p.terminal.update(response);
  } });
  p.progress = createProgress({ status: p.output.status, canSay: () => p.answers.hasAnswered() });
  p.merger = createMerger({
    engine: p.engine, store: p.store, output: p.output, answers: p.answers, progress: p.progress, history: p.steps,
    views: () => [{ build: p.output.buildResult }, ...INPUTS.map((input) => p.editors[input]), p.schema],
    onShown: () => p.exercise.refresh(),
    onAnswered: (ms) => p.scheduler.answered(ms),
  });
  p.scheduler = createScheduler({ merge: p.merger.merge });
}

/** The features around them: the mode's controls, examples, sharing, embedding, the header's tools. */
function createFeatures(config, p) {
  const { store, storage } = p;
  p.modes = createModeControls({ root, embed: config.embed, editors: p.editors, output: p.output, schema: p.schema, onSwitch: (mode) => p.navigation.switchMode(mode), onOption: (key, value) => store.setOption(key, value) });
  p.navigation = createNavigation({ store, notice: p.notice, status: p.output.status, answers: p.answers, loadExamples: p.loadExamples, exercise: p.exercise, adoptHistory: (history) => p.steps.adopt(history) });
  p.gallery = createGallery({ onOpen: (ex) => p.navigation.openExample(ex) });
  p.sharing = createSharing({ pageURL: config.pageURL, store, exerciseFragment: (state) => p.exercise.fragment(state), syncAddress: () => p.address.syncNow(), history: () => p.steps.history(), adoptHistory: (history) => p.steps.adopt(history) });
  p.embedding = createEmbedding({ win: window, pageURL: config.pageURL, embedded: config.embed.embed, store, lastResponse: () => p.answers.lastGood()?.response ?? null, history: () => p.steps.history() });
  p.reproduce = createReproduce({ engine: p.engine, isStale: () => p.answers.isStale(), mergeNow: () => p.scheduler.now() });
  p.shortcuts = createShortcutsDialog();
  p.theme = createThemeToggle({ root, storage, media: matchMedia("(prefers-color-scheme: dark)"), forced: config.embed.theme });
  p.jump = createJump({ target: () => document.getElementById("mp-output"), focus: () => document.querySelector("#mp-output [role=tab][aria-selected=true]") });
  p.openLink = h("a", { class: "mp-button mp-open", target: "_blank", rel: "noopener", href: config.pageURL }, "Open in playground ↗");
  p.address = createAddressBar({
    win: window, pageURL: config.pageURL, embedded: config.embed.embed, fragment: () => p.sharing.fragment(), wait: () => writeWait(store.get(), 250),
    onHref: (href) => { p.openLink.href = href; },
    onLink: (hash) => p.navigation.openHash(hash),
    keepLink: Boolean(p.initial.notice),
  });
  p.saveSoon = debounce(() => p.autosave.save(store.get()), () => writeWait(store.get(), 400));
}

/** The data flow: a change of the state → stale, merge, save, address, note. */
function connect(p) {
  const { store, answers, editors } = p;
  const showNote = () => p.note.show(store.example(), store.edited());
  store.subscribe((change) => {
    if (change === "example") return showNote();
    const state = store.get();
    if (change === "load") {
      answers.documentsReplaced();
      for (const input of INPUTS) editors[input].setText(state[input]);
      p.schema.setValues(state.options.schema, state.options.schemaType);
    }
    if (change === "load" || change === "mode") p.modes.apply(state);
    p.steps.changed(change);
    if (change === "option") p.schema.setSummary(state.options.schema, state.options.schemaType);
    answers.setStale(true);
    p.progress.edited(change);
    if (change === "load") p.scheduler.now();
    else p.scheduler.changed();
    p.saveSoon();
    p.address.sync();
    showNote();
  });
  p.statuses.listen((s) => answers.engineStatus(s));
}

/** The opening state's mode applied, its notice shown, and the prerendered answer when it is its. */
function showFirstAnswer(config, p) {
  const { store } = p;
  if (config.embed.readonly) for (const input of INPUTS) p.editors[input].setReadOnly(true);
  p.modes.apply(store.get());
  p.notice.show(p.initial.notice);
  const pre = config.prerendered;
  if (pre && sameState(store.get(), stateFromRequest(pre.request))) {
    root.dataset.prerendered = "";
    p.output.setPrerendered(true);
    p.answers.show(pre.response, buildRequest(store.get()), { prerendered: true });
  }
}

/**
 * The components go into the page only now, with the first answer drawn: a CodeMirror view
 * reads the page's selection when it updates, which makes the browser lay out the whole page
 * first; views outside the page update without it, and the page is laid out once.
 */
function mountAll(config, p) {
  const button = (action, onclick, ...label) => h("button", { type: "button", class: "mp-button", "data-action": action, onclick }, ...label);
  const examples = () => { p.loadExamples().then(p.gallery.setExamples); p.gallery.open(); };
  const keys = h("button", { type: "button", class: "mp-button", "data-action": "shortcuts", "aria-keyshortcuts": "?", onclick: () => p.shortcuts.open() }, "Keys ", h("kbd", { text: "?" }));
  mount("mp-modes", p.modes.switchDom);
  mount("mp-actions",
    p.jump.dom,
    button("examples", examples, "Examples"),
    button("share", () => p.sharing.open(), "Share"),
    button("embed", () => p.embedding.open(), "Embed"),
    keys,
    p.theme.dom,
    p.openLink,
  );
  mount("mp-bar", p.modes.optionsDom, p.schema.dom);
  mount("mp-note", p.notice.dom, p.note.dom);
  mount("mp-inputs", ...INPUTS.map((input) => p.editors[input].dom));
  mount("mp-output", p.steps.dom, ...p.output.dom, p.exercise.dom, p.terminal.dom);
  document.body.append(p.gallery.dom, p.sharing.dom, p.embedding.dom, p.shortcuts.dom);
}

/** The page runs: the exercise when asked for, the engine's held statuses, the first merge, the keys. */
function begin(config, p) {
  const { store } = p;
  if (asksForExercise(location.hash) || config.embed.exercise) p.exercise.enter();
  p.statuses.flush();
  if (store.exampleName()) showOpenedExample(config, p);
  p.scheduler.now();
  p.address.sync();
  listenShortcuts(document, { run: () => p.scheduler.now(), open: () => p.shortcuts.open() });
}

/**
 * The opened example in its note: the prerendered one from what the build embedded with its
 * answer (the first load fetches no examples.json), another from examples.json.
 */
function showOpenedExample(config, p) {
  const { store } = p;
  const opened = config.prerendered?.opened;
  if (opened && opened.name === store.exampleName()) {
    store.setExample(opened);
    return;
  }
  p.loadExamples().then((list) => {
    p.gallery.setExamples(list);
    store.setExample(list.find((e) => e.name === store.exampleName()) ?? null);
  });
}

function mount(id, ...children) {
  const el = document.getElementById(id);
  if (el) replaceChildren(el, ...children);
}
