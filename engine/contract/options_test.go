package contract

import (
	"reflect"
	"strings"
	"testing"
)

// TestOptionSpecsAreTheContracts checks OptionSpecs against Options: one spec per field, in its
// order, keyed by its JSON name, typed as the field is, defaulting to DefaultOptions' value; and
// a choice's values are those DecodeRequest accepts.
func TestOptionSpecsAreTheContracts(t *testing.T) {
	specs := OptionSpecs()
	typ := reflect.TypeFor[Options]()
	if len(specs) != typ.NumField() {
		t.Fatalf("%d specs for %d options", len(specs), typ.NumField())
	}
	defaults := reflect.ValueOf(DefaultOptions())
	for i, spec := range specs {
		field := typ.Field(i)
		if key, _, _ := strings.Cut(field.Tag.Get("json"), ","); key != spec.Key {
			t.Errorf("spec %d is %q, Options' field %d is %q", i, spec.Key, i, key)
		}
		if (field.Type.Kind() == reflect.Bool) != (spec.Type == Boolean) {
			t.Errorf("%s: spec type %s for a Go %s", spec.Key, spec.Type, field.Type)
		}
		if got := defaults.Field(i).Interface(); got != spec.Default {
			t.Errorf("%s: spec default %v, DefaultOptions %v", spec.Key, spec.Default, got)
		}
		if spec.Type == Choice {
			checkChoices(t, spec)
		}
	}
}

// checkChoices wants DecodeRequest to take each of a choice's values and refuse another.
func checkChoices(t *testing.T, spec OptionSpec) {
	t.Helper()
	if spec.Choices[0] != spec.Default {
		t.Errorf("%s: the first choice %q is not the default %v", spec.Key, spec.Choices[0], spec.Default)
	}
	for _, c := range append(spec.Choices, "none of them") {
		_, err := DecodeRequest([]byte(`{"options":{"` + spec.Key + `":"` + c + `"}}`))
		if want := c != "none of them"; (err == nil) != want {
			t.Errorf("%s: %q decodes with error %v", spec.Key, c, err)
		}
	}
}
