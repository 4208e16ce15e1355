package examples

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// TestEveryMarkComesFromARecordedDecision runs every example (every mode reads its marks from a
// decision log, package decision) and wants each mark to name a rule of its mode, and the
// resource's decision log to hold that rule at the mark's path: no reason is guessed after the
// merge.
func TestEveryMarkComesFromARecordedDecision(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	writers := map[string]bool{}
	for _, m := range h.Modes() {
		writers[m.Name] = m.Writer
	}
	for _, ex := range all {
		mode := ex.LastMode()
		ruleOf := []string{mode} // a writer answers as server-side apply answers an update (ssa.Write)
		if writers[mode] {
			ruleOf = []string{"ssa", ownRules[mode]}
		}
		t.Run(ex.Name, func(t *testing.T) {
			resp := h.Handle(context.Background(), ex.Request)
			if len(resp.Errors) > 0 && !ex.Refused() {
				t.Fatalf("errors: %+v", resp.Errors)
			}
			for _, f := range resp.Fields {
				if f.Rule == "" || !ruledBy(f.Rule, ruleOf) {
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

// TestMarksAreTheModes wants every mark of every example's answer to be one its mode's
// descriptor lists (modes.Mode.Marks: what the page's exercise offers).
func TestMarksAreTheModes(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	listed := map[string]map[contract.Mark]bool{}
	for _, m := range h.Modes() {
		listed[m.Name] = map[contract.Mark]bool{}
		for _, mark := range m.Marks {
			listed[m.Name][mark] = true
		}
	}
	for _, ex := range all {
		for _, f := range h.Handle(context.Background(), ex.Request).Fields {
			if !listed[ex.LastMode()][f.Mark] {
				t.Errorf("%s: mark %s at %s, which mode %s does not list", ex.Name, f.Mark, f.Path, ex.LastMode())
			}
		}
	}
}

// ownRules are the writers whose marks take rules of their own beside the ssa mode's: Helm's
// (helm/...) ahead of the ssa mode's sentence, kpt's the apply mode's (kpt answers as the apply
// of the merged local copy).
var ownRules = map[string]string{"helm3": "helm", "helm4": "helm", "kpt": "apply"}

// ruledBy reports whether rule is one of the families named (a rule is FAMILY/NAME).
func ruledBy(rule string, families []string) bool {
	for _, f := range families {
		if f != "" && strings.HasPrefix(rule, f+"/") {
			return true
		}
	}
	return false
}
