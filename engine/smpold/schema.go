package smpold

// Meta is the patch metadata of one field: its strategies ("merge", "replace", "retainKeys", or
// two of them such as "merge,retainKeys") and its merge key.
type Meta struct {
	Strategies []string
	MergeKey   string
}

// Schema answers the patch metadata of the fields below one type, as the reference's
// LookupPatchMeta does. Struct looks up a field holding a map, Slice a field holding a list (the
// returned Schema then describes the list's items). A lookup of a field the type does not have is
// an error; a Schema that knows nothing below it (see Untyped) answers every lookup with an empty
// Meta.
type Schema interface {
	Struct(key string) (Schema, Meta, error)
	Slice(key string) (Schema, Meta, error)
	// Name names the type in error messages.
	Name() string
}

// Untyped is the schema of data nothing describes: every list is atomic and every map merges key
// by key.
type Untyped struct{}

// Struct answers an empty Meta.
func (Untyped) Struct(string) (Schema, Meta, error) { return Untyped{}, Meta{}, nil }

// Slice answers an empty Meta.
func (Untyped) Slice(string) (Schema, Meta, error) { return Untyped{}, Meta{}, nil }

// Name returns "untyped".
func (Untyped) Name() string { return "untyped" }

// strategy splits a field's strategies into whether it retains keys and its main strategy
// ("merge", "replace" or ""), refusing combinations the reference refuses.
func (m Meta) strategy() (retainKeys bool, main string, err error) {
	switch len(m.Strategies) {
	case 0:
		return false, "", nil
	case 1:
		if m.Strategies[0] == retainKeysStrategy {
			return true, "", nil
		}
		return false, m.Strategies[0], nil
	case 2:
		switch {
		case m.Strategies[0] == retainKeysStrategy:
			return true, m.Strategies[1], nil
		case m.Strategies[1] == retainKeysStrategy:
			return true, m.Strategies[0], nil
		}
	}
	return false, "", errorf("unexpected patch strategy: %v", m.Strategies)
}

// The directive keys and values of strategic merge patch.
const (
	directiveKey          = "$patch"
	deleteDirective       = "delete"
	replaceDirective      = "replace"
	mergeDirective        = "merge"
	retainKeysStrategy    = "retainKeys"
	retainKeysKey         = "$retainKeys"
	deleteFromListPrefix  = "$deleteFromPrimitiveList"
	setElementOrderPrefix = "$setElementOrder"
)
