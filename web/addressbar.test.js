import { test } from "node:test";
import assert from "node:assert/strict";
import { createAddressBar } from "./addressbar.js";

/** A window with the address bar's parts: its hash, replaceState, hashchange listeners. */
function fakeWindow(hash) {
  const win = {
    location: { hash, pathname: "/", search: "" },
    history: { state: null, written: [], replaceState(_state, _title, url) {
      win.history.written.push(url);
      win.location.hash = url.slice(url.indexOf("#"));
    } },
    addEventListener() {},
    removeEventListener() {},
  };
  return win;
}

test("a link the page could not open stays in the address bar until the state changes", async () => {
  const win = fakeWindow("#s=1.damaged");
  let fragment = "example=apply-containers";
  const hrefs = [];
  const bar = createAddressBar({ win, pageURL: "https://p/", embedded: false, fragment: async () => fragment, onHref: (href) => hrefs.push(href), onLink() {}, keepLink: true });
  await bar.syncNow();
  await bar.syncNow();
  assert.equal(win.location.hash, "#s=1.damaged", "kept beside its notice");
  assert.deepEqual(win.history.written, []);
  assert.deepEqual(hrefs, ["https://p/#example=apply-containers", "https://p/#example=apply-containers"], "the page's own link is current all along");
  fragment = "s=1.edited";
  await bar.syncNow();
  assert.equal(win.location.hash, "#s=1.edited", "the state changed: the address says so");
  fragment = "example=apply-containers";
  await bar.syncNow();
  assert.equal(win.location.hash, "#example=apply-containers", "kept only once");
  bar.destroy();
});

test("a link that opened is rewritten to the state's fragment at once", async () => {
  const win = fakeWindow("#example=apply-containers&x");
  const bar = createAddressBar({ win, pageURL: "https://p/", embedded: false, fragment: async () => "example=apply-containers", onHref() {}, onLink() {} });
  await bar.syncNow();
  assert.equal(win.location.hash, "#example=apply-containers");
  bar.destroy();
});
