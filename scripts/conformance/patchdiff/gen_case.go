package patchdiff

import (
	"fmt"
	"slices"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// patchStream offsets the patch generator's dice from the applydiff generator's.
const patchStream = 0x9a7c4

// PatchCase is one strategic merge patch request: the patches (updated) and their targets
// (live).
type PatchCase struct {
	Seed  uint64 `json:"seed"`
	Index int    `json:"index"`
	// Patch is the request's updated input: one patch, or a stream of patches naming their
	// targets.
	Patch string `json:"patch"`
	// Live holds the targets: applydiff's live objects, now and then with a ConfigMap.
	Live  string   `json:"live"`
	Story []string `json:"story"`

	// liveDocs is Live read as kubectl reads it, kept from generating the case (the reference
	// reads Live with the same function) so that a run parses it once.
	liveDocs [][]byte
}

// Request returns the engine's request for the case.
// The reference is StrategicMergePatch alone, without the API server's strict decoding of the
// result (the generator writes values of any type on purpose): validation is off, and yamldiff's
// validation class checks it.
func (c *PatchCase) Request() *contract.Request {
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	opts.Validate = contract.ValidateIgnore
	return &contract.Request{Mode: "patch", Updated: c.Patch, Live: c.Live, Options: opts}
}

// NewPatchCase builds case index of seed: the live objects of applydiff's case index (drifted
// objects as the API server returns them), and random strategic merge patches for one to three
// of them.
func NewPatchCase(seed uint64, index int) (*PatchCase, error) {
	base, err := applydiff.Generator{Seed: seed}.Case(index)
	if err != nil {
		return nil, err
	}
	docs, err := decodeStream(base.Live)
	if err != nil {
		return nil, fmt.Errorf("case %d: live: %w", index, err)
	}
	var objs []map[string]any
	for _, doc := range docs {
		obj, err := objectOf(doc)
		if err != nil {
			return nil, err
		}
		objs = append(objs, obj)
	}
	g := &patchGen{d: newDice(seed, index, patchStream)}
	c := &PatchCase{Seed: seed, Index: index, Live: base.Live, liveDocs: docs}
	if g.d.chance(0.25) || patchMeta(objs[0]) == nil && len(objs) == 1 && g.d.chance(0.7) {
		cm := g.configMap(objs)
		objs = append(objs, cm)
		text := applydiff.EmitYAML(cm, false)
		cmDocs, err := decodeStream(text)
		if err != nil || len(cmDocs) != 1 {
			return nil, fmt.Errorf("case %d: the ConfigMap does not read back: %v\n%s", index, err, text)
		}
		c.Live, c.liveDocs = applydiff.EmitStream([]string{c.Live, text}), append(docs, cmDocs[0])
		g.story = append(g.story, "live also holds ConfigMap "+str(metadataOf(cm), "name"))
	}
	stream := len(objs) > 1 || g.d.chance(0.03)
	var patches []string
	for _, t := range g.targets(objs) {
		obj := objs[t]
		g.story = append(g.story, "patch for "+applydiff.IdentityOfData(obj))
		p := g.objectPatch(obj, stream || g.d.chance(0.5))
		patches = append(patches, applydiff.EmitYAML(p, g.d.chance(0.5)))
	}
	if stream && g.d.chance(0.06) {
		patches = append(patches, g.missingTarget(objs[0]))
	}
	c.Patch, c.Story = applydiff.EmitStream(shuffled(g.d, patches)), g.story
	return c, nil
}

// targets picks the objects to patch: one, or two or three of a stream; custom resources
// (which refuse strategic merge patches) less often.
func (g *patchGen) targets(objs []map[string]any) []int {
	if len(objs) == 1 {
		return []int{0}
	}
	n := 1
	if g.d.chance(0.5) {
		n = min(len(objs), 2+btoi(g.d.chance(0.4)))
	}
	var out []int
	for _, i := range shuffled(g.d, indexes(len(objs))) {
		if len(out) < n && (patchMeta(objs[i]) != nil || g.d.chance(0.15)) {
			out = append(out, i)
		}
	}
	if len(out) == 0 {
		out = append(out, 0)
	}
	return out
}

// objectPatch builds the patch of one object, naming it (apiVersion, kind, metadata.name and
// namespace) when asked.
func (g *patchGen) objectPatch(obj map[string]any, named bool) *orderedMap {
	sch := patchMeta(obj)
	var p *orderedMap
	root := where{place: atRoot, item: -1}
	if paths := listPaths(obj, sch, nil); len(paths) > 0 && g.d.chance(0.6) {
		root.focus = pick(g.d, paths...)
	}
	for tries := 0; tries < 5 && (p == nil || p.Len() == 0); tries++ {
		p = g.mapPatch(obj, sch, root)
	}
	if p.Len() == 0 {
		p.Set("metadata", g.ordered(map[string]any{"labels": map[string]any{"patched": "true"}}))
	}
	switch {
	case g.d.chance(0.02):
		p = g.replacement(obj)
		for _, k := range []string{"apiVersion", "kind", "metadata"} {
			p.Set(k, obj[k])
		}
		g.insert(p, "$patch", "replace")
		g.story = append(g.story, ".: $patch: replace (the whole object)")
	case g.d.chance(0.03):
		g.retainKeys(p, obj, root)
	}
	if !named {
		g.story = append(g.story, "the patch does not name its target")
		return p
	}
	return g.withIdentity(p, obj)
}

// withIdentity returns p naming obj first: apiVersion, kind, metadata.name and, unless it is
// "default" (now and then), metadata.namespace.
func (g *patchGen) withIdentity(p *orderedMap, obj map[string]any) *orderedMap {
	m := newOrdered()
	if meta, ok := p.Values["metadata"].(*orderedMap); ok {
		m = meta
	}
	objMeta := metadataOf(obj)
	if ns, ok := objMeta["namespace"]; ok && (ns != "default" || g.d.chance(0.7)) {
		m.Keys = append([]string{"namespace"}, m.Keys...)
		m.Values["namespace"] = ns
	}
	m.Keys = append([]string{"name"}, m.Keys...)
	m.Values["name"] = objMeta["name"]
	out := newOrdered()
	out.Set("apiVersion", obj["apiVersion"])
	out.Set("kind", obj["kind"])
	out.Set("metadata", m)
	for _, k := range p.Keys {
		if k != "metadata" {
			out.Set(k, p.Values[k])
		}
	}
	return out
}

// missingTarget writes a patch for an object live does not hold: kubectl patch answers NotFound.
func (g *patchGen) missingTarget(like map[string]any) string {
	meta := newOrdered()
	meta.Set("name", "ghost")
	meta.Set("namespace", str(metadataOf(like), "namespace"))
	meta.Set("labels", map[string]any{"patched": "true"})
	p := newOrdered()
	p.Set("apiVersion", like["apiVersion"])
	p.Set("kind", like["kind"])
	p.Set("metadata", meta)
	g.story = append(g.story, "a patch names "+str(like, "kind")+" ghost, which live does not hold")
	return applydiff.EmitYAML(p, false)
}

// configMap builds a ConfigMap as the API server returns it, in the namespace of the first
// object.
func (g *patchGen) configMap(objs []map[string]any) map[string]any {
	ns := str(metadataOf(objs[0]), "namespace")
	if ns == "" {
		ns = "default"
	}
	data := map[string]any{"LOG_LEVEL": pick(g.d, "info", "debug"), "config.yaml": "server:\n  port: 8080\n"}
	if g.d.chance(0.5) {
		data["FEATURE_FLAGS"] = "beta,dark-mode"
	}
	if g.d.chance(0.3) {
		data["enabled"] = "true"
	}
	meta := map[string]any{"name": pick(g.d, "settings", "app-config", "feature-flags"), "namespace": ns,
		"labels":            map[string]any{"app": pick(g.d, "web", "api")},
		"uid":               "5f0c7e4a-2b8e-4c1d-9a7b-3e2f1d0c9b8a",
		"resourceVersion":   "48121",
		"creationTimestamp": "2026-01-01T00:00:00Z"}
	if g.d.chance(0.3) {
		meta["finalizers"] = []any{"example.com/cleanup"}
	}
	return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta, "data": data}
}

// indexes returns 0..n-1.
func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// listPaths returns the path to every list of a map (status aside), through maps and the
// items of merge lists: the places a focused patch goes to.
func listPaths(m map[string]any, sch strategicpatch.LookupPatchMeta, prefix []step) [][]step {
	var out [][]step
	for _, k := range sortedKeys(m) {
		if len(prefix) == 0 && k == "status" {
			continue
		}
		switch v := m[k].(type) {
		case map[string]any:
			out = append(out, listPaths(v, structMeta(sch, k), append(slices.Clip(prefix), step{k, -1}))...)
		case []any:
			out = append(out, append(slices.Clip(prefix), step{k, -1}))
			lm := sliceMeta(sch, k)
			if !lm.merge || lm.mergeKey == "" || !keyedMaps(v, lm.mergeKey) {
				continue
			}
			for i, it := range v {
				out = append(out, listPaths(it.(map[string]any), lm.sub, append(slices.Clip(prefix), step{k, i}))...)
			}
		}
	}
	return out
}
