package twoway_test

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestFuzzFindings checks inputs the fuzz target found, each by the invariant it broke: the
// request is answered, live comes back when the renders are equal, and no field is marked both
// added and deleted.
func TestFuzzFindings(t *testing.T) {
	tests := []struct {
		name                    string
		original, updated, live string
	}{
		{
			// FuzzTwoWay/ac936765e9034b7c: the repair patch failed on an item without its merge
			// key and took the whole answer with it, though Helm 2's upgrade sends nothing
			name:     "equal renders holding an item without its merge key",
			original: "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - image: nginx\n",
			updated:  "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - image: nginx\n",
			live:     "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - image: nginx\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := run(t, tt.original, tt.updated, tt.live)
			if resp.Result != tt.live {
				t.Errorf("result:\n%s\nwant live:\n%s", resp.Result, tt.live)
			}
			marks := map[string]contract.Mark{}
			for _, f := range resp.Fields {
				if prev, ok := marks[f.Path]; ok && prev != f.Mark {
					t.Errorf("%s marked %s and %s", f.Path, prev, f.Mark)
				}
				marks[f.Path] = f.Mark
			}
		})
	}
}
