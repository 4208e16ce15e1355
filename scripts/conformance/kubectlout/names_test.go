package kubectlout

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/stream"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/cli-runtime/pkg/printers"
)

// words are the operations kubectl's commands print.
var words = []string{"created", "configured", "unchanged", "pruned", "serverside-applied", "replaced", "patched", "patched (no change)"}

// builtinKinds reads the kinds of the engine's built-in schema.
func builtinKinds(t *testing.T) []stream.ID {
	t.Helper()
	data, err := os.ReadFile("../../../engine/schema/builtin.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Kinds []struct{ APIVersion, Kind string } `json:"kinds"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var ids []stream.ID
	for _, k := range doc.Kinds {
		ids = append(ids, stream.ID{APIVersion: k.APIVersion, Kind: k.Kind, Name: "web"})
	}
	return ids
}

func TestNamesAsKubectlPrintsThem(t *testing.T) {
	ids := append(builtinKinds(t),
		stream.ID{APIVersion: "example.com/v1", Kind: "Widget", Name: "w-1"},
		stream.ID{APIVersion: "stable.example.com/v1beta1", Kind: "CronTab", Namespace: "ns", Name: "my.cron"},
	)
	if len(ids) < 100 {
		t.Fatalf("only %d kinds read", len(ids))
	}
	for _, id := range ids {
		obj := &unstructured.Unstructured{Object: map[string]any{"apiVersion": id.APIVersion, "kind": id.Kind,
			"metadata": map[string]any{"name": id.Name, "namespace": id.Namespace}}}
		for _, w := range words {
			var out bytes.Buffer
			if err := (&printers.NamePrinter{Operation: w}).PrintObj(obj, &out); err != nil {
				t.Fatalf("%v: %v", id, err)
			}
			want := out.String()
			if got := command.Printed(id, w) + "\n"; got != want {
				t.Errorf("%s %s: engine %q, kubectl %q", id.APIVersion, id.Kind, got, want)
			}
		}
	}
}
