package quantity

import (
	"os"
	"strings"
	"testing"
)

// sent is one line of testdata/observed.tsv: a quantity sent to kube-apiserver v1.37.2 and what
// it stored in a resource list and in a field of its own (scripts/reproduce/observe-quantities.sh
// says how it was taken; its header, when).
type sent struct{ written, list, field string }

// The words observed.tsv writes for a quantity with no answered text: the server could not
// decode it, or decoded it and refused it in validation by a message that quotes the text after
// the prefix, or does not quote it.
const (
	refused       = "refused"
	invalidQuotes = "invalid: "
	invalid       = "invalid"
)

// readObserved reads testdata/observed.tsv.
func readObserved(t testing.TB) []sent {
	data, err := os.ReadFile("testdata/observed.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []sent
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("testdata/observed.tsv:%d: %d fields, want 3", i+1, len(f))
		}
		out = append(out, sent{f[0], f[1], f[2]})
	}
	return out
}

func TestAsObserved(t *testing.T) {
	cases := readObserved(t)
	if len(cases) < 300 {
		t.Fatalf("testdata/observed.tsv holds %d quantities, want the 300 and more it was taken with", len(cases))
	}
	for _, c := range cases {
		for _, way := range []struct {
			name      string
			canonical func(string) (string, bool)
			stored    string
		}{{"Canonical", Canonical, c.list}, {"CanonicalField", CanonicalField, c.field}} {
			got, ok := way.canonical(c.written)
			switch {
			case strings.HasPrefix(way.stored, invalidQuotes) && way.name == "Canonical":
				quoted := strings.TrimPrefix(way.stored, invalidQuotes)
				if decoded, read := Decoded(c.written); !read || decoded != quoted {
					t.Errorf("Decoded(%q) = %q, %v; the server's message quotes %q", c.written, decoded, read, quoted)
				}
			case strings.HasPrefix(way.stored, invalidQuotes):
				t.Errorf("%q: the server's message for a field quotes %q: the package has no function for it", c.written, way.stored)
			case way.stored == refused:
				if ok || got != c.written {
					t.Errorf("%s(%q) = %q, %v; the server refuses it", way.name, c.written, got, ok)
				}
			case way.stored == invalid:
				if !ok {
					t.Errorf("%s(%q) refuses it; the server reads it (then refuses it in validation)", way.name, c.written)
				}
			default:
				if !ok || got != way.stored {
					t.Errorf("%s(%q) = %q, %v; the server stores %q", way.name, c.written, got, ok, way.stored)
				}
			}
		}
	}
}

// TestNotRead: the server refuses these ("quantities must match the regular expression"), or
// they are past the package's bound: left as written.
func TestNotRead(t *testing.T) {
	for _, s := range []string{"", "1.2.3", "1Kb", "Pi", "-Ei", "1e", "1ee3", "abc", "1..", "1e1001", strings.Repeat("1", 1001)} {
		for _, canonical := range []func(string) (string, bool){Canonical, CanonicalField, Decoded} {
			if got, ok := canonical(s); ok || got != s {
				t.Errorf("%q is stored as %q, %v; want it left as written", s, got, ok)
			}
		}
	}
}

// FuzzCanonical: what the server answers for a quantity, applied again, is answered as it is
// (the server's first canonical form is not always canonical again, its answer is: 62.5Ki is
// written 64000, then 64k, observed.tsv); the quantities the server reads and refuses are the
// same for all three functions.
func FuzzCanonical(f *testing.F) {
	for _, c := range readObserved(f) {
		f.Add(c.written)
	}
	f.Fuzz(func(t *testing.T, s string) {
		decoded, okDecoded := Decoded(s)
		for _, canonical := range []func(string) (string, bool){Canonical, CanonicalField} {
			answered, ok := canonical(s)
			if ok != okDecoded {
				t.Fatalf("%q: Decoded reads it: %v, another function: %v", s, okDecoded, ok)
			}
			if !ok {
				continue
			}
			again, ok2 := canonical(answered)
			if !ok2 || again != answered {
				t.Errorf("%q is answered as %q, which is answered as %q, %v", s, answered, again, ok2)
			}
		}
		if answered, _ := Canonical(s); okDecoded && answered != mustDecode(t, decoded) {
			t.Errorf("%q: Canonical %q is not Decoded %q decoded again", s, answered, decoded)
		}
	})
}

// mustDecode is Decoded(s), which must read s.
func mustDecode(t *testing.T, s string) string {
	out, ok := Decoded(s)
	if !ok {
		t.Fatalf("Decoded(%q) does not read its own answer", s)
	}
	return out
}
