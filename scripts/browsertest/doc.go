// Package browsertest drives the built page in headless Chromium (chromedp): it builds dist (or
// takes MERGEPLAY_DIST), serves it in-process with package server, and checks what issue 5 asks
// of the page: it loads without a console error, every example shows the marks the engine
// answers natively, typing re-merges, invalid YAML marks its line and keeps the stale result,
// share links survive a reload, the embed layout answers postMessage, and nothing the reader
// types or links to runs as code. BenchmarkFirstLoad measures the budgets (make measure; -v
// prints each load's moments, MERGEPLAY_TRACE=<prefix> writes a Chromium trace of each load);
// TestScreenshots writes docs/screenshots when MERGEPLAY_SCREENSHOTS names a folder (make
// screenshots).
//
// Without Chromium the tests skip, saying how to get it, unless CI=true: then they fail. They
// also skip with -short. Chromium is found at MERGEPLAY_CHROMIUM, /usr/bin/chromium or on PATH.
package browsertest
