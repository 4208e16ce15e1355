package smpold

import (
	"errors"
	"testing"
)

// TestErrorsWithoutANodeAreLocated: errors raised where no node is at hand (here: a
// $setElementOrder over two empty lists, whose element type the reference cannot tell) point at
// the patch entry whose merge failed.
func TestErrorsWithoutANodeAreLocated(t *testing.T) {
	live := parse(t, "spec:\n  ports: []\n")
	patch := parse(t, "spec:\n  selector: {app: web}\n  $setElementOrder/ports: []\n")
	_, err := Apply(live, patch, Untyped{})
	var e *Error
	if !errors.As(err, &e) || e.Message != "no elements in any of the given slices" {
		t.Fatalf("error %v, want the reference's", err)
	}
	if e.Pos.Line != 3 {
		t.Errorf("error at line %d, want 3 (the $setElementOrder entry)", e.Pos.Line)
	}
}
