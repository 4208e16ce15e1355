package merge3

import (
	_ "embed"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// InferredKeys returns the keys options.inferKeys guesses for lists no schema describes, in the
// order they are tried: a list whose items all carry one of them merges by the first such key.
// (kyaml's own default today is name alone, in a package-level list its users may change; these
// are the keys kyaml long shipped and kpt documents.)
func InferredKeys() []string {
	return []string{"name", "mountPath", "devicePath", "ip", "type", "topologyKey", "containerPort"}
}

// kustomization.json is kyaml's own schema for its Kustomization kind, copied from
// sigs.k8s.io/kustomize/kyaml v0.21.2 openapi/kustomizationapi/swagger.json (Apache-2.0).
//
//go:embed kustomization.json
var kustomizationSchema string

// LoadKustomization returns the schema kyaml knows besides the Kubernetes kinds: the
// Kustomization kind (kustomize.config.k8s.io/v1beta1), whose configMapGenerator and
// secretGenerator lists merge by name.
func LoadKustomization() (*schema.Set, error) {
	set, err := schema.Load(kustomizationSchema, nil)
	if err != nil {
		return nil, verb.Wrap("loading the Kustomization schema: ", err)
	}
	return set, nil
}

// merged is one resource merged: its root (the local copy rewritten in place; nil when the merge
// cleared it) and the record of each value's decision.
type merged struct {
	root    *ynode.Node
	records map[*ynode.Node]record
	dropped []droppedAlias
}

// mergeResource merges one resource as kyaml's three-way merge does: live is rewritten in place
// and returned. infer is nil unless keys may be guessed; rootSch, when not nil, is the schema of
// the root (else the merge finds the schema of the kind the resource declares).
func mergeResource(t triple, defs *schemas, infer []string, rootSch *sch) (*merged, error) {
	size := 0
	if t.live != nil {
		size = countValues(t.live)
	}
	m := &merger{defs: defs, infer: infer, records: make(map[*ynode.Node]record, size)}
	root, rec, err := m.merge(t, rootSch, nil)
	if err != nil {
		return nil, err
	}
	if root != nil {
		m.records[root] = rec
	}
	return &merged{root: root, records: m.records, dropped: m.aliases}, nil
}
