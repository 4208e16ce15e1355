package handler

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/internal/bigstream"
)

// TestRandomEditsAnswerAsCold edits a stream of 30 Deployments (bigstream's) at random, as a
// reader would, in every mode BenchmarkBigEdit times, and wants each answer of a handler that
// answered every edit before (its reading, splits, decodings, summaries and memos warm) to be a
// new handler's, byte for byte, and each delta of it, applied to the answer before, to be the
// whole answer (checkDeltas). The edits, drawn with a fixed seed per mode: a value typed into,
// a resource renamed, a resource added (a copy of another, renamed) at the end or in the middle,
// one taken away, two swapped, a line added above one, a document broken, the last line of a
// document cut with the "---" after it (two documents joined), a "---" put in the middle of a
// document, a resource given twice (each of these four repaired at the next edit; each edit once
// in the first twelve, then drawn), and live's value edited every fifth. Apply and twoway run
// again with every input's lines broken by "\r\n". The config's resource 3 lists
// its container twice (but in ssa, which refuses it) (a dropped item, whose reason names a result line: its piece's marks are
// written for where it stands); apply runs again under prune, where a resource taken away is
// pruned (a piece without text, drawn after the document before it).
func TestRandomEditsAnswerAsCold(t *testing.T) {
	base := bigstream.Stream(30)
	base.Options.Now = "2026-12-06T10:00:00Z"
	twice, ok := bigstream.Find(base.Updated, 3, "image")
	if !ok {
		t.Fatal("no image line in resource 3")
	}
	lines := strings.SplitAfter(base.Updated, "\n")
	lines[twice.Line-1] += "      - name: web\n        image: other:1\n"
	doubled := strings.Join(lines, "")
	type variant struct {
		mode        string
		prune, crlf bool
	}
	variants := []variant{{mode: "apply", prune: true}, {mode: "apply", crlf: true}, {mode: "twoway", crlf: true}}
	for _, mode := range bigModes {
		variants = append(variants, variant{mode: mode})
	}
	for i, v := range variants {
		name := v.mode
		if v.prune {
			name += "-prune"
		}
		if v.crlf {
			name += "-crlf"
		}
		t.Run(name, func(t *testing.T) {
			random := rand.New(rand.NewPCG(uint64(i), 28))
			asked := *base
			asked.Mode = v.mode
			asked.Options.Prune = v.prune
			if v.mode != "ssa" { // ssa refuses the container listed twice: it would answer nothing else
				asked.Updated = doubled
			}
			requests := []*contract.Request{}
			var broken string // the config before a document was broken, to repair it
			for step := range 20 {
				next := asked
				if broken != "" {
					next.Updated, broken = broken, ""
				} else if edited, ok := randomEdit(random, next.Updated, step); !ok {
					t.Fatalf("step %d: the edit drawn does not apply", step+1)
				} else {
					if edited.broke {
						broken = next.Updated
					}
					next.Updated = edited.text
				}
				if step%5 == 4 {
					if live, ok := valueEdited(next.Live, random.IntN(documentCount(next.Live))); ok {
						next.Live = live
					}
				}
				asked = next
				if v.crlf {
					next.Original, next.Updated, next.Live = crlf(next.Original), crlf(next.Updated), crlf(next.Live)
				}
				requests = append(requests, &next)
			}
			warm := Default()
			for n, req := range requests {
				if got, want := answerJSON(t, warm, req), answerJSON(t, Default(), req); !bytes.Equal(got, want) {
					t.Fatalf("request %d: a warm handler answers otherwise than a new one:\n%s", n+1, firstLineDifference(got, want))
				}
			}
			checkDeltas(t, requests)
		})
	}
}

// anEdit is a config edited, and whether the edit broke a document.
type anEdit struct {
	text  string
	broke bool
}

// editKinds is how many kinds of edit randomEdit draws.
const editKinds = 12

// randomEdit edits config at random (see TestRandomEditsAnswerAsCold), the edit numbered step
// in the first editKinds steps; false when the edit does not apply.
func randomEdit(random *rand.Rand, config string, step int) (anEdit, bool) {
	docs := documents(config)
	k := 1 + random.IntN(len(docs)-1) // the first document opens the stream without "---"
	kind := step
	if step >= editKinds {
		kind = random.IntN(editKinds)
	}
	switch kind {
	case 0, 1:
		text, ok := valueEdited(config, k)
		return anEdit{text: text}, ok
	case 2:
		return anEdit{text: renamed(config, k, "-r"+strconv.Itoa(step))}, true
	case 3:
		copied := documents(renamed(config, k, "-copy"+strconv.Itoa(step)))[k]
		if !strings.HasPrefix(copied[0], "---") {
			copied = append([]string{"---\n"}, copied...)
		}
		return anEdit{text: join(append(docs, copied))}, true
	case 4:
		if len(docs) < 3 {
			return anEdit{}, false
		}
		return anEdit{text: join(append(docs[:k:k], docs[k+1:]...))}, true
	case 5:
		j := 1 + (k+random.IntN(len(docs)-2))%(len(docs)-1) // another document than k, not the first
		if j == k {
			return anEdit{}, false
		}
		docs[j], docs[k] = docs[k], docs[j]
		return anEdit{text: join(docs)}, true
	case 6:
		text, ok := lineAdded(config, k)
		return anEdit{text: text}, ok
	case 8: // the last line of document k cut with the "---" after it (the one before the last
		// document, when k is the last)
		k = min(k, len(docs)-2)
		if k < 0 || !documentStart.MatchString(docs[k+1][0]) {
			return anEdit{}, false
		}
		docs[k] = docs[k][:len(docs[k])-1]
		docs[k+1] = docs[k+1][1:]
		return anEdit{text: join(docs), broke: true}, true
	case 9: // a "---" in the middle of document k
		middle := len(docs[k]) / 2
		docs[k] = append(docs[k][:middle:middle], append([]string{"---\n"}, docs[k][middle:]...)...)
		return anEdit{text: join(docs), broke: true}, true
	case 10: // a copy of document k, renamed, put before it
		copied := documents(renamed(config, k, "-before"+strconv.Itoa(step)))[k]
		return anEdit{text: join(append(docs[:k:k], append([][]string{copied}, docs[k:]...)...))}, true
	case 11: // document k given twice
		return anEdit{text: join(append(docs[:k+1:k+1], append([][]string{docs[k]}, docs[k+1:]...)...)), broke: true}, true
	}
	docs[k] = append(docs[k][:len(docs[k]):len(docs[k])], "  broken: [unclosed\n")
	return anEdit{text: join(docs), broke: true}, true
}

// renamed types suffix at the end of the first "  name: " line of document k (its
// metadata.name in bigstream's documents).
func renamed(config string, k int, suffix string) string {
	docs := documents(config)
	for i, l := range docs[k] {
		if strings.HasPrefix(l, "  name: ") {
			docs[k][i] = strings.TrimSuffix(l, "\n") + suffix + "\n"
			break
		}
	}
	return join(docs)
}

// crlf breaks text's lines with "\r\n".
func crlf(text string) string { return strings.ReplaceAll(text, "\n", "\r\n") }
