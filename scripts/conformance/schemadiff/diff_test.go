package schemadiff

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	apiextensionsapply "k8s.io/apiextensions-apiserver/pkg/client/applyconfiguration"
	apiextensionsscheme "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/scheme"
	"k8s.io/apimachinery/pkg/runtime"
	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/client-go/applyconfigurations"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	aggregatorapply "k8s.io/kube-aggregator/pkg/client/applyconfiguration"
	aggregatorscheme "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset/scheme"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// metaPackage holds WatchEvent, Status and the *Options kinds every group version registers.
const metaPackage = "k8s.io/apimachinery/pkg/apis/meta/v1"

// maxDifferences bounds the differences reported one by one.
const maxDifferences = 50

// differ walks one kind's Go type, server-side-apply type and engine type together.
type differ struct {
	ssa         *smdschema.Schema
	differences []string
	listFields  int
	mapFields   int
	// seen guards cycles within one kind.
	seen map[reflect.Type]bool
}

func TestBuiltinMatchesReferences(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	kinds := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, apiextensionsscheme.AddToScheme, aggregatorscheme.AddToScheme} {
		if err := add(kinds); err != nil {
			t.Fatal(err)
		}
	}
	converters := []managedfields.TypeConverter{
		applyconfigurations.NewTypeConverter(kinds),
		apiextensionsapply.NewTypeConverter(kinds),
		aggregatorapply.NewTypeConverter(kinds),
	}
	d := &differ{}
	compared := map[schema.GroupVersionKind]bool{}
	var skipped []string
	for _, gvk := range sortedKinds(kinds) {
		goType := kinds.AllKnownTypes()[gvk]
		if goType.PkgPath() == metaPackage || strings.HasSuffix(gvk.Kind, "List") {
			continue
		}
		typed, err := toTyped(kinds, converters, gvk)
		if err != nil {
			skipped = append(skipped, gvk.String())
			continue
		}
		key := schema.GroupVersionKind{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind}
		compared[key] = true
		root := set.Root(key.APIVersion, key.Kind)
		if root == nil {
			d.report(gvk.Kind, "the engine does not know the kind")
			continue
		}
		d.ssa = typed.Schema()
		d.seen = map[reflect.Type]bool{}
		d.compareType(gvk.Kind, goType, typed.TypeRef(), root)
	}
	for _, k := range set.Kinds() {
		if !compared[k.GroupVersionKind] && k.Type != nil { // a kind without a type is known by its scope only
			d.report(k.APIVersion+" "+k.Kind, "the engine knows a kind the references leave out")
		}
		if k.Scope == schema.ScopeUnknown {
			d.report(k.APIVersion+" "+k.Kind, "the engine does not know the kind's scope")
		}
	}
	fmt.Printf("schema diff: %d kinds, %d list fields, %d map fields compared, %d differences\n",
		len(compared), d.listFields, d.mapFields, len(d.differences))
	t.Logf("kinds without a server-side-apply type, not compared: %d", len(skipped))
	for i, diff := range d.differences {
		if i == maxDifferences {
			t.Errorf("... and %d more", len(d.differences)-maxDifferences)
			break
		}
		t.Error(diff)
	}
}

// toTyped returns the typed value of an empty object of kind gvk from the first converter that
// knows the kind.
func toTyped(kinds *runtime.Scheme, converters []managedfields.TypeConverter, gvk runtimeschema.GroupVersionKind) (*typed.TypedValue, error) {
	obj, err := kinds.New(gvk)
	if err != nil {
		return nil, err
	}
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	var tv *typed.TypedValue
	for _, c := range converters {
		if tv, err = c.ObjectToTyped(obj); err == nil {
			return tv, nil
		}
	}
	return nil, err
}

// report records a difference at path.
func (d *differ) report(path, format string, args ...any) {
	d.differences = append(d.differences, path+": "+fmt.Sprintf(format, args...))
}

// compareType compares the shape of one value and descends into its fields or items.
func (d *differ) compareType(path string, goType reflect.Type, ref smdschema.TypeRef, engine *schema.Type) {
	for goType.Kind() == reflect.Pointer {
		goType = goType.Elem()
	}
	atom, ok := d.ssa.Resolve(ref)
	if !ok {
		d.report(path, "the server-side-apply schema cannot resolve its type")
		return
	}
	if engine == nil {
		d.report(path, "the engine has no type")
		return
	}
	d.compareSSA(path, atom, engine)
	switch goType.Kind() {
	case reflect.Struct:
		if atom.Map != nil && len(atom.Map.Fields) > 0 && !d.seen[goType] {
			d.seen[goType] = true
			d.compareFields(path, goType, atom.Map, engine)
		}
	case reflect.Slice, reflect.Array:
		if goType.Elem().Kind() != reflect.Uint8 && atom.List != nil {
			d.compareType(path+"[]", goType.Elem(), atom.List.ElementType, engine.ListElem())
		}
	case reflect.Map:
		if atom.Map != nil {
			d.compareType(path+"{}", goType.Elem(), atom.Map.ElementType, engine.Elem())
		}
	}
}

// compareFields compares every field of a Go struct: its patch metadata with strategicpatch's, its
// type with the server-side-apply schema's.
func (d *differ) compareFields(path string, goType reflect.Type, m *smdschema.Map, engine *schema.Type) {
	meta, err := strategicpatch.NewPatchMetaFromStruct(reflect.New(goType).Interface())
	if err != nil {
		d.report(path, "strategicpatch: %v", err)
		return
	}
	for _, f := range jsonFields(goType) {
		fieldPath := path + "." + f.Name
		sf, inSSA := m.FindField(f.Name)
		ef := engine.Field(f.Name)
		switch {
		case !inSSA && ef != nil:
			d.report(fieldPath, "the engine declares a field the server-side-apply schema lacks")
			continue
		case !inSSA:
			continue
		case ef == nil:
			d.report(fieldPath, "the engine lacks the field")
			continue
		}
		fieldType := f.Field.Type
		for fieldType.Kind() == reflect.Pointer {
			fieldType = fieldType.Elem()
		}
		switch fieldType.Kind() {
		case reflect.Slice, reflect.Array:
			if fieldType.Elem().Kind() != reflect.Uint8 {
				d.listFields++
				_, pm, err := meta.LookupPatchMetadataForSlice(f.Name)
				d.comparePatchMeta(fieldPath, pm, err, ef)
			}
		case reflect.Map, reflect.Struct:
			d.mapFields++
			_, pm, err := meta.LookupPatchMetadataForStruct(f.Name)
			d.comparePatchMeta(fieldPath, pm, err, ef)
		}
		d.compareType(fieldPath, f.Field.Type, sf.Type, ef.Type)
	}
}

// comparePatchMeta compares the engine's strategy and merge key with strategicpatch's.
func (d *differ) comparePatchMeta(path string, pm strategicpatch.PatchMeta, err error, ef *schema.Field) {
	if err != nil {
		d.report(path, "strategicpatch: %v", err)
		return
	}
	want := strings.Join(slices.DeleteFunc(pm.GetPatchStrategies(), func(s string) bool { return s == "" }), ",")
	if got := ef.Strategy.String(); got != want {
		d.report(path, "patch strategy: engine %q, strategicpatch %q", got, want)
	}
	if ef.MergeKey != pm.GetPatchMergeKey() {
		d.report(path, "merge key: engine %q, strategicpatch %q", ef.MergeKey, pm.GetPatchMergeKey())
	}
}

// compareSSA compares the engine type's server-side-apply view with the atom's.
func (d *differ) compareSSA(path string, atom smdschema.Atom, engine *schema.Type) {
	if want := atomKind(atom); engine.Kind != want {
		d.report(path, "kind: engine %s, server-side apply %s", engine.Kind, want)
		return
	}
	if atom.Scalar != nil && string(engine.Scalar) != string(*atom.Scalar) {
		d.report(path, "scalar: engine %s, server-side apply %s", engine.Scalar, *atom.Scalar)
	}
	if atom.List != nil {
		wantType, wantKeys := listType(atom.List)
		if engine.ListType != wantType || (wantType == schema.ListMap && !slices.Equal(engine.Keys, wantKeys)) {
			d.report(path, "list type: engine %s %v, server-side apply %s %v", engine.ListType, engine.Keys,
				wantType, wantKeys)
		}
	}
	if atom.Map != nil {
		want := schema.MapGranular
		if atom.Map.ElementRelationship == smdschema.Atomic {
			want = schema.MapAtomic
		}
		if engine.MapType != want {
			d.report(path, "map type: engine %s, server-side apply %s", engine.MapType, want)
		}
	}
}

// atomKind returns the engine kind an atom maps to.
func atomKind(atom smdschema.Atom) schema.Kind {
	parts := 0
	kind := schema.KindUntyped
	if atom.Scalar != nil {
		parts, kind = parts+1, schema.KindScalar
	}
	if atom.List != nil {
		parts, kind = parts+1, schema.KindList
	}
	if atom.Map != nil {
		parts, kind = parts+1, schema.KindMap
	}
	if parts != 1 {
		return schema.KindUntyped
	}
	return kind
}

// listType returns the engine list type and keys of a server-side-apply list, as structured-merge-diff
// treats it: associative with keys is keyed, associative without keys a set, anything else atomic.
func listType(l *smdschema.List) (schema.ListType, []string) {
	if l.ElementRelationship != smdschema.Associative {
		return schema.ListAtomic, nil
	}
	if len(l.Keys) > 0 {
		return schema.ListMap, l.Keys
	}
	return schema.ListSet, nil
}

// sortedKinds returns the external kinds of s, sorted.
func sortedKinds(s *runtime.Scheme) []runtimeschema.GroupVersionKind {
	var out []runtimeschema.GroupVersionKind
	for gvk := range s.AllKnownTypes() {
		if gvk.Version != runtime.APIVersionInternal {
			out = append(out, gvk)
		}
	}
	slices.SortFunc(out, func(a, b runtimeschema.GroupVersionKind) int {
		return cmp.Compare(a.String(), b.String())
	})
	return out
}

// jsonField is a struct field as encoding/json names it.
type jsonField struct {
	Name  string
	Field reflect.StructField
}

// jsonFields lists the fields encoding/json reads in struct t, embedded structs without a JSON
// name flattened.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		inner := f.Type
		if inner.Kind() == reflect.Pointer {
			inner = inner.Elem()
		}
		if f.Anonymous && name == "" && inner.Kind() == reflect.Struct {
			out = append(out, jsonFields(inner)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jsonField{Name: name, Field: f})
	}
	return out
}
