// Package dist builds the playground page into a folder of static files (dist/) that any static
// host can serve.
//
// From the repository it reads index.html, the page's files under web/, CodeMirror in
// node_modules/ and the examples, and it compiles the engine's front door (./wasm) for
// GOOS=js GOARCH=wasm. It writes:
//
//   - the wasm, Go's wasm_exec.js (minified), web/main.js bundled with CodeMirror by esbuild (ES
//     module, minified), every other script minified as a classic script (the worker, with
//     wasm_exec.js written in front of it, so that it need not load it), the CSS
//     and SVG minified, and examples.json (every example's name, title, mode, explanation and
//     request);
//   - each of those under a name that carries a hash of its content (main.1a2b3c4d5e6f.js), so
//     that a server may cache it forever;
//   - index.html, minified, with every reference rewritten to the fingerprinted names, a
//     Content-Security-Policy <meta> with a fresh nonce (see package csp), the nonce itself in
//     <meta name="mergeplay-csp-nonce"> for CodeMirror, and the default example's answer computed
//     natively in <script type="application/json" id="prerendered">, with the example's title
//     and explanation (its note: the first load needs no examples.json);
//   - beside every text or wasm file, its brotli (quality 11) and gzip compressions, .br and .gz.
//
// What the build does not do: no service worker, no source maps, no code splitting. The page
// finds its worker, wasm, wasm_exec.js and examples through data-* attributes of <html>, so no
// script needs to know a fingerprinted name.
package dist
