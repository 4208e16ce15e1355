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
	return (&validator{}).value(t, v)
}

// ValidateObject checks a stored object (or an update's) as ValidateConfig does, except that an
// associative list may hold an item twice, as objects written by updates may.
func ValidateObject(t *schema.Type, v *yamltree.Node) error {
	return (&validator{allowDuplicates: true}).value(t, v)
}

// validator walks a value with its type; allowDuplicates tells objects from configs. path is
// where the walk is, grown and cut around each value it enters and copied only into an error:
// most values have none, and a path built for every value was a twelfth of a server-side apply
// key's time.
type validator struct {
	allowDuplicates bool
	path            fieldpath.Path
}

// errorAt is a problem at the walk's path, or below it at e when e is given.
func (w *validator) errorAt(pos yamltree.Pos, message string, below ...fieldpath.Element) error {
	var path fieldpath.Path
	if n := len(w.path) + len(below); n > 0 {
		path = append(append(make(fieldpath.Path, 0, n), w.path...), below...)
	}
	return &Error{Pos: pos, Path: path, Message: message}
}

// enter checks v, of type t, at the walk's path followed by e.
func (w *validator) enter(e fieldpath.Element, t *schema.Type, v *yamltree.Node) error {
	w.path = append(w.path, e)
	err := w.value(t, v)
	w.path = w.path[:len(w.path)-1]
	return err
}

func (w *validator) value(t *schema.Type, v *yamltree.Node) error {
	if t == nil {
		return w.errorAt(v.Pos, "the schema has no type for this value")
	}
	switch shapeOf(t, v) {
	case shapeScalar:
		if want := scalarWanted(t, v); want != "" {
			return w.errorAt(v.Pos, "expected "+want+", found "+describe(v))
		}
		return nil
	case shapeList:
		return w.list(t, v)
	case shapeMap:
		return w.mapValue(t, v)
	}
	return w.errorAt(v.Pos, "the schema's type for this value declares no scalar, list or map")
}

// scalarWanted checks a scalar against the scalar kind of t: what it should be ("a number", ...),
// "" when it is; a null is always accepted.
func scalarWanted(t *schema.Type, v *yamltree.Node) string {
	if v == nil || v.IsNull() {
		return ""
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
	return want
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

func (w *validator) list(t *schema.Type, v *yamltree.Node) error {
	if v.IsNull() {
		return nil
	}
	if !v.IsList() {
		return w.errorAt(v.Pos, "expected a list, found "+describe(v))
	}
	if isAtomicList(t) {
		for i, it := range v.Items {
			if err := w.enter(fieldpath.Element{Index: i, IsIndex: true}, t.ListElem(), it); err != nil {
				return err
			}
		}
		return nil
	}
	var seen []fieldpath.Element
	for _, it := range v.Items {
		e, err := ItemElement(t, it)
		if err != nil {
			return w.errorAt(it.Pos, err.Error())
		}
		if !w.allowDuplicates && containsElement(seen, e) {
			return w.errorAt(it.Pos, "duplicate entries for this key", e)
		}
		seen = append(seen, e)
		if err := w.enter(e, t.ListElem(), it); err != nil {
			return err
		}
	}
	return nil
}

func (w *validator) mapValue(t *schema.Type, v *yamltree.Node) error {
	if v.IsNull() {
		return nil
	}
	if !v.IsMap() {
		return w.errorAt(v.Pos, "expected a map, found "+describe(v))
	}
	for _, f := range v.Fields {
		ft := t.FieldType(f.Key.Value)
		if ft == nil {
			return w.errorAt(f.Key.Pos, "field not declared in schema", fieldpath.Element{Field: f.Key.Value})
		}
		if err := w.enter(fieldpath.Element{Field: f.Key.Value}, ft, f.Value); err != nil {
			return err
		}
	}
	return nil
}
