// The page's wiring, and nothing else: it reads the configuration, resolves the opening state,
// builds the components and connects them. The state lives in state.js (the store), when to
// merge in scheduler.js, how answers are shown in answers.js, the address bar in addressbar.js;
// each component is its own module.

import { createAddressBar } from "./addressbar.js";
import { createAnswers } from "./answers.js";
import { createCommandView } from "./commandview.js";
import { readConfig, safeLocalStorage } from "./config.js";
import { afterPaint, copyText, debounce, download, h, replaceChildren } from "./dom.js";
import { createInputEditor } from "./editors.js";
import { createEmbedBridge, embedPanes } from "./embed.js";
import { createEmbedDialog } from "./embeddialog.js";
import { adoptEarlyWorker } from "./earlyworker.js";
import { createEngine, partsToSkip } from "./engine.js";
import { createExampleNote } from "./examplenote.js";
import { asksForExercise, exerciseFragment } from "./exercise.js";
import { createExercise } from "./exerciseview.js";
import { createGallery, examplesLoader } from "./gallery.js";
import { createHistoryView } from "./historyview.js";
import { resolveInitial } from "./initial.js";
import { createJump } from "./jump.js";
import { planModeSwitch } from "./modechange.js";
import { createModeSwitch } from "./modeswitch.js";
import { createNotice } from "./notice.js";
import { INPUTS, applyAgain, buildRequest, findMode, sameState, stateFromRequest } from "./modes.js";
import { createOptionsBar } from "./optionsbar.js";
import { createOutput } from "./output.js";
import { createProgress } from "./progress.js";
import { createScheduler } from "./scheduler.js";
import { createSchemaPanel } from "./schema.js";
import { encodeShare, writeWait } from "./share.js";
import { createShareDialog } from "./sharedialog.js";
import { createShortcutsDialog, focusTarget, opensShortcuts } from "./shortcuts.js";
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
  const config = readConfig(document, location);
  const embedded = config.embed.embed;
  root.classList.add("mp-js");
  if (embedded) root.dataset.embed = "";

  // The engine starts loading first; its statuses wait until the page can show them.
  const early = [];
  let onEngineStatus = (s) => early.push(s);
  // It takes over the worker boot.js started before this module ran, when there is one.
  const engine = createEngine({
    workerURL: config.workerURL, wasmURL: config.wasmURL, wasmExecURL: config.wasmExecURL, onStatus: (s) => onEngineStatus(s),
    createWorker: (url) => adoptEarlyWorker(url) ?? new Worker(url),
  });
  // The browser starts the worker only once this thread is free: let it, before building the page.
  await engine.started(100);
  const loadExamples = examplesLoader(config.examplesURL, (url) => fetch(url));
  const storage = safeLocalStorage(window);
  const autosave = createAutosave(embedded ? null : storage);
  const initial = await resolveInitial({ hash: location.hash, autosaved: autosave.load(), prerendered: config.prerendered, loadExamples });
  const first = buildRequest(initial.state);
  const firstSkip = partsToSkip(first, "result"); // as merge() will ask, the Result tab shown
  engine.prefetch(firstSkip.length ? { ...first, skip: firstSkip } : first); // the first answer is worked out while the page builds itself
  const store = createStore({ state: initial.state, exampleName: initial.exampleName });

  // ---- components --------------------------------------------------------------------------
  const onRun = () => scheduler.now();
  const editors = Object.fromEntries(INPUTS.map((input) => [input, createInputEditor({
    input, text: initial.state[input], nonce: config.nonce, role: roleOf(initial.state, input), onRun, onChange: (name, text) => store.setInput(name, text),
  })]));
  const schema = createSchemaPanel({ nonce: config.nonce, schema: initial.state.options.schema, schemaType: initial.state.options.schemaType, onChange: (key, value) => store.setOption(key, value), onRun });
  const modeSwitch = createModeSwitch({ onChange: (mode) => switchMode(mode) });
  const optionsBar = createOptionsBar({ onChange: (key, value) => store.setOption(key, value) });
  const note = createExampleNote();
  const notice = createNotice();
  const exercise = createExercise({
    onEnter: () => { enterExercise(); exercise.focus(); },
    onLeave: () => { leaveExercise(); exercise.entry.focus(); },
    onScore: (score) => bridge.postScore(score),
  });
  let exercising = false;
  let editorsBuilt = false;
  const steps = createHistoryView({ store, liveEditor: editors.live, history: initial.history, readOnly: config.embed.readonly, root });
  const output = createOutput({ nonce: config.nonce, onRun, onAgain: () => stepAgain(), onShowConflict: (line) => editors.live.focusAt(line, 1), actions: [exercise.entry, steps.entry], complete: (response, part) => completeAnswer(response, part) });
  const gallery = createGallery({ onOpen: (ex) => openExample(ex) });
  const shareDialog = createShareDialog({ onOpenFile: (s, history) => { steps.adopt(history); store.load(s, null); } });
  const embedDialog = createEmbedDialog();
  const shortcuts = createShortcutsDialog();
  const theme = createThemeToggle({ root, storage, media: matchMedia("(prefers-color-scheme: dark)"), forced: config.embed.theme });
  const jump = createJump({ target: () => document.getElementById("mp-output"), focus: () => document.querySelector("#mp-output [role=tab][aria-selected=true]") });
  const openLink = h("a", { class: "mp-button mp-open", target: "_blank", rel: "noopener", href: config.pageURL }, "Open in playground ↗");
  const bridge = createEmbedBridge({
    win: window,
    onSet: (message) => store.load(mergeMessage(store.get(), message), null),
    getState: () => store.get(),
    getResponse: () => answers.lastGood()?.response ?? null,
    reportHeight: embedded,
  });
  const commandView = createCommandView({ onReproduce: (request) => reproduceScript(request) });
  const terminal = createTerminal({ body: commandView.dom, storage: embedded ? null : storage, tall: !embedded && matchMedia(TALL).matches });
  const answers = createAnswers({ root, editors, schema, output, onAnswer: (response, request) => {
    bridge.postResult(response);
    commandView.update(response, request);
    terminal.update(response);
  } });
  const scheduler = createScheduler({ merge });
  const progress = createProgress({ status: output.status, canSay: () => answers.hasAnswered() });
  const address = createAddressBar({
    win: window, pageURL: config.pageURL, embedded, fragment, wait: () => writeWait(store.get(), 250),
    onHref: (href) => { openLink.href = href; },
    onLink: (hash) => openHash(hash),
    keepLink: Boolean(initial.notice),
  });
  const saveSoon = debounce(() => autosave.save(store.get()), () => writeWait(store.get(), 400));

  // ---- data flow: a change of the state → stale, merge, save, address, note ----------------
  store.subscribe((change) => {
    if (change === "example") return showNote();
    const state = store.get();
    if (change === "load") {
      answers.documentsReplaced();
      for (const input of INPUTS) editors[input].setText(state[input]);
      schema.setValues(state.options.schema, state.options.schemaType);
    }
    if (change === "load" || change === "mode") applyMode(state);
    steps.changed(change);
    if (change === "option") schema.setSummary(state.options.schema, state.options.schemaType);
    answers.setStale(true);
    progress.edited();
    if (change === "load") scheduler.now();
    else scheduler.changed();
    saveSoon();
    address.sync();
    showNote();
  });
  onEngineStatus = (s) => answers.engineStatus(s);

  // ---- the first answer --------------------------------------------------------------------
  if (config.embed.readonly) for (const input of INPUTS) editors[input].setReadOnly(true);
  applyMode(store.get());
  notice.show(initial.notice);
  const pre = config.prerendered;
  if (pre && sameState(store.get(), stateFromRequest(pre.request))) {
    root.dataset.prerendered = "";
    output.setPrerendered(true);
    answers.show(pre.response, buildRequest(store.get()), { prerendered: true });
  }

  // ---- layout ------------------------------------------------------------------------------
  // The components go into the page only now, with the first answer drawn: a CodeMirror view
  // reads the page's selection when it updates, which makes the browser lay out the whole page
  // first; views outside the page update without it, and the page is laid out once.
  mount("mp-modes", modeSwitch.dom);
  mount("mp-actions",
    jump.dom,
    h("button", { type: "button", class: "mp-button", "data-action": "examples", onclick: () => { loadExamples().then(gallery.setExamples); gallery.open(); } }, "Examples"),
    h("button", { type: "button", class: "mp-button", "data-action": "share", onclick: () => share() }, "Share"),
    h("button", { type: "button", class: "mp-button", "data-action": "embed", onclick: () => openEmbed() }, "Embed"),
    h("button", { type: "button", class: "mp-button", "data-action": "shortcuts", "aria-keyshortcuts": "?", onclick: () => shortcuts.open() }, "Keys ", h("kbd", { text: "?" })),
    theme.dom,
    openLink,
  );
  mount("mp-bar", optionsBar.dom, schema.dom);
  mount("mp-note", notice.dom, note.dom);
  mount("mp-inputs", ...INPUTS.map((input) => editors[input].dom));
  mount("mp-output", steps.dom, ...output.dom, exercise.dom, terminal.dom);
  document.body.append(gallery.dom, shareDialog.dom, embedDialog.dom, shortcuts.dom);

  if (asksForExercise(location.hash) || config.embed.exercise) enterExercise();
  for (const s of early.splice(0)) answers.engineStatus(s);
  if (store.exampleName()) loadExamples().then((list) => {
    gallery.setExamples(list);
    store.setExample(list.find((e) => e.name === store.exampleName()) ?? null);
  });
  scheduler.now();
  address.sync();

  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      scheduler.now();
    } else if (opensShortcuts(event, focusTarget(document.activeElement))) {
      event.preventDefault();
      shortcuts.open();
    }
  });

  // ---- actions -----------------------------------------------------------------------------

  /** Sends the state to the engine and shows the answer (the latest request wins). */
  async function merge() {
    const request = steps.request(store.get()) ?? buildRequest(store.get());
    const skip = partsToSkip(request, output.selectedTab());
    const editedAt = progress.editedAt();
    try {
      const response = await engine.request(skip.length ? { ...request, skip } : request);
      const t0 = performance.now();
      const shown = steps.answered(request, response);
      answers.show(shown.response, shown.request, { elapsed: engine.lastDuration(), waited: editedAt === null ? null : t0 - editedAt });
      progress.settled(editedAt);
      if (exercising) showExercise();
      scheduler.answered(engine.lastDuration() + performance.now() - t0);
    } catch (err) {
      if (err?.code !== "superseded") {
        answers.fail(err);
        progress.settled(editedAt);
      }
    }
    buildEditorsSoon();
  }

  /**
   * The editors and the result pane start as previews (editors.js, result.js); their CodeMirror
   * views are built once the first answer (or failure) has been painted, each in a task of its
   * own, off its way: the result's first.
   */
  function buildEditorsSoon() {
    if (editorsBuilt) return;
    editorsBuilt = true;
    const waiting = [{ build: output.buildResult }, ...INPUTS.map((input) => editors[input]), schema];
    afterPaint(function next() {
      waiting.shift().build();
      if (waiting.length) setTimeout(next, 0);
    });
  }

  /** Gets a part the answer shown left out (a long stream's diff or patches), for its tab. */
  async function completeAnswer(response, part) {
    const last = answers.lastGood();
    if (last?.response !== response) return null;
    return engine.complete(last.request, response, part);
  }

  function applyMode(state) {
    const mode = findMode(state.mode);
    const shown = embedded ? embedPanes(config.embed, state.mode) : null;
    for (const input of INPUTS) editors[input].setRole(roleOf(state, input));
    root.toggleAttribute("data-no-result", Boolean(shown && !shown.includes("result")));
    modeSwitch.update(state.mode);
    optionsBar.update(mode, state.options);
    output.setAgainHelp(mode.againHelp);
    schema.setSummary(state.options.schema, state.options.schemaType);
  }

  /** An input's role in the state's mode; null when the mode or the embed does not show it. */
  function roleOf(state, input) {
    const shown = embedded ? embedPanes(config.embed, state.mode) : null;
    return shown && !shown.includes(input) ? null : findMode(state.mode).inputs[input];
  }

  /** A switch of mode, as modechange.js plans it; a notice says what happened. */
  async function switchMode(mode) {
    const examples = await loadExamples().catch(() => []);
    const state = store.get();
    const example = store.example() ?? examples.find((e) => e.name === store.exampleName()) ?? null;
    const plan = planModeSwitch({ from: state.mode, to: mode, example, unedited: store.unedited(), empty: INPUTS.every((i) => !state[i]), examples });
    if (plan.dropExample) store.dropExample();
    if (plan.open) openExample(plan.open);
    else store.setMode(mode);
    const offer = plan.offer;
    notice.show(plan.notice, offer ? { label: "Open it", run: () => openExample(offer) } : null);
  }

  function openExample(ex) {
    const next = stateFromRequest(ex.request);
    if (next) store.load(next, ex);
  }

  async function openHash(hash) {
    const next = await resolveInitial({ hash, autosaved: null, prerendered: null, loadExamples });
    notice.show(next.notice);
    if (next.from !== "link" && next.from !== "example") return;
    const list = next.exampleName ? await loadExamples() : [];
    steps.adopt(next.history);
    store.load(next.state, list.find((e) => e.name === next.exampleName) ?? null);
    if (asksForExercise(hash)) enterExercise();
    else if (exercising) leaveExercise();
  }

  /** The exercise takes the result's place in the output column (and the link says so). */
  function enterExercise() {
    exercising = true;
    root.toggleAttribute("data-exercise", true);
    exercise.enter();
    showExercise();
    address.sync();
  }

  function leaveExercise() {
    exercising = false;
    root.toggleAttribute("data-exercise", false);
    exercise.leave();
    address.sync();
  }

  function showExercise() {
    const last = answers.lastGood();
    exercise.update(last, findMode(last?.request.mode)?.marks);
  }

  function showNote() {
    note.show(store.example(), store.edited());
  }

  function stepAgain() {
    const last = answers.lastGood();
    if (!last?.response.result || answers.isStale()) return;
    store.load(applyAgain(store.get(), last.response.result), null, { keepExample: true });
    output.status.set("info", findMode(store.get().mode).againHelp);
  }

  /** The fragment that reproduces the state: #example=<name> while an example is unedited. */
  async function fragment() {
    const state = store.unedited() ? `example=${store.exampleName()}` : await encodeShare(store.get(), steps.history());
    return exercising ? exerciseFragment(state) : state;
  }

  async function share() {
    await address.syncNow();
    const url = `${config.pageURL}#${await fragment()}`;
    const copied = await copyText(url);
    shareDialog.open({ url, state: store.get(), history: steps.history(), copied, example: store.unedited() ? store.example() ?? { name: store.exampleName(), title: "" } : null });
  }

  /**
   * Asks the engine for the reproduce script of an answered request and downloads it. The engine
   * keeps only its latest request: a merge this one replaced is asked for again.
   */
  async function reproduceScript(request) {
    try {
      const response = await engine.request({ ...request, reproduce: true });
      if (response.reproduce) download("mergeplay-reproduce.sh", response.reproduce, "text/x-shellscript");
      else if (typeof response.extra?.reproduceError === "string") throw new Error(response.extra.reproduceError);
      return response.reproduce ?? "";
    } catch (err) {
      if (err?.code === "superseded") throw new Error("the editors changed while the script was being written: try again");
      throw err;
    } finally {
      if (answers.isStale()) scheduler.now();
    }
  }

  async function openEmbed() {
    embedDialog.open({ base: config.pageURL, fragment: await encodeShare(store.get(), steps.history()), mode: store.get().mode, title: `mergeplay: ${store.example()?.title ?? findMode(store.get().mode).title}` });
  }
}

/** The state an embedder's mergeplay:set asks for: the current one with the message's fields. */
function mergeMessage(state, message) {
  const next = { ...state, options: { ...state.options } };
  if (message.mode) next.mode = message.mode;
  for (const input of INPUTS) if (message[input] !== undefined) next[input] = message[input];
  if (message.options) Object.assign(next.options, message.options);
  return next;
}

function mount(id, ...children) {
  const el = document.getElementById(id);
  if (el) replaceChildren(el, ...children);
}
