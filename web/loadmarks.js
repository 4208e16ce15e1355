// The first load's moments, as User Timing marks named "mergeplay:<moment>" in the page's
// performance timeline: DevTools' Performance panel shows them, and BenchmarkFirstLoad
// (scripts/browsertest) prints the median of each over its loads, to say where the time to the
// first answer goes. The worker's moments are marked in its own timeline and posted to the page
// after its first answer ({type: "timeline"}: worker.js), which copies them here on its clock.
//
// The moments, in the order a first load meets them (docs/performance.md, "The first load"):
//   boot               boot.js ran and created the worker (the first script in <head>)
//   worker             the worker's script runs (wasm_exec.js in front of it ran)
//   wasm-response      the wasm's response headers arrived (its streaming compile begins)
//   wasm-first-byte    its first body byte, wasm-last-byte its last (Resource Timing)
//   wasm-compiled      WebAssembly compiled it
//   wasm-instantiated  instantiated; Go's runtime starts and the packages initialise
//   go-main            Go's main runs (wasm/main_js.go; the engine's instance in the page,
//                      inline.js, marks it again on the page's thread when it starts, after
//                      the first answer: a reader of the timeline takes each moment's first)
//   go-ready           the bridge is in place (mergeplayOnReady)
//   request            the page's first request reached the worker (before or after go-ready)
//   first-call         the worker calls the engine with the first request, first-answer it returned
//   main               main.js's own code runs (the page's modules evaluated; CodeMirror is
//                      in the second bundle, views.js)
//   state              the opening state resolved and its request sent (main.js: openState)
//   built              the page built, the prerendered answer drawn (main.js: mountAll)
//   engine-ready       the page's thread learns that the wasm is ready
//   ready              the engine's first answer is on screen (<html data-ready>)
//   kept               that answer is the prerendered one, kept as drawn (none when it differs:
//                      another example or a link)
//   views              the second bundle (views.js: CodeMirror's views) evaluated, fetched once
//                      the first answer is shown (or when the reader goes to an editor first)

/** The prefix of every mark of the first load. */
export const PREFIX = "mergeplay:";

/**
 * Marks moment now in perf's timeline; a browser without User Timing marks nothing.
 * @param {string} moment
 * @param {Performance} [perf]
 */
export function markLoad(moment, perf = globalThis.performance) {
  try {
    perf?.mark(PREFIX + moment);
  } catch {
    // the marks are a measurement: nothing depends on them
  }
}

/**
 * Copies a worker's moments ({type: "timeline", origin, marks: [[name, ms]...]}, ms since the
 * worker's timeOrigin, origin its timeOrigin) into perf's timeline, on perf's clock. Returns how
 * many it copied; a message of another shape copies none.
 * @param {{origin?: number, marks?: Array<[string, number]>}} message
 * @param {Performance} [perf]
 */
export function copyTimeline(message, perf = globalThis.performance) {
  if (!perf || typeof message?.origin !== "number" || !Array.isArray(message.marks)) return 0;
  let copied = 0;
  for (const [name, at] of message.marks) {
    if (typeof name !== "string" || !name.startsWith(PREFIX) || typeof at !== "number" || !(at >= 0)) continue;
    try {
      perf.mark(name, { startTime: message.origin + at - perf.timeOrigin });
      copied++;
    } catch {
      // a moment before the page's own origin: left out
    }
  }
  return copied;
}
