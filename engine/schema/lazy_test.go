package schema

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// eagerBuiltin builds every built-in type at once, the way Builtin did before it became lazy, from
// the file as encoding/json reads it.
func eagerBuiltin(t *testing.T) *Set {
	t.Helper()
	var file fileDecl
	if err := json.Unmarshal([]byte(builtinJSON), &file); err != nil {
		t.Fatal(err)
	}
	set, err := build(&file, nil)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// writeType writes a type as text: its own attributes, its fields and elements, named types by
// name (with the attributes a reference may override) so that cycles end.
func writeType(b *strings.Builder, typ *Type, depth int) {
	if typ == nil {
		b.WriteString("nil")
		return
	}
	fmt.Fprintf(b, "{%q %v %q %v %v %v", typ.Name, typ.Kind, typ.Scalar, typ.ListType, typ.Keys, typ.MapType)
	if typ.Name != "" && depth > 0 {
		b.WriteString("}")
		return
	}
	for _, f := range typ.fields {
		fmt.Fprintf(b, " field %q %v %q %v:", f.Name, f.Strategy, f.MergeKey, f.Default)
		writeType(b, f.Type, depth+1)
	}
	b.WriteString(" mapElem:")
	writeType(b, typ.mapElem, depth+1)
	b.WriteString(" listElem:")
	writeType(b, typ.listElem, depth+1)
	b.WriteString("}")
}

func describeType(typ *Type) string {
	var b strings.Builder
	writeType(&b, typ, 0)
	return b.String()
}

// TestBuiltinLazyMatchesEager checks that every type and kind built on first use is the one the
// whole-file build makes.
func TestBuiltinLazyMatchesEager(t *testing.T) {
	eager, lazy := eagerBuiltin(t), mustBuiltin(t)
	if got, want := lazy.TypeNames(), eager.TypeNames(); !slices.Equal(got, want) {
		t.Fatalf("type names: %d lazily, %d eagerly", len(got), len(want))
	}
	for _, name := range eager.TypeNames() {
		if got, want := describeType(lazy.Named(name)), describeType(eager.Named(name)); got != want {
			t.Errorf("type %s:\n lazy  %s\n eager %s", name, got, want)
		}
	}
	if lazy.lazy.err != nil {
		t.Fatal(lazy.lazy.err)
	}
	lazyKinds, eagerKinds := lazy.Kinds(), eager.Kinds()
	if len(lazyKinds) != len(eagerKinds) {
		t.Fatalf("kinds: %d lazily, %d eagerly", len(lazyKinds), len(eagerKinds))
	}
	for i, k := range eagerKinds {
		l := lazyKinds[i]
		if l.GroupVersionKind != k.GroupVersionKind || l.Scope != k.Scope || (l.Type == nil) != (k.Type == nil) ||
			(k.Type != nil && l.Type.Name != k.Type.Name) {
			t.Errorf("kind %v: lazily %v %v, eagerly %v %v", k.GroupVersionKind, l.Scope, l.Type, k.Scope, k.Type)
		}
		if lazy.Root(k.APIVersion, k.Kind) != l.Type {
			t.Errorf("kind %v: Root and Kinds disagree", k.GroupVersionKind)
		}
	}
}

// TestBuiltinBuildsOnlyWhatIsUsed checks that reading the built-in set builds no type, and that a
// kind's root builds the types it reaches, not all of them.
func TestBuiltinBuildsOnlyWhatIsUsed(t *testing.T) {
	set := mustBuiltin(t)
	if n := len(set.lazy.built); n != 0 {
		t.Fatalf("Builtin built %d types before any was asked for", n)
	}
	if _, known := set.Namespaced("apps/v1", "Deployment"); !known {
		t.Fatal("Deployment's scope is unknown")
	}
	if n := len(set.lazy.built); n != 0 {
		t.Fatalf("a scope lookup built %d types", n)
	}
	root := set.Root("v1", "ConfigMap")
	if root == nil || root.Field("data") == nil {
		t.Fatalf("ConfigMap: %v", root)
	}
	if built, all := len(set.lazy.built), len(set.lazy.types.names); built == 0 || built > all/4 {
		t.Errorf("ConfigMap built %d of %d types", built, all)
	}
	if set.Root("v1", "ConfigMap") != root {
		t.Error("a second Root built the type again")
	}
}

// TestBuiltinConcurrentUse builds types from many goroutines at once (run with -race): each type
// is built once, whole.
func TestBuiltinConcurrentUse(t *testing.T) {
	set := mustBuiltin(t)
	kinds := [][2]string{{"apps/v1", "Deployment"}, {"v1", "Pod"}, {"batch/v1", "CronJob"}, {"v1", "Service"},
		{"apps/v1", "StatefulSet"}, {"networking.k8s.io/v1", "Ingress"}}
	roots := make([][]*Type, 8)
	var wg sync.WaitGroup
	for g := range roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range kinds {
				k := kinds[(i+g)%len(kinds)]
				roots[g] = append(roots[g], set.Root(k[0], k[1]))
			}
		}()
	}
	wg.Wait()
	for g := range roots {
		for i, root := range roots[g] {
			want := set.Root(kinds[(i+g)%len(kinds)][0], kinds[(i+g)%len(kinds)][1])
			if root == nil || root != want {
				t.Errorf("goroutine %d, kind %d: %p, want %p", g, i, root, want)
			}
		}
	}
	if _, typ := set.Lookup("apps/v1", "Deployment", "spec", "template", "spec", "containers", "ports"); typ == nil || typ.ListType != ListMap {
		t.Errorf("a concurrently built type is incomplete: %v", typ)
	}
}

// TestMergeKeepsTheBuiltinLazy checks Merge with the built-in set first (kept lazy beneath the
// user's types) and later (built whole, winning over earlier sets).
func TestMergeKeepsTheBuiltinLazy(t *testing.T) {
	builtin := mustBuiltin(t)
	user := mustLoad(t, dedent(`
		types:
		- name: io.k8s.api.core.v1.ConfigMap
		  map:
		    fields:
		    - name: mine
		      type: {scalar: string}
	`), nil)
	over := Merge(builtin, user)
	if over.lazy == nil {
		t.Fatal("Merge(builtin, user) built the built-in types")
	}
	if typ := over.Named("io.k8s.api.core.v1.ConfigMap"); typ == nil || typ.Field("mine") == nil {
		t.Errorf("the user's ConfigMap does not win: %v", typ)
	}
	if typ := over.Named("io.k8s.api.core.v1.Container"); typ == nil || typ.Field("image") == nil {
		t.Errorf("a built-in type is missing beneath the user's: %v", typ)
	}
	under := Merge(user, builtin)
	if under.lazy != nil {
		t.Error("a lazy set after another was not built whole")
	}
	if typ := under.Named("io.k8s.api.core.v1.ConfigMap"); typ == nil || typ.Field("data") == nil || typ.Field("mine") != nil {
		t.Errorf("the built-in ConfigMap does not win when it comes later: %v", typ)
	}
}

// TestIndexFileRefusesBrokenFiles checks the built-in file's index on files schemagen never writes
// (see builtinKindsLine for its layout).
func TestIndexFileRefusesBrokenFiles(t *testing.T) {
	const kinds = "{\"kinds\":[\n{\"apiVersion\":\"v1\",\"kind\":\"K\",\"type\":\"a\"}\n],\n\"types\":[\n"
	for _, text := range []string{
		kinds + "{\"name\":\"a\",\"scalar\":\"string\"},\n{\"name\":\"a\",\"scalar\":\"string\"}\n]}\n", // a name twice
		kinds + "{\"name\":\"b\",\"scalar\":\"string\"},\n{\"name\":\"a\",\"scalar\":\"string\"}\n]}\n", // out of order
		kinds + "{\"scalar\":\"string\",\"name\":\"a\"}\n]}\n",                                          // the name not first
		kinds + "{\"name\":1}\n]}\n",
		kinds + "{\"name\":\"a\\u00e9\",\"scalar\":\"string\"}\n]}\n",                                  // an escaped name
		kinds + "{\"name\":\"a\",\"scalar\":\"string\"}\n{\"name\":\"b\",\"scalar\":\"string\"}\n]}\n", // a comma missing
		kinds + "{\"name\":\"a\",\"scalar\":\"string\"}\n]}\nx",                                        // more after the end
		kinds + "{\"name\":\"a\",\"scalar\":\"string\"}\n",                                             // no end
		"{\"kinds\":[\n{\"apiVersion\":\"v1\"\n],\n\"types\":[\n]}\n",                                  // a broken kind
		"{\"kinds\":[\n{\"apiVersion\":\"v1\"},{\"kind\":\"K\"}\n],\n\"types\":[\n]}\n",                // two kinds on a line
		"{\"kinds\":[\n{\"apiVersion\":\"v1\"}\n{\"kind\":\"K\"}\n],\n\"types\":[\n]}\n",               // a comma missing
		"{\"types\":[\n]}\n", // no kinds
		"[\"types\"]",
		"",
	} {
		if _, _, err := indexFile(text); err == nil {
			t.Errorf("%q: accepted", text)
		} else if !strings.Contains(err.Error(), "built-in schema, line ") {
			t.Errorf("%q: the error names no line: %v", text, err)
		}
	}
	text := kinds + "{\"name\":\"a\",\"map\":{}},\n{\"name\":\"b\",\"scalar\":\"string\"}\n]}\n"
	kindList, index, err := indexFile(text)
	if err != nil || len(kindList) != 1 || kindList[0].Type != "a" || !slices.Equal(index.names, []string{"a", "b"}) {
		t.Fatalf("got %v %v %v", kindList, index, err)
	}
	if s, ok := index.find("b"); !ok || text[s.start:s.end] != "{\"name\":\"b\",\"scalar\":\"string\"}" {
		t.Errorf("b: %v %v", s, ok)
	}
	if _, ok := index.find("c"); ok {
		t.Error("found c")
	}
	if _, index, err := indexFile("{\"kinds\":[\n],\n\"types\":[\n]}\n"); err != nil || len(index.names) != 0 {
		t.Errorf("an empty file: %v %v", index, err)
	}
}

// TestLazyTypesStopAtABrokenType checks that a type failing to build is reported as missing and
// leaves no half-built type behind.
func TestLazyTypesStopAtABrokenType(t *testing.T) {
	text := "{\"kinds\":[\n],\n\"types\":[\n" +
		`{"name":"a","map":{"fields":[{"name":"f","type":{"namedType":"b"}}]}},` + "\n" +
		`{"name":"b","list":{"elementType":{"scalar":"string"},"elementRelationship":"sideways"}}` + "\n]}\n"
	_, types, err := indexFile(text)
	if err != nil {
		t.Fatal(err)
	}
	set := &Set{lazy: &lazyTypes{text: text, types: types, built: map[string]*Type{}}}
	if typ := set.Named("a"); typ != nil {
		t.Errorf("a broken type was built: %v", describeType(typ))
	}
	if set.lazy.err == nil || !strings.Contains(set.lazy.err.Error(), "sideways") {
		t.Errorf("error: %v", set.lazy.err)
	}
	if len(set.lazy.built) != 0 {
		t.Errorf("half-built types kept: %v", set.lazy.built)
	}
}
