package schema

// Lookup follows a path of map keys from t and returns the last key's declared field (nil when the
// last step went through a map's Elem, as for a label) and the type of its value. A list met on the
// way is stepped through to its item type, so ("spec", "containers", "ports") from a Pod reaches the
// container ports field. Lookup returns nil, nil when a key is unknown to the type it meets. With no
// names, it returns nil and t.
func (t *Type) Lookup(names ...string) (*Field, *Type) {
	var field *Field
	current := t
	for _, name := range names {
		for current != nil && current.Kind == KindList {
			current = current.listElem
		}
		if current == nil {
			return nil, nil
		}
		field = current.Field(name)
		if field != nil {
			current = field.Type
			continue
		}
		current = current.Elem()
		if current == nil {
			return nil, nil
		}
	}
	return field, current
}

// Lookup returns the declared field and type at path in the resource kind at apiVersion, as
// Type.Lookup does from the kind's root type; nil, nil when the kind or a key is unknown.
func (s *Set) Lookup(apiVersion, kind string, path ...string) (*Field, *Type) {
	root := s.Root(apiVersion, kind)
	if root == nil {
		return nil, nil
	}
	return root.Lookup(path...)
}
