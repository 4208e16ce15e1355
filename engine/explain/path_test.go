package explain

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestDeepest follows paths through maps, keyed items, set values and positions.
func TestDeepest(t *testing.T) {
	root, err := yamltree.ParseOne(yamltree.Live, "spec:\n  ports:\n  - {port: 53, protocol: UDP}\n  - {port: 53, protocol: TCP}\n  finalizers: [a, b]\n  args: [first, second]\n", yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	port := yamltree.NewScalar(yamltree.IntTag, "53")
	tests := []struct {
		path  fieldpath.Path
		want  string
		found bool
	}{
		{fieldpath.Path{}.Field("spec").Field("ports").Append(fieldpath.Element{Keys: []fieldpath.KeyValue{{Name: "port", Value: port}, {Name: "protocol", Value: yamltree.NewString("TCP")}}}).Field("protocol"), "TCP", true},
		{fieldpath.Path{}.Field("spec").Field("finalizers").Item(yamltree.NewString("b")), "b", true},
		{fieldpath.Path{}.Field("spec").Field("args").Index(1), "second", true},
		{fieldpath.Path{}.Field("spec").Field("nothing").Field("x"), "", false},
	}
	for _, tt := range tests {
		n, found := Deepest(root, tt.path)
		if found != tt.found || (found && n.Value != tt.want) {
			t.Errorf("%s: got %v %v", tt.path, n, found)
		}
	}
}
