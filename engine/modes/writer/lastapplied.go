package writer

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// LastAppliedAnnotation is where kubectl keeps the configuration it applied last.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// WithoutLastApplied returns a copy of config as kubectl serializes it for the annotation: the
// last-applied annotation removed, and metadata.annotations present (an empty map when the config
// has no other annotation), exactly as kubectl's GetModifiedConfiguration leaves it. Only the
// maps on the way to the annotation are copied; the rest is config's, to be read, not changed.
// A config whose metadata kubectl cannot write into (MetadataWritable) is returned as it is.
func WithoutLastApplied(config *yamltree.Node) *yamltree.Node {
	if !MetadataWritable(config) {
		return config
	}
	c := OwnMap(config)
	meta := OwnField(c, "metadata")
	annotations := OwnField(meta, "annotations")
	annotations.Delete(LastAppliedAnnotation)
	return c
}

// OwnMap is a copy of map n that shares its values: setting or deleting its fields leaves n as
// it is.
func OwnMap(n *yamltree.Node) *yamltree.Node {
	c := *n
	c.Fields = slices.Clone(n.Fields)
	return &c
}

// OwnField sets field name of m (a map of this copy's own) to its own copy of the map it holds,
// or to an empty map when it holds none, and returns that map.
func OwnField(m *yamltree.Node, name string) *yamltree.Node {
	v := m.Get(name)
	if v.IsMap() {
		v = OwnMap(v)
	} else {
		v = yamltree.NewMap()
	}
	m.Set(name, v)
	return v
}

// MetadataWritable reports whether kubectl can write into the config's metadata: when the
// config lacks it (kubectl makes the map) or holds a map. Into any other value (null, a scalar, a
// list) kubectl writes nothing, neither its last-applied annotation nor the default namespace:
// the config is diffed and sent as written, so three copies of "metadata: null" send an empty
// patch and live keeps its null. A metadata map's annotations that are not a map are replaced by
// a map, as OwnField does. Observed with kubectl and apimachinery v0.37.2
// (scripts/conformance/fuzzfindings_test.go).
func MetadataWritable(config *yamltree.Node) bool {
	meta := config.Get("metadata")
	return meta == nil || meta.IsMap()
}

// StoredLastApplied is the text kubectl apply stores in the last-applied annotation when it
// applies config to an object of the given namespace ("" for a cluster-scoped kind): the config
// with its namespace filled in, metadata.annotations present and without the annotation itself,
// as sorted-key JSON and a newline. It is the one place this text is written: the merge's
// modified configuration and the reproduce script's live objects both read it from here.
func StoredLastApplied(config *yamltree.Node, namespace string) (string, error) {
	return AnnotationText(WithoutLastApplied(WithNamespace(config, namespace)))
}

// AnnotationText writes a config already without its annotation as the annotation's text.
func AnnotationText(base *yamltree.Node) (string, error) {
	text, err := yamltree.SortedJSON(base)
	if err != nil {
		return "", verb.Wrap("writing the last-applied annotation: ", err)
	}
	return text + "\n", nil
}

// WithNamespace returns config with metadata.namespace set, as kubectl sets it on every object
// of a namespaced kind before it computes anything (its resource builder's DefaultNamespace): the
// namespace reaches last-applied. A config that names its namespace, or a cluster-scoped kind
// (namespace ""), is returned as it is.
func WithNamespace(config *yamltree.Node, namespace string) *yamltree.Node {
	meta := config.Get("metadata")
	if namespace == "" || (meta.IsMap() && meta.Has("namespace")) || !MetadataWritable(config) {
		return config
	}
	c := OwnMap(config)
	meta = OwnField(c, "metadata")
	value := yamltree.NewString(namespace)
	at := meta.Index("name") + 1
	field := yamltree.Field{Key: yamltree.NewString("namespace"), Value: value}
	meta.Fields = append(meta.Fields[:at:at], append([]yamltree.Field{field}, meta.Fields[at:]...)...)
	return c
}

// SentByCreate returns objects as kubectl create and kubectl replace send them (the create and
// replace writers, the ssa mode's updates by kubectl): an object whose
// last-applied annotation is not empty has it rewritten with the object itself, as kubectl apply
// would store it (StoredLastApplied: namespace filled in, the annotation left out); the others
// are returned as they are. Observed on kube-apiserver and kubectl v1.37.2: a ConfigMap created
// or replaced with the annotation {"metadata":{"name":"lat"}} or "x" is stored with the
// annotation holding the ConfigMap's data and namespace; with "" it keeps "".
func SentByCreate(objects []*stream.Resource) ([]*stream.Resource, error) {
	out := make([]*stream.Resource, len(objects))
	for i, r := range objects {
		out[i] = r
		own := r.Root.Lookup("metadata", "annotations", LastAppliedAnnotation)
		if !own.IsScalar() || own.IsNull() || own.Str() == "" || !MetadataWritable(r.Root) {
			continue
		}
		text, err := StoredLastApplied(r.Root, r.ID.Namespace)
		if err != nil {
			return nil, err
		}
		root := OwnMap(r.Root)
		value := yamltree.NewString(text)
		value.Pos, value.Style = own.Pos, yamltree.Literal
		OwnField(OwnField(root, "metadata"), "annotations").Set(LastAppliedAnnotation, value)
		sent := *r
		sent.Root = root
		out[i] = &sent
	}
	return out, nil
}
