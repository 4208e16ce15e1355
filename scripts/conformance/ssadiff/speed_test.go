package ssadiff

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// speedManager is the field manager of the benchmark's applies.
const speedManager = "kubectl"

// speedStream is a stream of built-in objects as the API server holds them (managedFields
// included; some absent) and kubectl's server-side apply configs for them, as YAML text.
type speedStream struct {
	live, updated string
	n             int
}

// newSpeedStream builds a stream of n resources from the generator's sequences (seed 7): each
// sequence's operations run on the reference to make the live object, then kubectl applies a
// config drawn as the sequence draws its applies. Custom resources are left out (one CRD in
// options.schema would not describe the others' kinds), and so are applies that conflict (a
// conflict stops the engine's whole stream). Names get the sequence's index, so that every
// identity is unique.
func newSpeedStream(tb testing.TB, ref *Reference, n int) *speedStream {
	tb.Helper()
	var lives, configs []string
	write := func(o object) string {
		y, err := yaml.Marshal(o)
		if err != nil {
			tb.Fatal(err)
		}
		return string(y)
	}
	for i := 0; len(configs) < n; i++ {
		seq := NewSequence(7, i)
		if seq.Kind.custom {
			continue
		}
		seq.Name = fmt.Sprintf("%s-%d", seq.Name, i)
		if seq.Live != nil {
			setPath(seq.Live, seq.Name, "metadata", "name")
		}
		live := seq.Live
		for _, op := range seq.Ops {
			var current object
			if live != nil {
				current = withoutManagedFields(live)
			}
			seq.draw(op, current)
			seq.carryManagedFields(op, live)
			if ans := ref.Run(seq.Kind, live, op); ans.Object != nil {
				live = ans.Object
			}
		}
		final := &Op{Operation: "apply", Manager: speedManager}
		var current object
		if live != nil {
			current = withoutManagedFields(live)
		}
		seq.draw(final, current)
		if ans := ref.Run(seq.Kind, live, final); ans.Err != nil || len(ans.Conflicts) > 0 {
			continue
		}
		if live != nil {
			lives = append(lives, write(live))
		}
		configs = append(configs, write(final.Object))
	}
	return &speedStream{live: strings.Join(lives, "---\n"), updated: strings.Join(configs, "---\n"), n: n}
}

// request is the engine's request for the stream.
func (s *speedStream) request() *contract.Request {
	return &contract.Request{Mode: "ssa", Updated: s.updated, Live: s.live, Options: contract.DefaultOptions()}
}

// fieldManagers returns the reference's field manager of each kind, by "apiVersion/kind".
func fieldManagers(ref *Reference) map[string]*managedfields.FieldManager {
	out := map[string]*managedfields.FieldManager{}
	for _, k := range kinds() {
		if !k.custom {
			out[k.apiVersion+"/"+k.name] = ref.fieldManager(k)
		}
	}
	return out
}

// referenceText answers the stream as the API server does, from text to text: each document
// read as kubectl reads YAML (JSON, integers as int64), each config paired with its live object
// by identity and applied by its kind's field manager (FieldManager.Apply, structured-merge-diff
// underneath), each result written back as YAML.
func (s *speedStream) referenceText(fms map[string]*managedfields.FieldManager) (string, error) {
	lives, err := readStream(s.live)
	if err != nil {
		return "", err
	}
	configs, err := readStream(s.updated)
	if err != nil {
		return "", err
	}
	byID := make(map[string]object, len(lives))
	for _, l := range lives {
		byID[applydiff.IdentityOfData(l)] = l
	}
	docs := make([]string, 0, len(configs))
	for _, cfg := range configs {
		apiVersion, _ := cfg["apiVersion"].(string)
		kind, _ := cfg["kind"].(string)
		fm := fms[apiVersion+"/"+kind]
		if fm == nil {
			return "", fmt.Errorf("no field manager for %s/%s", apiVersion, kind)
		}
		live := byID[applydiff.IdentityOfData(cfg)]
		if live == nil {
			live = object{"apiVersion": apiVersion, "kind": kind}
		}
		out, err := fm.Apply(&unstructured.Unstructured{Object: live}, &unstructured.Unstructured{Object: cfg}, speedManager, false)
		if err != nil {
			return "", err
		}
		y, err := yaml.Marshal(out.(*unstructured.Unstructured).Object)
		if err != nil {
			return "", err
		}
		docs = append(docs, string(y))
	}
	return strings.Join(docs, "---\n"), nil
}

// readStream reads a YAML stream as kubectl does: one object per document.
func readStream(text string) ([]object, error) {
	docs, err := applydiff.SplitDocuments(text)
	if err != nil {
		return nil, err
	}
	out := make([]object, 0, len(docs))
	for _, d := range docs {
		o, err := decodeObject(d)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// sameStreams compares two result streams object by object (by identity), managedFields
// entries compared without their times and in any order.
func sameStreams(want, got string) error {
	w, err := readStream(want)
	if err != nil {
		return fmt.Errorf("the reference's result: %w", err)
	}
	g, err := readStream(got)
	if err != nil {
		return fmt.Errorf("the engine's result: %w", err)
	}
	if len(w) != len(g) {
		return fmt.Errorf("%d objects in the reference's result, %d in the engine's", len(w), len(g))
	}
	byID := map[string]object{}
	for _, o := range g {
		byID[applydiff.IdentityOfData(o)] = timeless(o)
	}
	for _, o := range w {
		id := applydiff.IdentityOfData(o)
		if e, r := byID[id], timeless(o); !reflect.DeepEqual(e, r) {
			return fmt.Errorf("%s differs:\n  reference %s\n  engine    %s", id, mustJSON(r), mustJSON(e))
		}
	}
	return nil
}

// timeless returns a copy of o whose managedFields entries have no time, in a fixed order.
func timeless(o object) object {
	out := deepCopy(o)
	meta, _ := out["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	for _, it := range list {
		delete(it.(object), "time")
	}
	sort.Slice(list, func(i, j int) bool { return string(mustJSON(list[i])) < string(mustJSON(list[j])) })
	return out
}

// BenchmarkSSASpeed runs the engine and the API server's field manager alternately on streams
// of 10 to 2,000 resources (pair.Sizes): kubectl's server-side applies of built-in objects that
// other managers applied and updated before (newSpeedStream), the same YAML text in, merged YAML
// text out (referenceText), and reports each side's time and their ratio (pair.Run). 200
// resources is the budget's size: the engine no slower than the reference. make bench runs it;
// alone:
//
//	cd scripts/conformance && go test -run '^$' -bench SSASpeed/n=200 -count 5 ./ssadiff
func BenchmarkSSASpeed(b *testing.B) {
	h := pair.Handler()
	ref, err := NewReference()
	if err != nil {
		b.Fatal(err)
	}
	fms := fieldManagers(ref)
	for _, n := range pair.Sizes() {
		var s *speedStream
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if s == nil {
				s = newSpeedStream(b, ref, n)
			}
			if err := pair.Fits(s.request()); err != nil {
				b.Skip(err)
			}
			if !checked {
				checked = true
				want, err := s.referenceText(fms)
				if err != nil {
					b.Fatal(err)
				}
				resp := h.Handle(context.Background(), s.request())
				if err := pair.Errors(resp); err != nil || len(resp.Conflicts) > 0 {
					b.Fatalf("the engine: %v, conflicts %+v", err, resp.Conflicts)
				}
				if err := sameStreams(want, resp.Result); err != nil {
					b.Fatalf("the %d-resource stream does not merge alike: %v", n, err)
				}
			}
			next := pair.Uncached(s.request())
			pair.Run(b, func() error {
				return pair.Errors(h.Handle(context.Background(), next()))
			}, func() error {
				_, err := s.referenceText(fms)
				return err
			})
		})
	}
}
