package stream

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func split(t *testing.T, input yamltree.Input, text string) []*Resource {
	t.Helper()
	docs, err := yamltree.Parse(input, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Split(docs, clusterScoped("Namespace", "ClusterRole"))
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func clusterScoped(kinds ...string) Scope {
	return func(_, kind string) bool {
		for _, k := range kinds {
			if k == kind {
				return false
			}
		}
		return true
	}
}

func TestSplitIdentity(t *testing.T) {
	rs := split(t, yamltree.Live, `apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
---
apiVersion: v1
kind: Namespace
metadata: {name: shop, namespace: ignored}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
---
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Service, metadata: {name: s1}}
- {apiVersion: v1, kind: Service, metadata: {name: s2}}
`)
	var got []string
	for _, r := range rs {
		got = append(got, r.ID.String())
	}
	want := "v1/ConfigMap/default/a v1/Namespace/shop apps/v1/Deployment/shop/web v1/Service/default/s1 v1/Service/default/s2"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v\nwant %s", got, want)
	}
	if rs[2].Line() != 10 {
		t.Errorf("Deployment line: %d", rs[2].Line())
	}
}

func TestSplitErrors(t *testing.T) {
	tests := []struct {
		text    string
		line    int
		message string
	}{
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: default}\n", 5, "defined twice in live: first at line 1"},
		{"- a\n- b\n", 1, "a document must be a map"},
		{"just a scalar\n", 1, "found a scalar"},
	}
	for _, tt := range tests {
		docs, err := yamltree.Parse(yamltree.Live, tt.text, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Split(docs, nil)
		e, ok := err.(*yamltree.Error)
		if !ok || e.Line != tt.line || !strings.Contains(e.Message, tt.message) {
			t.Errorf("%q: got %v, want line %d with %q", tt.text, err, tt.line, tt.message)
		}
	}
}

func TestPair(t *testing.T) {
	original := split(t, yamltree.Original, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: kept}\n")
	updated := split(t, yamltree.Updated, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kept}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: new}\n")
	live := split(t, yamltree.Live, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cluster-only}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: kept, namespace: default}\n")
	triples, err := Pair(Inputs{Original: original, Updated: updated, Live: live})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tr := range triples {
		got = append(got, tr.ID.Name+":"+has(tr.Original)+has(tr.Updated)+has(tr.Live))
	}
	if want := "kept:oul new:-u- cluster-only:--l old:o--"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

// TestPairTellsApartIdentitiesSharingAHash: Pair finds triples by their identities' hashes; two
// identities that share one (made to here) still pair each resource with its own.
func TestPairTellsApartIdentitiesSharingAHash(t *testing.T) {
	original := split(t, yamltree.Original, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n")
	updated := split(t, yamltree.Updated, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n")
	live := split(t, yamltree.Live, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")
	for _, rs := range [][]*Resource{original, updated, live} {
		for _, r := range rs {
			if r.hashed == 0 || r.named != r.ID.String() {
				t.Fatalf("%s: split without its hash or string (%d, %q)", r.ID, r.hashed, r.named)
			}
			r.hashed = 7 // one hash for all
		}
	}
	triples, err := Pair(Inputs{Original: original, Updated: updated, Live: live})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tr := range triples {
		for _, r := range []*Resource{tr.Original, tr.Updated, tr.Live} {
			if r != nil && r.ID != tr.ID {
				t.Errorf("%s paired with %s", r.ID, tr.ID)
			}
		}
		got = append(got, tr.ID.Name+":"+has(tr.Original)+has(tr.Updated)+has(tr.Live))
	}
	if want := "b:ou- a:oul c:-ul"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestPairFragments(t *testing.T) {
	triples, err := Pair(Inputs{
		Original: split(t, yamltree.Original, "name: 1\n"),
		Updated:  split(t, yamltree.Updated, "name: 1\nvalue: 2\n"),
		Live:     split(t, yamltree.Live, "name: 1\nother: a\n"),
	})
	if err != nil || len(triples) != 1 || triples[0].Original == nil || triples[0].Updated == nil || triples[0].Live == nil {
		t.Fatalf("fragments not paired by position: %v %v", triples, err)
	}
	_, err = Pair(Inputs{Updated: split(t, yamltree.Updated, "name: 1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")})
	if err == nil || !strings.Contains(err.Error(), "updated:1:1: this resource has no apiVersion, kind, metadata.name") {
		t.Errorf("got %v", err)
	}
}

// TestPairFragmentBesideTwoObjects: a fragment pairs by position only with resources that name
// one object; beside two different ones it could join either (FuzzTwoWay's finding: a rename with
// live the fragment "0:" paired otherwise once the merge gave live the new name).
func TestPairFragmentBesideTwoObjects(t *testing.T) {
	renamed := Inputs{
		Original: split(t, yamltree.Original, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old}\n"),
		Updated:  split(t, yamltree.Updated, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: new}\n"),
		Live:     split(t, yamltree.Live, "data: {}\n"),
	}
	_, err := Pair(renamed)
	if err == nil || !strings.Contains(err.Error(), "live:1:1: this resource has no apiVersion, kind, metadata.name, and the other inputs name two different objects (v1/ConfigMap/default/new at updated, v1/ConfigMap/default/old at original)") {
		t.Errorf("got %v", err)
	}
	renamed.Original = split(t, yamltree.Original, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: new, namespace: default}\n")
	triples, err := Pair(renamed)
	if err != nil || len(triples) != 1 || triples[0].Original == nil || triples[0].Live == nil || triples[0].ID.Name != "new" {
		t.Errorf("one object named twice and a fragment: %v %v", triples, err)
	}
}

func has(r *Resource) string {
	if r == nil {
		return "-"
	}
	return string(r.Root.Pos.Input[0])
}

// knownScopes is a schema's scopes for the tests: Namespace cluster-scoped, ConfigMap
// namespaced, every other kind unknown.
type knownScopes struct{}

func (knownScopes) Namespaced(_, kind string) (namespaced, known bool) {
	switch kind {
	case "Namespace":
		return false, true
	case "ConfigMap":
		return true, true
	}
	return false, false
}

func TestSplitKnownSaysWhenScopeIsAssumed(t *testing.T) {
	docs, err := yamltree.Parse(yamltree.Live, "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n", yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := SplitKnown(docs, knownScopes{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rs {
		got = append(got, fmt.Sprintf("%s assumed=%v", r.ID, r.ScopeAssumed))
	}
	want := "v1/Namespace/a assumed=false|example.com/v1/Widget/default/w assumed=true|v1/ConfigMap/default/c assumed=false"
	if strings.Join(got, "|") != want {
		t.Errorf("got %v\nwant %s", got, want)
	}
}

// TestSplitterSplitsAsSplitKnown wants a Splitter given the successive versions of a stream, as a
// yamltree.Reader hands them out (a document unchanged given again as the same one), to answer
// each as SplitKnown does on its own: a value edited, a name edited (its identity with it), a
// document added, one removed, two swapped, a List's items, a resource given twice (refused, and
// the next version read right), a null document and a document that is not a map (refused).
func TestSplitterSplitsAsSplitKnown(t *testing.T) {
	cm := func(name, value string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + "}\ndata: {k: " + value + "}\n"
	}
	list := "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Namespace, metadata: {name: n}}\n- {apiVersion: x/v1, kind: Widget, metadata: {name: w}}\n"
	versions := [][]string{
		{cm("a", "1"), cm("b", "1"), list, cm("c", "1")},
		{cm("a", "1"), cm("b", "2"), list, cm("c", "1")},
		{cm("a", "1"), cm("b2", "2"), list, cm("c", "1")},
		{cm("a", "1"), cm("b2", "2"), list, cm("d", "1"), cm("c", "1")},
		{cm("a", "1"), list, cm("d", "1"), cm("c", "1")},
		{cm("a", "1"), cm("c", "1"), cm("d", "1"), list},
		{cm("a", "1"), cm("c", "1"), cm("a", "1"), list},
		{cm("a", "1"), "~\n", cm("c", "1"), list},
		{cm("a", "1"), "- not a map\n", cm("c", "1")},
		{cm("a", "1"), cm("c", "1"), list},
	}
	reader := yamltree.NewReader(yamltree.Live, yamltree.Options{})
	var s Splitter
	var last []*yamltree.Document
	for i, v := range versions {
		text := strings.Join(v, "---\n")
		docs, err := reader.ParseShared(text)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && docs[0] != last[0] {
			t.Fatalf("version %d: the first document, unchanged, is read again: the Splitter is not asked to recall it", i+1)
		}
		last = docs
		got, gotErr := s.SplitKnown(docs, knownScopes{})
		fresh, err := yamltree.Parse(yamltree.Live, text, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, wantErr := SplitKnown(fresh, knownScopes{})
		if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Fatalf("version %d: error %v, want %v", i+1, gotErr, wantErr)
		}
		if len(got) != len(want) {
			t.Fatalf("version %d: %d resources, want %d", i+1, len(got), len(want))
		}
		for j := range got {
			g, w := got[j], want[j]
			if g.ID != w.ID || g.ScopeAssumed != w.ScopeAssumed || g.Line() != w.Line() || yamltree.EmitNode(g.Root) != yamltree.EmitNode(w.Root) {
				t.Errorf("version %d, resource %d: %v (assumed %v, line %d), want %v (assumed %v, line %d)", i+1, j, g.ID, g.ScopeAssumed, g.Line(), w.ID, w.ScopeAssumed, w.Line())
			}
		}
	}
}

// TestHashIndexFindsTheFirstOfEachHash adds items past the size the index was made for, with
// hashes that share their low bits, and wants each hash to find the first item added with it.
func TestHashIndexFindsTheFirstOfEachHash(t *testing.T) {
	x := newHashIndex(2)
	for i := range 1000 {
		x.add(uint64(i%300)<<20|7, i) // 300 hashes, each given thrice, one slot wanted by all
	}
	for h := range 300 {
		if i, ok := x.find(uint64(h)<<20 | 7); !ok || i != h {
			t.Fatalf("hash %d finds %d, %v; want %d", h, i, ok, h)
		}
	}
	if _, ok := x.find(301<<20 | 7); ok {
		t.Error("a hash never added is found")
	}
}
