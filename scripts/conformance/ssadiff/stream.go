package ssadiff

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// speedManager is the field manager of the speed benchmarks' applies.
const speedManager = "kubectl"

// SpeedStream is a stream of built-in objects as the API server holds them (managedFields
// included; some absent) and kubectl's server-side apply configs for them, as YAML text.
type SpeedStream struct {
	Live, Updated string
}

// NewSpeedStream builds the speed benchmarks' stream of n resources from the generator's
// sequences (seed 7): each sequence's operations run on the reference to make the live object,
// then kubectl applies a config drawn as the sequence draws its applies. Custom resources are
// left out (one CRD in options.schema would not describe the others' kinds), and so are applies
// that conflict (a conflict stops the engine's whole stream). Names get the sequence's index, so
// that every identity is unique. The same n always gives the same stream.
func NewSpeedStream(ref *Reference, n int) (*SpeedStream, error) {
	var lives, configs []string
	for i := 0; len(configs) < n; i++ {
		seq := NewSequence(7, i)
		if seq.Kind.custom {
			continue
		}
		live, final := speedLive(ref, seq, i)
		if ans := ref.Run(seq.Kind, live, final); ans.Err != nil || len(ans.Conflicts) > 0 {
			continue
		}
		if live != nil {
			y, err := yaml.Marshal(live)
			if err != nil {
				return nil, err
			}
			lives = append(lives, string(y))
		}
		y, err := yaml.Marshal(final.Object)
		if err != nil {
			return nil, err
		}
		configs = append(configs, string(y))
	}
	return &SpeedStream{Live: strings.Join(lives, "---\n"), Updated: strings.Join(configs, "---\n")}, nil
}

// speedLive runs sequence i's operations on the reference, its object renamed with the index,
// and draws kubectl's final apply on the result: the live object (nil when none) and the apply.
func speedLive(ref *Reference, seq *Sequence, i int) (object, *Op) {
	seq.Name = fmt.Sprintf("%s-%d", seq.Name, i)
	if seq.Live != nil {
		setPath(seq.Live, seq.Name, "metadata", "name")
	}
	live := seq.Live
	current := func() object {
		if live == nil {
			return nil
		}
		return withoutManagedFields(live)
	}
	for _, op := range seq.Ops {
		seq.draw(op, current())
		seq.carryManagedFields(op, live)
		if ans := ref.Run(seq.Kind, live, op); ans.Object != nil {
			live = ans.Object
		}
	}
	final := &Op{Operation: "apply", Manager: speedManager}
	seq.draw(final, current())
	return live, final
}

// Request is the engine's request for the stream.
func (s *SpeedStream) Request() *contract.Request {
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	opts.Client = contract.ClientServer    // the reference is the API server's field manager alone
	return &contract.Request{Mode: "ssa", Updated: s.Updated, Live: s.Live, Options: opts}
}

// ReferenceText answers an ssa request as the API server does, from text to text: each
// document read as kubectl reads YAML (JSON, integers as int64; a List's items), each config
// paired with its live object by identity (a config whose metadata does not decode as ObjectMeta
// is refused first, as kubectl refuses it: applydiff.MetadataRefusal) and applied (or, with options.operation update,
// updated) by its kind's field manager (FieldManagerOf: structured-merge-diff underneath) as
// options.manager, with options.force; each result written back as YAML (sorted keys). Live's
// objects the config does not name are left out. A conflict fails the answer. options.schema
// and options.now are not read: the built-in kinds' types only, the manager's own clock.
func ReferenceText(ref *Reference, req *contract.Request) (string, error) {
	lives, err := readStream(req.Live)
	if err != nil {
		return "", fmt.Errorf("live: %w", err)
	}
	configs, err := readStream(req.Updated)
	if err != nil {
		return "", fmt.Errorf("updated: %w", err)
	}
	if refusal := applydiff.MetadataRefusal(req.Updated); refusal != "" && req.Options.FromKubectl() {
		return "", fmt.Errorf("updated: %s", refusal) // kubectl apply --server-side -f refuses it first
	}
	byID := make(map[string]object, len(lives))
	for _, l := range lives {
		byID[applydiff.IdentityOfData(l)] = l
	}
	docs := make([]string, 0, len(configs))
	for _, cfg := range configs {
		out, err := applyOne(ref, req.Options, byID[applydiff.IdentityOfData(cfg)], cfg)
		if err != nil {
			return "", fmt.Errorf("%s: %w", applydiff.IdentityOfData(cfg), err)
		}
		y, err := yaml.Marshal(out)
		if err != nil {
			return "", err
		}
		docs = append(docs, string(y))
	}
	return strings.Join(docs, "---\n"), nil
}

// applyOne runs one config through its kind's field manager on live (nil: a new object).
func applyOne(ref *Reference, opts contract.Options, live, cfg object) (object, error) {
	apiVersion, _ := cfg["apiVersion"].(string)
	kind, _ := cfg["kind"].(string)
	fm := ref.FieldManagerOf(apiVersion, kind)
	if opts.ModelsAPIServer() {
		fm = ref.StoredFieldManagerOf(apiVersion, kind)
	}
	if live == nil {
		live = object{"apiVersion": apiVersion, "kind": kind}
	}
	liveObj, cfgObj := &unstructured.Unstructured{Object: live}, &unstructured.Unstructured{Object: cfg}
	var out any
	var err error
	if opts.Operation == "update" {
		out, err = fm.Update(liveObj, cfgObj, opts.Manager)
	} else {
		out, err = fm.Apply(liveObj, cfgObj, opts.Manager, opts.Force)
	}
	if err != nil {
		return nil, err
	}
	return out.(*unstructured.Unstructured).Object, nil
}

// readStream reads a YAML stream as kubectl does: one object per document (a List's items).
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

// SameStreams compares two result streams object by object (by identity), managedFields
// entries compared without their times and in any order: nil when they hold the same objects.
func SameStreams(want, got string) error {
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
			return fmt.Errorf("%s differs: %s", id, applydiff.FirstDiff(r, e))
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
