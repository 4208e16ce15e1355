package yamldiff

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzReadAsKubectl reads text as kubectl apply -f reads a file (apimachinery's
// YAMLOrJSONDecoder) and as the engine reads it under YAML 1.1, and wants the same answer: both
// refuse (at the line kubectl names, when it names one), or both read the same documents, as
// JSON. The documented departures (docs/yaml.md, "Departures from the references") are left out.
//
// One refusal is placed earlier by the engine on purpose: a plain scalar where a map wants a key
// ("a: 1\nb"). kubectl says "could not find expected ':'" at the line where its reader next
// stopped after the key: the next line holding anything, a comment included, or one past the
// last line ("a: 1\nb" line 3; "a: 1\nb\n\n\nc: 2" line 5; observed with apimachinery's
// YAMLOrJSONDecoder in this package); the engine names the key's own line and column, where the
// fix is. Such a refusal passes when the engine's line is not after kubectl's (testdata/fuzz/
// FuzzReadAsKubectl/plain-scalar-after-map).
func FuzzReadAsKubectl(f *testing.F) {
	for _, s := range append(append(append([]string{}, stringSpellings...), refusedSpellings...), bigNumbers...) {
		f.Add(object(anySlot, "x", s))
	}
	for _, s := range []string{"a: 1\n---\n---\nb: 2\n", "x: |+\n  keep\n\n\n", "- [a, {b: c}]\n", "k: 'it''s'\n",
		"a: &x {b: 1}\nc: *x\n", "a:\n  - b\n  -\n  - c: d\n    e: f\n", "? a\n: b\n", "a: >-\n  x\n\n   y\n  z\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 2000 || departs(text) {
			return
		}
		want, refusal := readAsFile("updated", text)
		docs, err := yamltree.Parse(yamltree.Updated, text, yamltree.Options{MaxNodes: 10000})
		switch {
		case refusal != nil && err == nil:
			t.Fatalf("kubectl refuses %q (%s); the engine reads it", text, refusal.message)
		case refusal == nil && err != nil:
			t.Fatalf("kubectl reads %q; the engine refuses it: %v", text, err)
		case refusal != nil:
			if e, ok := err.(*yamltree.Error); refusal.line != 0 && (!ok || !sameRefusalLine(refusal.message, e.Line, refusal.line)) {
				t.Fatalf("%q: kubectl refuses it at line %d (%s); the engine: %v", text, refusal.line, refusal.message, err)
			}
			return
		}
		var got [][]byte
		for _, d := range docs {
			if d.Root.IsNull() {
				continue
			}
			j, jerr := yamltree.SortedJSON(d.Root)
			if jerr != nil {
				t.Fatalf("%q: the engine cannot write %v as JSON: %v", text, d.Root, jerr)
			}
			got = append(got, []byte(j))
		}
		var wantDocs [][]byte
		for _, w := range want {
			if w != nil {
				wantDocs = append(wantDocs, w)
			}
		}
		if len(got) != len(wantDocs) {
			t.Fatalf("%q: kubectl reads %d documents, the engine %d", text, len(wantDocs), len(got))
		}
		for i := range got {
			if !sameData(got[i], wantDocs[i]) {
				t.Fatalf("%q: kubectl reads %s, the engine %s", text, wantDocs[i], got[i])
			}
		}
	})
}

// departs reports whether text holds what the engine reads otherwise than kubectl by design:
// a duplicate key (refused), U+0085, U+2028 or U+2029 (refused), a stream kubectl takes for JSON
// (its first character is "{": YAMLOrJSONDecoder then reads JSON only), or a map key kubectl
// writes as a number's text (compared by yamltree's tests instead).
func departs(text string) bool {
	trimmed := strings.TrimLeft(text, " \t\r\n")
	return strings.HasPrefix(trimmed, "{") || strings.ContainsAny(text, "\u0085\u2028\u2029") ||
		duplicateKey(text)
}

// duplicateKey reports whether the engine refuses text for a duplicate key.
func duplicateKey(text string) bool {
	_, err := yamltree.Parse(yamltree.Updated, text, yamltree.Options{MaxNodes: 10000})
	return err != nil && strings.Contains(err.Error(), "duplicate key")
}

// sameData reports whether two JSON texts hold the same data, numbers compared as kubectl holds
// them once it decodes an object (float64 past 64 signed bits, -0 as 0).
func sameData(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return bytes.Equal(a, b)
	}
	return sameDataValue(x, y)
}

func sameDataValue(x, y any) bool {
	switch xv := x.(type) {
	case map[string]any:
		yv, ok := y.(map[string]any)
		if !ok || len(xv) != len(yv) {
			return false
		}
		for k, v := range xv {
			if w, ok := yv[k]; !ok || !sameDataValue(v, w) {
				return false
			}
		}
		return true
	case []any:
		yv, ok := y.([]any)
		if !ok || len(xv) != len(yv) {
			return false
		}
		for i := range xv {
			if !sameDataValue(xv[i], yv[i]) {
				return false
			}
		}
		return true
	case json.Number:
		yv, ok := y.(json.Number)
		if !ok {
			return false
		}
		if xv == yv {
			return true
		}
		fx, errx := xv.Float64()
		fy, erry := yv.Float64()
		return errx == nil && erry == nil && fx == fy
	}
	return x == y
}

// sameRefusalLine reports whether the engine's line for a refusal agrees with kubectl's: equal,
// or not after it for kubectl's "could not find expected ':'" (see FuzzReadAsKubectl).
func sameRefusalLine(kubectlMessage string, engineLine, kubectlLine int) bool {
	if strings.Contains(kubectlMessage, "could not find expected ':'") {
		return engineLine >= 1 && engineLine <= kubectlLine
	}
	return engineLine == kubectlLine
}
