package ssadiff

import (
	"os"
	"testing"
	"time"

	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// TestExamplesMatchFieldManager answers every ssa example with the field manager too, and
// compares: the examples' expected results are the reference's.
func TestExamplesMatchFieldManager(t *testing.T) {
	all, err := examples.Load(os.DirFS("../../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	eng := NewEngine()
	n := 0
	for _, ex := range all {
		if ex.Mode != "ssa" {
			continue
		}
		n++
		t.Run(ex.Name, func(t *testing.T) {
			req := ex.Request
			cfg, live := readYAML(t, req.Updated), readYAML(t, req.Live)
			k := kind{apiVersion: str0(cfg["apiVersion"]), name: str0(cfg["kind"])}
			tc := ref.builtin
			if req.Options.Schema != "" {
				if tc, err = crdTypeConverter(req.Options.Schema); err != nil {
					t.Fatal(err)
				}
			}
			now, err := time.Parse(time.RFC3339, req.Options.Now)
			if err != nil {
				t.Fatalf("the example needs options.now: %v", err)
			}
			op := &Op{Operation: req.Options.Operation, Manager: req.Options.Manager, Force: req.Options.Force, Object: cfg, Now: now}
			start := time.Now().UTC().Truncate(time.Second)
			want := runFieldManager(fieldManagerOf(tc, k), k, live, op)
			if want.Object != nil {
				rewriteTimes(want.Object, start, now)
			}
			// The reference is the API server's field manager alone: kubectl's own steps after
			// the apply (options.client "kubectl") are checked on a real API server instead
			// (make reproduce-check).
			server := *req
			server.Options.Client = contract.ClientServer
			server.Options.APIServer = contract.APIServerOff // the field manager's answer alone
			for _, d := range Compare(want, eng.Answer(&server)) {
				t.Error(d)
			}
		})
	}
	if n == 0 {
		t.Fatal("no ssa example found")
	}
}

func fieldManagerOf(tc managedfields.TypeConverter, k kind) *managedfields.FieldManager {
	gv, _ := runtimeschema.ParseGroupVersion(k.apiVersion)
	return managedfieldstest.NewFakeFieldManager(tc, gv.WithKind(k.name))
}

// readYAML reads one YAML document as the API server holds it; nil for empty text.
func readYAML(t *testing.T, text string) object {
	t.Helper()
	if text == "" {
		return nil
	}
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	o, err := decodeObject(j)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
