package merge3_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/merge3"
)

// TestAliasesAsKyaml checks what kyaml does with anchors and aliases (aliases.go), each case's
// result as kyaml gave it (scripts/conformance/merge3diff), and the warnings that say what it
// lost.
func TestAliasesAsKyaml(t *testing.T) {
	w := func(spec string) string {
		return "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n" + spec
	}
	base := "  size: &s 1\n  value: {x: 1}\n"
	tests := []struct {
		name, original, updated, live string
		result                        string
		warnings                      []string // "input line path: phrase"
		mark                          string   // a mark the response holds, "" for none
		err                           string
	}{
		{name: "a local field holding an alias is dropped",
			original: w(base), updated: w(base + "  # c\n"), live: w(base + "  copy: *s\n"),
			result: w(base + "  # c\n"), warnings: []string{"live 8 .spec.copy: the alias *s"},
			mark: "deleted .spec.copy merge3/alias-dropped"},
		{name: "an alias upstream added is not added",
			original: w(base), updated: w(base + "  copy: *s\n"), live: w(base),
			result: w(base), warnings: []string{"updated 8 .spec.copy: upstream now"}},
		{name: "an alias in a list compared whole is kept",
			original: w(base), updated: w(base + "  # c\n"), live: w(base + "  list: [*s, 2]\n"),
			result: w(base + "  # c\n\n  list: [*s, 2]\n")},
		{name: "an alias whose anchor upstream replaced dangles",
			original: w("  size: 1\n"), updated: w("  size: 2\n"), live: w("  size: &s 1\n  list: [*s]\n"),
			result: w("  size: 2\n  list: [*s]\n"), warnings: []string{"result 7 : the anchor &s"}},
		{name: "an alias where the local copy holds a scalar stops kyaml",
			original: w(base + "  copy: 5\n"), updated: w(base + "  copy: *s\n"), live: w(base + "  copy: 5\n"),
			err: "expected ScalarNode but got AliasNode"},
	}
	h := handler.Default()
	for _, tt := range tests {
		resp := h.Handle(context.Background(), &contract.Request{Mode: "merge3", Original: tt.original, Updated: tt.updated, Live: tt.live, Options: contract.DefaultOptions()})
		if tt.err != "" {
			if len(resp.Errors) == 0 || !strings.Contains(resp.Errors[0].Message, tt.err) {
				t.Errorf("%s: errors %+v, want %q", tt.name, resp.Errors, tt.err)
			}
			continue
		}
		if len(resp.Errors) > 0 || resp.Result != tt.result {
			t.Errorf("%s: %+v\n%s\nwant\n%s", tt.name, resp.Errors, resp.Result, tt.result)
		}
		warnings := resp.Extra["warnings"].(merge3.Warnings)
		if len(warnings) != len(tt.warnings) {
			t.Errorf("%s: warnings %+v", tt.name, warnings)
			continue
		}
		for i, want := range tt.warnings {
			where, phrase, _ := strings.Cut(want, ": ")
			got := warnings[i]
			if g := got.Input + " " + strconv.Itoa(got.Line) + " " + got.Path; g != where || !strings.Contains(got.Message, phrase) {
				t.Errorf("%s: warning %+v, want %s holding %q", tt.name, got, where, phrase)
			}
		}
		if tt.mark != "" && !hasMark(resp, tt.mark) {
			t.Errorf("%s: no mark %q in %+v", tt.name, tt.mark, resp.Fields)
		}
	}
}

// hasMark reports whether the response holds "mark path rule".
func hasMark(resp *contract.Response, want string) bool {
	for _, f := range resp.Fields {
		if string(f.Mark)+" "+f.Path+" "+f.Rule == want {
			return true
		}
	}
	return false
}
