package schema

import (
	"errors"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzLoad checks that Load never panics, and fails only with a located *yamltree.Error.
func FuzzLoad(f *testing.F) {
	for _, file := range []string{"swagger-merge-item.json", "swagger-merge-item-v3.json",
		"smd-field-level-overrides.yaml", "smd-nested-lists-and-maps.yaml"} {
		text, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
	f.Add(dedent(cronTabCRD))
	f.Fuzz(func(t *testing.T, text string) {
		set, err := Load(text, nil)
		if err != nil {
			var e *yamltree.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, not a *yamltree.Error", err, err)
			}
			return
		}
		for _, k := range set.Kinds() {
			if k.Type == nil {
				t.Fatalf("kind %v without a type", k.GroupVersionKind)
			}
		}
	})
}
