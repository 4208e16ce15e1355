// The engine's worker that boot.js started before the page's modules ran, handed over once.

/**
 * Takes over the worker boot.js started, when it runs the script at url: a Worker-like object
 * whose onmessage and onerror, once set, receive the events the worker sent before (message and
 * error events, in their order, just after the code setting them has run), then its new ones. Null when there is none,
 * when it runs another script, or when it was already taken (a restarted engine starts its own).
 * @param {string|URL} url
 * @param {object} scope where boot.js left it (globalThis.mergeplayEarlyWorker)
 * @returns {{postMessage: Function, terminate: Function, onmessage: Function|null, onerror: Function|null}|null}
 */
export function adoptEarlyWorker(url, scope = globalThis) {
  const early = scope.mergeplayEarlyWorker;
  if (!early || !early.worker || early.workerURL !== String(url)) return null;
  delete scope.mergeplayEarlyWorker;
  return heldWorker(early.worker, Array.isArray(early.held) ? early.held : []);
}

/** A worker whose held events go to the handlers set on it, before any new one. */
function heldWorker(worker, held) {
  const handlers = { message: null, error: null };
  const deliver = (event) => {
    const handler = event?.type === "error" ? handlers.error : handlers.message;
    if (handler) handler(event);
    else held.push(event);
  };
  // The held events are given out after the code setting the handlers has run (a microtask),
  // so that it sees them as it would see the worker's own, and in their order.
  let scheduled = false;
  const replay = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      for (const event of held.splice(0)) deliver(event);
    });
  };
  worker.onmessage = deliver;
  worker.onerror = (event) => {
    event?.preventDefault?.();
    deliver(event);
  };
  return {
    postMessage: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    get onmessage() { return handlers.message; },
    set onmessage(fn) {
      handlers.message = typeof fn === "function" ? fn : null;
      replay();
    },
    get onerror() { return handlers.error; },
    set onerror(fn) {
      handlers.error = typeof fn === "function" ? fn : null;
      replay();
    },
  };
}
