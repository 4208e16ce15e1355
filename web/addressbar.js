// The address bar as a working link: after each change (debounced) it is rewritten with
// history.replaceState to the fragment that reproduces the state, and a link pasted into it
// (hashchange) is opened. A link the page could not open (damaged, or naming no example) stays
// in the address bar beside its notice until the state changes, so that its typo can be fixed
// there. Embeds never write it; they keep their "Open in playground" link current instead.

import { debounce } from "./dom.js";
import { parseHash } from "./share.js";

/**
 * Creates the address bar's keeper.
 * @param {{
 *   win: Window,
 *   pageURL: string,
 *   embedded: boolean,
 *   fragment: () => Promise<string>,
 *   onHref: (href: string) => void,
 *   onLink: (hash: string) => void,
 *   wait?: number|(() => number),
 *   keepLink?: boolean,
 * }} config fragment: the state's fragment (without #); onHref: the page's own link changed;
 *   onLink: the reader opened another link (a hash the page did not write); wait: the quiet
 *   before the address is rewritten, or a function asked for it at each change; keepLink: the
 *   address holds a link the page could not open, to keep until the state changes
 * @returns {{sync: () => void, syncNow: () => Promise<void>, destroy: () => void}}
 */
export function createAddressBar({ win, pageURL, embedded, fragment, onHref, onLink, wait = 250, keepLink = false }) {
  let written = win.location.hash.slice(1); // what the address bar holds, as far as the page knows
  let seq = 0;
  // While keepLink holds: the state's fragment when the address was first synced; the link stays
  // until the fragment differs (the state changed).
  let keeping = keepLink;
  let keptFor = null;

  async function syncNow() {
    const mine = ++seq;
    const f = await fragment();
    if (mine !== seq) return;
    onHref(`${pageURL}#${f}`);
    if (keeping) {
      keptFor ??= f;
      if (f === keptFor) return;
      keeping = false;
    }
    // Someone else changed the address (a pasted link): its hashchange loads it, then syncs.
    if (embedded || f === written || win.location.hash.slice(1) !== written) return;
    written = f;
    win.history.replaceState(win.history.state, "", `${win.location.pathname}${win.location.search}#${f}`);
  }
  const syncSoon = debounce(syncNow, wait);

  const onHashChange = (event) => {
    const hash = new URL(event.newURL).hash;
    if (hash.slice(1) === written) return;
    written = hash.slice(1);
    syncSoon.cancel();
    seq++; // a sync already under way must not write the old state over the new link
    if (parseHash(hash).kind === "none") return;
    onLink(hash);
  };
  win.addEventListener("hashchange", onHashChange);

  return {
    /** Rewrites the address soon (debounced). */
    sync: () => syncSoon(),
    /** Rewrites it now (before the Share dialog shows the link). */
    syncNow() {
      syncSoon.cancel();
      return syncNow();
    },
    destroy() {
      syncSoon.cancel();
      win.removeEventListener("hashchange", onHashChange);
    },
  };
}
