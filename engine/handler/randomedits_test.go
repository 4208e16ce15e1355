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
// a resource renamed, a resource added (a copy of another, renamed), one taken away, two
// swapped, a line added above one, a document broken then repaired (each once in the first
// eight edits, then drawn), and live's value edited every fifth. The config's resource 3 lists
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
	variants := []struct {
		mode  string
		prune bool
	}{{mode: "apply", prune: true}}
	for _, mode := range bigModes {
		variants = append(variants, struct {
			mode  string
			prune bool
		}{mode: mode})
	}
	for i, v := range variants {
		name := v.mode
		if v.prune {
			name += "-prune"
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
			for step := range 16 {
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

// randomEdit edits config at random (see TestRandomEditsAnswerAsCold), the edit step%8 in the
// first eight steps; false when the edit does not apply.
func randomEdit(random *rand.Rand, config string, step int) (anEdit, bool) {
	docs := documents(config)
	k := 1 + random.IntN(len(docs)-1) // the first document opens the stream without "---"
	kind := step
	if step >= 8 {
		kind = random.IntN(8)
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
