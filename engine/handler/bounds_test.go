package handler

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// bomb returns a YAML map whose last key expands, through aliases, to 10^levels copies of x.
// With merge set, each level also merges the previous one (<<), a merge-key bomb.
func bomb(levels int, merge bool) string {
	var b strings.Builder
	b.WriteString("l0: &l0 {k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k9: 9}\n")
	for i := 1; i <= levels; i++ {
		prev := "*l" + string(rune('0'+i-1))
		b.WriteString("l" + string(rune('0'+i)) + ": &l" + string(rune('0'+i)) + " {x: [")
		b.WriteString(strings.TrimSuffix(strings.Repeat(prev+", ", 10), ", ") + "]")
		if merge {
			b.WriteString(", <<: " + prev)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// manyConfigMaps returns a stream of n ConfigMaps named c0, c1 and so on, each followed by "---".
func manyConfigMaps(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c%d\n---\n", i)
	}
	return b.String()
}

// TestHostileInputsAnswerClearly feeds every mode the inputs a stranger's link may hold. Each
// answer comes back (the test's time limit catches a hang), and it is either a merge or errors
// that name the input, a line and a column and say what is wrong; never an internal error.
func TestHostileInputsAnswerClearly(t *testing.T) {
	const configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n"
	tooMany := fmt.Sprintf("more than %d nodes", MaxNodes)
	tests := []struct {
		name string
		live string
		line int    // the error's line; 0 when the input merges
		want string // in the error's message
	}{
		{"past the size limit", strings.Repeat("# comment\n", MaxInputBytes/10+1), 1, "at most 4 MiB"},
		{"nesting past the depth limit", "a: " + strings.Repeat("[", 150) + strings.Repeat("]", 150) + "\n", 1, "deeper than 100 levels"},
		{"alias expansion bomb", bomb(6, false), 6, tooMany},
		{"merge-key expansion bomb", bomb(6, true), 6, tooMany},
		{"a list of 1,200,000 items", configMap + "x: [" + strings.Repeat("1,", 1_200_000) + "1]\n", 5, tooMany},
		{"huge scalar", configMap + "data:\n  k: " + strings.Repeat("x", 900_000) + "\n", 0, ""},
		{"thousands of documents", strings.Repeat(configMap+"---\n", 5001), 25000, "more than 5000 documents"},
		{"5,000 documents", manyConfigMaps(4999) + configMap, 0, ""},
		{"duplicate key", configMap + "kind: Secret\n", 5, `duplicate key "kind"`},
		{"tab indentation", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: a\n", 4, "a tab cannot indent YAML"},
		{"invalid UTF-8", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \xff\n", 4, "invalid UTF-8"},
		{"a BOM", "\uFEFF" + configMap, 0, ""},
		{"CRLF line ends", strings.ReplaceAll(configMap, "\n", "\r\n"), 0, ""},
		{"a scalar for a document", "just a scalar\n", 1, "found a scalar"},
		{"a list for a document", "- a\n- b\n", 1, "found a list"},
		{"a scalar for the second document", configMap + "---\n42\n", 6, "found a scalar"},
		{"NUL bytes", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"a\x00\"\n", -1, ""},
		{"an unknown tag", configMap + "data:\n  k: !!binary AAA=\n", -1, ""},
		{"an anchor without alias", configMap + "data: &d\n  k: v\n", 0, ""},
		{"200 KB of nested [", strings.Repeat("[", 200_000), 1, "deeper than 100 levels"},
		{"100,000 list items opened on one line", strings.Repeat("- ", 100_000) + "x\n", 1, "deeper than 100 levels"},
		{"a control character", configMap + "data:\n  k: a\x01b\n", 6, "control character"},
	}
	h := Default()
	for _, tt := range tests {
		start := time.Now()
		for _, mode := range []string{"apply", "merge3", "ssa", "patch", "twoway"} {
			req := &contract.Request{Mode: mode, Updated: configMap, Live: tt.live, Options: contract.DefaultOptions()}
			if mode == "twoway" || mode == "merge3" {
				req.Original = configMap
			}
			resp := h.Handle(context.Background(), req)
			for _, e := range resp.Errors {
				if e.Input == "engine" || e.Input == "request" {
					t.Fatalf("%s, %s: internal error: %s", tt.name, mode, e.Message)
				}
			}
			switch {
			case tt.line < 0: // either answer is right; only its clarity is checked
				for _, e := range resp.Errors {
					if e.Line < 1 || e.Column < 1 || e.Message == "" {
						t.Errorf("%s, %s: unclear error %+v", tt.name, mode, e)
					}
				}
			case tt.line == 0:
				if len(resp.Errors) > 0 {
					t.Errorf("%s, %s: errors %+v", tt.name, mode, resp.Errors)
				}
			default:
				if len(resp.Errors) == 0 {
					t.Errorf("%s, %s: accepted", tt.name, mode)
					continue
				}
				e := resp.Errors[0]
				if e.Input != "live" || e.Line != tt.line || e.Column < 1 || !strings.Contains(e.Message, tt.want) {
					t.Errorf("%s, %s: got %s:%d:%d %q, want live:%d:_ %q", tt.name, mode, e.Input, e.Line, e.Column, e.Message, tt.line, tt.want)
				}
			}
		}
		if strings.Contains(tt.name, "nested") || strings.Contains(tt.name, "opened on one line") {
			// refused before the parser recurses: the parser alone takes 17 s and more
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("%s: five modes took %v to refuse it", tt.name, took)
			}
		}
	}
}

// TestWithLimitsRaisesTheBounds checks that a handler with raised limits reads what the default
// one refuses, and that the default handler is unchanged by it.
func TestWithLimitsRaisesTheBounds(t *testing.T) {
	big := strings.Repeat("# comment\n", MaxInputBytes/10+1) + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n"
	req := &contract.Request{Mode: "apply", Updated: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n", Live: big, Options: contract.DefaultOptions()}
	h := Default()
	if resp := h.Handle(context.Background(), req); len(resp.Errors) != 1 || !strings.Contains(resp.Errors[0].Message, "at most 4 MiB") {
		t.Fatalf("default limits: %+v", resp.Errors)
	}
	raised := h.WithLimits(Limits{MaxInputBytes: 16 << 20})
	if resp := raised.Handle(context.Background(), req); len(resp.Errors) != 0 {
		t.Errorf("raised limits: %+v", resp.Errors)
	}
	if resp := h.Handle(context.Background(), req); len(resp.Errors) != 1 {
		t.Errorf("the default handler changed: %+v", resp.Errors)
	}
	nodes := raised.WithLimits(Limits{MaxInputBytes: 16 << 20, MaxNodes: 5})
	if resp := nodes.Handle(context.Background(), req); len(resp.Errors) != 2 || !strings.Contains(resp.Errors[1].Message, "more than 5 nodes") {
		t.Errorf("a node limit of 5: %+v", resp.Errors)
	}
}
