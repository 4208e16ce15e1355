package browsertest

import (
	"fmt"
	"sort"
	"testing"
)

// keyMutations counts, for every keydown, the page's DOM mutations until the next keydown:
// nodes added and removed, attributes and texts changed, by the region they happen in (the
// nearest ancestor with an id, or the editor's data-input).
const keyMutations = `(() => {
  const prof = { keys: [] };
  Object.defineProperty(window, "__mpMutations", { value: prof });
  let cur = null;
  document.addEventListener("keydown", () => { cur = {}; prof.keys.push(cur); }, { capture: true });
  const region = (node) => {
    for (let el = node instanceof Element ? node : node.parentElement; el; el = el.parentElement) {
      if (el.dataset && el.dataset.input) return "editor:" + el.dataset.input;
      if (el.id) return "#" + el.id;
    }
    return "(document)";
  };
  new MutationObserver((records) => {
    if (!cur) return;
    for (const r of records) {
      const t = r.target instanceof Element ? r.target : r.target.parentElement;
      const where = t ? t.tagName.toLowerCase() + (t.classList[0] ? "." + t.classList[0] : "") : "";
      const k = region(r.target) + " " + where + " " + (r.type === "childList" ? "nodes" : r.type === "attributes" ? "attr " + r.attributeName : "text");
      cur[k] = (cur[k] ?? 0) + (r.type === "childList" ? r.addedNodes.length + r.removedNodes.length : 1);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()`

// BenchmarkKeystrokeMutations types into the pages named by MERGEPLAY_PROFILE (comma-separated:
// examples, app-10-resources, history-10-steps, as BenchmarkEditAB's; the default example when
// empty) and prints, per page, the DOM mutations a keystroke causes (median over its keys), by
// region: what the page redraws per key. A profile, not a budget: run it with -benchtime 1x.
func BenchmarkKeystrokeMutations(b *testing.B) {
	eachTypedPage(b, keyMutations, func(name string, p *tab, e *lineEdit) {
		p.eval(`window.__mpMutations.keys.length = 0`, nil)
		p.typeEdits(e, editsPerExample)
		var keys []map[string]int
		p.eval(`window.__mpMutations.keys.slice(1)`, &keys)
		printMutations(name, keys)
	})
}

// printMutations prints the median count of each kind of mutation over keys.
func printMutations(name string, keys []map[string]int) {
	kinds := map[string][]int{}
	for _, k := range keys {
		for kind := range k {
			kinds[kind] = nil
		}
	}
	for kind := range kinds {
		for _, k := range keys {
			kinds[kind] = append(kinds[kind], k[kind])
		}
		sort.Ints(kinds[kind])
	}
	names := make([]string, 0, len(kinds))
	for kind := range kinds {
		names = append(names, kind)
	}
	sort.Strings(names)
	fmt.Printf("%s: %d keys\n", name, len(keys))
	for _, kind := range names {
		v := kinds[kind]
		if med := v[len(v)/2]; med > 0 {
			fmt.Printf("  %-50s median %4d  max %4d\n", kind, med, v[len(v)-1])
		}
	}
}
