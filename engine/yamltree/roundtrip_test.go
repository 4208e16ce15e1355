package yamltree

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

func corpus(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = string(b)
	}
	return out
}

// TestRoundTrip checks parse -> emit -> parse gives the same data, keys in the same order, that
// emitting again changes nothing, under both rule sets, and that EmitText writes what Emit does.
func TestRoundTrip(t *testing.T) {
	for name, text := range corpus(t) {
		for _, rules := range []Rules{YAML11, YAML12} {
			t.Run(name+"/"+rules.String(), func(t *testing.T) {
				docs := mustParse(t, text, rules)
				out, _ := Emit(docs)
				again := mustParse(t, out, rules)
				if len(again) != len(docs) {
					t.Fatalf("documents: got %d, want %d\n%s", len(again), len(docs), out)
				}
				for i := range docs {
					if !SameOrder(docs[i].Root, again[i].Root) {
						t.Errorf("document %d changed:\nbefore: %v\nafter:  %v\nemitted:\n%s", i, docs[i].Root, again[i].Root, out)
					}
				}
				if out2, _ := Emit(again); out2 != out {
					t.Errorf("emitting twice differs:\nfirst:\n%s\nsecond:\n%s", out, out2)
				}
				if text := EmitText(docs); text != out {
					t.Errorf("EmitText differs from Emit:\nEmitText:\n%s\nEmit:\n%s", text, out)
				}
			})
		}
	}
}

// TestEmitGolden pins the emitter's layout: comments, styles and indentation kept.
func TestEmitGolden(t *testing.T) {
	for name, text := range corpus(t) {
		t.Run(name, func(t *testing.T) {
			out, _ := Emit(mustParse(t, text, YAML11))
			golden := filepath.Join("testdata", "golden", strings.TrimSuffix(name, ".yaml")+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if out != string(want) {
				t.Errorf("emitted text differs from %s (run go test -update to accept):\n%s", golden, out)
			}
		})
	}
}

func mustParse(t *testing.T, text string, rules Rules) []*Document {
	t.Helper()
	docs, err := Parse(Live, text, Options{Rules: rules})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	return docs
}

func FuzzRoundTrip(f *testing.F) {
	files, _ := filepath.Glob("testdata/corpus/*.yaml")
	for _, file := range files {
		b, _ := os.ReadFile(file)
		f.Add(string(b))
	}
	for _, s := range []string{"a: 1\n---\n---\nb: 2\n", "x: |+\n  keep\n\n\n", "- [a, {b: c}]\n", "k: 'it''s'\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		for _, rules := range []Rules{YAML11, YAML12} {
			docs, err := Parse(Live, text, Options{Rules: rules, MaxNodes: 10000})
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			out, _ := Emit(docs)
			again, err := Parse(Live, out, Options{Rules: rules, MaxNodes: 20000})
			if err != nil {
				t.Fatalf("emitted text does not parse: %v\ninput: %q\nemitted: %q", err, text, out)
			}
			if len(roots(again)) != len(roots(docs)) {
				t.Fatalf("document count changed: %d -> %d\ninput: %q\nemitted: %q", len(roots(docs)), len(roots(again)), text, out)
			}
			for i, r := range roots(docs) {
				if !Equal(r, roots(again)[i]) {
					t.Fatalf("data changed\ninput: %q\nemitted: %q\nbefore: %v\nafter: %v", text, out, r, roots(again)[i])
				}
			}
		}
	})
}

func roots(docs []*Document) []*Node {
	var out []*Node
	for _, d := range docs {
		if d.Root != nil {
			out = append(out, d.Root)
		}
	}
	return out
}
