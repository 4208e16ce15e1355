package typed

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ValidateConfig checks an applied configuration against t as server-side apply does before it
// merges: scalars of the declared kind, maps and lists where the type has them, no undeclared
// field in a struct, and items of associative lists that have an identity, none twice. It
// returns the first problem as an *Error.
func ValidateConfig(t *schema.Type, v *yamltree.Node) error {
	return validator{}.value(nil, t, v)
}

// ValidateObject checks a stored object (or an update's) as ValidateConfig does, except that an
// associative list may hold an item twice, as objects written by updates may.
func ValidateObject(t *schema.Type, v *yamltree.Node) error {
	return validator{allowDuplicates: true}.value(nil, t, v)
}

// validator walks a value with its type; allowDuplicates tells objects from configs.
type validator struct {
	allowDuplicates bool
}

func (w validator) value(path fieldpath.Path, t *schema.Type, v *yamltree.Node) error {
	if t == nil {
		return &Error{Pos: v.Pos, Path: path, Message: "the schema has no type for this value"}
	}
	switch shapeOf(t, v) {
	case shapeScalar:
		return scalarError(path, t, v)
	case shapeList:
		return w.list(path, t, v)
	case shapeMap:
		return w.mapValue(path, t, v)
	}
	return &Error{Pos: v.Pos, Path: path, Message: "the schema's type for this value declares no scalar, list or map"}
}

// scalarError checks a scalar against the scalar kind of t; a null is always accepted.
func scalarError(path fieldpath.Path, t *schema.Type, v *yamltree.Node) error {
	if v == nil || v.IsNull() {
		return nil
	}
	want := ""
	switch t.Scalar {
	case schema.ScalarNumeric:
		if !isNumber(v) {
			want = "a number"
		}
	case schema.ScalarString:
		if !v.IsScalar() || v.Tag != yamltree.StrTag {
			want = "a string"
		}
	case schema.ScalarBoolean:
		if !v.IsScalar() || v.Tag != yamltree.BoolTag {
			want = "a boolean"
		}
	default:
		if !v.IsScalar() {
			want = "a scalar"
		}
	}
	if want == "" {
		return nil
	}
	return &Error{Pos: v.Pos, Path: path, Message: "expected " + want + ", found " + describe(v)}
}

func isNumber(v *yamltree.Node) bool {
	return v.IsScalar() && (v.Tag == yamltree.IntTag || v.Tag == yamltree.FloatTag)
}

// describe names a value's kind for messages.
func describe(v *yamltree.Node) string {
	switch {
	case v.IsMap():
		return "a map"
	case v.IsList():
		return "a list"
	case v.IsNull():
		return "null"
	}
	switch v.Tag {
	case yamltree.IntTag, yamltree.FloatTag:
		return "the number " + v.Value
	case yamltree.BoolTag:
		return "the boolean " + v.Value
	}
	return "the string " + strconv.Quote(v.Value)
}

func (w validator) list(path fieldpath.Path, t *schema.Type, v *yamltree.Node) error {
	if v.IsNull() {
		return nil
	}
	if !v.IsList() {
		return &Error{Pos: v.Pos, Path: path, Message: "expected a list, found " + describe(v)}
	}
	if isAtomicList(t) {
		for i, it := range v.Items {
			if err := w.value(path.Index(i), t.ListElem(), it); err != nil {
				return err
			}
		}
		return nil
	}
	var seen []fieldpath.Element
	for _, it := range v.Items {
		e, err := ItemElement(t, it)
		if err != nil {
			return &Error{Pos: it.Pos, Path: path, Message: err.Error()}
		}
		if !w.allowDuplicates && containsElement(seen, e) {
			return &Error{Pos: it.Pos, Path: path.Append(e), Message: "duplicate entries for this key"}
		}
		seen = append(seen, e)
		if err := w.value(path.Append(e), t.ListElem(), it); err != nil {
			return err
		}
	}
	return nil
}

func (w validator) mapValue(path fieldpath.Path, t *schema.Type, v *yamltree.Node) error {
	if v.IsNull() {
		return nil
	}
	if !v.IsMap() {
		return &Error{Pos: v.Pos, Path: path, Message: "expected a map, found " + describe(v)}
	}
	for _, f := range v.Fields {
		ft := t.FieldType(f.Key.Value)
		if ft == nil {
			return &Error{Pos: f.Key.Pos, Path: path.Field(f.Key.Value), Message: "field not declared in schema"}
		}
		if err := w.value(path.Field(f.Key.Value), ft, f.Value); err != nil {
			return err
		}
	}
	return nil
}
