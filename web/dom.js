// A tiny element builder. Text always goes in as text nodes (never HTML), and no style
// attributes are written (the page's CSP forbids them): styling is by class.

/**
 * Creates an element.
 * @param {string} tag
 * @param {Record<string, unknown>} [props] `class`, `text`, `on<Event>` handlers (functions),
 *   `hidden`, and any other attribute (aria-*, data-*, type…); null/false values are skipped.
 * @param {...(Node|string|null|false|undefined)} children strings become text nodes
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key === "class") el.className = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "style" || key.startsWith("on")) throw new Error(`h: ${key} is not allowed`);
    else if (key === "hidden") el.hidden = true;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/**
 * Appends children (strings become text nodes; null, false and undefined are skipped).
 * @param {Node} parent
 * @param {Array<Node|string|null|false|undefined>} children
 */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/**
 * Replaces an element's children.
 * @param {Element} parent
 * @param {...(Node|string|null|false|undefined)} children
 */
export function replaceChildren(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * Sets an element's text when it differs: writing the same text again replaces its text node,
 * which has the browser lay the element out again (the legend's counts at every answer).
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Runs fn in a task of its own once the browser has painted what is on the page now, or after
 * `latest` ms when it paints nothing (a page in a background tab draws no frames).
 * @param {() => void} fn
 * @param {number} [latest]
 */
export function afterPaint(fn, latest = 200) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(run, latest);
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * Returns a function that runs fn after `ms` of quiet; `.flush()` runs a waiting call now and
 * `.cancel()` drops it. ms may be a function, asked for the wait at each call.
 * @param {(...args: any[]) => void} fn
 * @param {number|(() => number)} ms
 */
export function debounce(fn, ms) {
  let timer = 0;
  let args = null;
  const run = (...a) => {
    args = a;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = 0;
      fn(...args);
    }, typeof ms === "function" ? ms() : ms);
  };
  run.flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = 0;
    fn(...args);
  };
  run.cancel = () => {
    clearTimeout(timer);
    timer = 0;
  };
  return run;
}

/**
 * Copies text to the clipboard; resolves to whether it worked.
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offers text as a file download.
 * @param {string} name
 * @param {string} text
 * @param {string} [type]
 */
export function download(name, text, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A button that copies what `get` returns and says so briefly.
 * @param {string} label the visible text ("Copy patch")
 * @param {() => string} get
 * @param {string} [what] what is copied ("the whole patch as JSON"): read after the label by
 *   screen readers, so the accessible name starts with the visible text
 * @returns {HTMLButtonElement}
 */
export function copyButton(label, get, what) {
  const visible = h("span", { text: label });
  const button = h("button", { type: "button", class: "mp-button mp-small" }, visible, what ? hiddenText(`: ${what}`) : null);
  button.addEventListener("click", async () => {
    const ok = await copyText(get());
    visible.textContent = ok ? "Copied" : "Copy failed";
    setTimeout(() => { visible.textContent = label; }, 1500);
  });
  return button;
}

/**
 * Text read by screen readers and not shown: what a short visible label leaves out.
 * @param {string} text
 * @returns {HTMLElement}
 */
export function hiddenText(text) {
  return h("span", { class: "mp-visually-hidden", text });
}

/**
 * The first focusable element after `from` (outside it) in document order.
 * @param {Element} from
 * @returns {HTMLElement|null}
 */
export function nextFocusable(from) {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
  for (const el of from.ownerDocument.querySelectorAll(selector)) {
    if (from.contains(el)) continue;
    if (!(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (el.closest("[hidden], [inert]") || el.getClientRects().length === 0) continue;
    return el;
  }
  return null;
}
