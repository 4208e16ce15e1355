package merge3

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// TestMirrorAnnotationNames checks each row of mirrors on the path annotation.
func TestMirrorAnnotationNames(t *testing.T) {
	tests := []struct {
		name                    string
		legacy, current         string
		wantLegacy, wantCurrent string
	}{
		{"neither", "", "", "", ""},
		{"current only", "", "a.yaml", "a.yaml", "a.yaml"},
		{"legacy only", "b.yaml", "", "b.yaml", "b.yaml"},
		{"both, different", "b.yaml", "a.yaml", "b.yaml", "a.yaml"},
	}
	for _, tt := range tests {
		root := resourceWithAnnotations(map[string]string{legacyPathAnnotation: tt.legacy, pathAnnotation: tt.current})
		if err := mirrorAnnotationNames(root, &kioNotes{}); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		legacy, current := annotation(root, legacyPathAnnotation), annotation(root, pathAnnotation)
		if legacy != tt.wantLegacy || current != tt.wantCurrent {
			t.Errorf("%s: legacy %q, current %q; want %q, %q", tt.name, legacy, current, tt.wantLegacy, tt.wantCurrent)
		}
	}
	if len(mirrors) != 4 {
		t.Errorf("mirrors has %d rows, want 4", len(mirrors))
	}
}

// resourceWithAnnotations is a resource whose metadata.annotations holds the non-empty entries of
// ann (in key order), or has no metadata when there are none.
func resourceWithAnnotations(ann map[string]string) *ynode.Node {
	root := ynode.NewMap()
	annotationsMap := ynode.NewMap()
	for _, key := range []string{legacyPathAnnotation, pathAnnotation} {
		if ann[key] != "" {
			annotationsMap.Append(ynode.NewScalar(key), ynode.NewString(ann[key]))
		}
	}
	if len(annotationsMap.Content) > 0 {
		meta := ynode.NewMap()
		meta.Append(ynode.NewScalar("annotations"), annotationsMap)
		root.Append(ynode.NewScalar("metadata"), meta)
	}
	return root
}
