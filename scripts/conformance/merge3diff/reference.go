package merge3diff

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3"
	"sigs.k8s.io/kustomize/kyaml/kio"
	"sigs.k8s.io/kustomize/kyaml/kio/filters"
	"sigs.k8s.io/kustomize/kyaml/yaml"
	kmerge3 "sigs.k8s.io/kustomize/kyaml/yaml/merge3"
	"sigs.k8s.io/kustomize/kyaml/yaml/walk"
)

const mergeSource = "config.kubernetes.io/merge-source"

func init() {
	// kyaml guesses list keys from this package-level list; the engine takes its list as an
	// option. Both are only read when guessing is on.
	yaml.AssociativeSequenceKeys = merge3.InferredKeys()
}

// Answer is kyaml's (or the engine's) result text, or its failure.
type Answer struct {
	Result string
	Err    string
	// Nodes are the resources kyaml wrote, for the feature counts (nil for the engine).
	Nodes []*yaml.RNode
}

// Failed reports whether the answer is a failure.
func (a *Answer) Failed() bool { return a.Err != "" }

// Reference answers a case with kyaml: kio's readers tag each input's resources with their
// source, kio/filters.Merge3 pairs and merges them, kio's ByteWriter writes them.
func Reference(c *Case) (ans *Answer) {
	defer func() {
		if p := recover(); p != nil {
			ans = &Answer{Err: fmt.Sprintf("kyaml panicked: %v", p)}
		}
	}()
	var nodes []*yaml.RNode
	for _, in := range []struct{ text, source string }{{c.Live, "dest"}, {c.Original, "original"}, {c.Updated, "updated"}} {
		rs, err := (&kio.ByteReader{Reader: strings.NewReader(in.text), OmitReaderAnnotations: true,
			SetAnnotations: map[string]string{mergeSource: in.source}}).Read()
		if err != nil {
			return &Answer{Err: "reading " + in.source + ": " + err.Error()}
		}
		nodes = append(nodes, rs...)
	}
	m := filters.Merge3{}
	if c.InferKeys {
		m.Handler = inferringHandler{}
	}
	out, err := m.Filter(nodes)
	if err != nil {
		return &Answer{Err: err.Error()}
	}
	var b bytes.Buffer
	if err := (kio.ByteWriter{Writer: &b, ClearAnnotations: []string{mergeSource}}).Write(out); err != nil {
		return &Answer{Err: "writing: " + err.Error()}
	}
	return &Answer{Result: b.String(), Nodes: out}
}

// inferringHandler is kio's DefaultResourceHandler, merging with key guessing on: what
// merge3.MergeStrings(..., infer=true) does, in kio's pipeline. The merge rewrites the local
// resource in place, which is then kept.
type inferringHandler struct{}

func (inferringHandler) Handle(original, updated, dest *yaml.RNode) (filters.ResourceMergeStrategy, error) {
	strategy, err := (&filters.DefaultResourceHandler{}).Handle(original, updated, dest)
	if err != nil || strategy != filters.Merge {
		return strategy, err
	}
	_, err = walk.Walker{InferAssociativeLists: true, Visitor: kmerge3.Visitor{}, VisitKeysAsScalars: true,
		Sources: []*yaml.RNode{dest, original, updated}}.Walk()
	return filters.KeepDest, err
}
