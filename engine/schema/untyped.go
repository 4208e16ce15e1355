package schema

// Names of the two untyped types every Set built from a user schema holds, as structured-merge-diff
// and Kubernetes name them.
const (
	// DeducedName names the type of values without a schema: scalars, atomic lists, and granular
	// maps whose values are deduced in turn.
	DeducedName = "__untyped_deduced_"
	// AtomicName names the type of values owned and replaced as a whole, whatever their shape.
	AtomicName = "__untyped_atomic_"
)

// Deduced returns the type modes use for values without a schema, as server-side apply does for
// them: any scalar; lists atomic; maps granular, their values deduced alike. Its Name is
// DeducedName. Each call returns a fresh type.
func Deduced() *Type {
	set, err := build(&fileDecl{Types: untypedDecls()}, nil)
	if err != nil {
		panic("schema: the untyped declarations do not build: " + err.Error())
	}
	return set.Named(DeducedName)
}

// untypedDecls declares DeducedName and AtomicName as structured-merge-diff's deduced parser and
// Kubernetes's OpenAPI conversion do.
func untypedDecls() []typeDecl {
	atomicRef := refDecl{NamedType: AtomicName}
	return []typeDecl{
		{Name: AtomicName, atomDecl: atomDecl{
			Scalar: string(ScalarUntyped),
			List:   &listDecl{ElementType: atomicRef, ElementRelationship: relAtomic},
			Map:    &mapDecl{ElementType: &refDecl{NamedType: AtomicName}, ElementRelationship: relAtomic},
		}},
		{Name: DeducedName, atomDecl: atomDecl{
			Scalar: string(ScalarUntyped),
			List:   &listDecl{ElementType: atomicRef, ElementRelationship: relAtomic},
			Map:    &mapDecl{ElementType: &refDecl{NamedType: DeducedName}, ElementRelationship: relSeparable},
		}},
	}
}

// withUntyped returns types plus the untyped declarations it lacks.
func withUntyped(types []typeDecl) []typeDecl {
	have := map[string]bool{}
	for _, t := range types {
		have[t.Name] = true
	}
	for _, u := range untypedDecls() {
		if !have[u.Name] {
			types = append(types, u)
		}
	}
	return types
}
