package examples

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// recordingModes are the modes whose marks are read from a decision log (package decision).
// Issue 14 moves every mode here; a mode joins once its merge records each decision where it
// is made and its reasons are one table keyed by rule.
var recordingModes = map[string]bool{"apply": true, "merge3": true, "patch": true, "ssa": true, "twoway": true}

// TestEveryMarkComesFromARecordedDecision runs every example of a recording mode and wants each
// mark to name a rule of its mode, and the resource's decision log to hold that rule at the
// mark's path: no reason is guessed after the merge.
func TestEveryMarkComesFromARecordedDecision(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	for _, ex := range all {
		mode := ex.Request.Mode
		if !recordingModes[mode] {
			continue
		}
		t.Run(ex.Name, func(t *testing.T) {
			resp := h.Handle(context.Background(), ex.Request)
			if len(resp.Errors) > 0 && !ex.Refused() {
				t.Fatalf("errors: %+v", resp.Errors)
			}
			for _, f := range resp.Fields {
				if f.Rule == "" || !strings.HasPrefix(f.Rule, mode+"/") {
					t.Errorf("%s %s: rule %q is not one of %s's", f.Mark, f.Path, f.Rule, mode)
					continue
				}
				entry, ok := resp.Decisions[f.Resource].LookupString(f.Path)
				if f.Mark == contract.Dropped {
					entry, ok = resp.Decisions[f.Resource].LookupDropped(f.Path)
				}
				if !ok {
					t.Errorf("%s %s (%s): no decision recorded at this path", f.Mark, f.Path, f.Rule)
					continue
				}
				if string(entry.Rule) != f.Rule {
					t.Errorf("%s %s: the mark says rule %s, the log recorded %s", f.Mark, f.Path, f.Rule, entry.Rule)
				}
			}
		})
	}
}
