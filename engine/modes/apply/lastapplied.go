package apply

import (
	"errors"
	"slices"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// LastAppliedAnnotation is where kubectl keeps the configuration it applied last.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// withoutLastApplied returns a copy of config as kubectl serializes it for the annotation: the
// last-applied annotation removed, and metadata.annotations present (an empty map when the config
// has no other annotation), exactly as kubectl's GetModifiedConfiguration leaves it. Only the
// maps on the way to the annotation are copied; the rest is config's, to be read, not changed.
// A config whose metadata kubectl cannot write into (metadataWritable) is returned as it is.
func withoutLastApplied(config *yamltree.Node) *yamltree.Node {
	if !metadataWritable(config) {
		return config
	}
	c := ownMap(config)
	meta := ownField(c, "metadata")
	annotations := ownField(meta, "annotations")
	annotations.Delete(LastAppliedAnnotation)
	return c
}

// ownMap is a copy of map n that shares its values: setting or deleting its fields leaves n as
// it is.
func ownMap(n *yamltree.Node) *yamltree.Node {
	c := *n
	c.Fields = slices.Clone(n.Fields)
	return &c
}

// ownField sets field name of m (a map of this copy's own) to its own copy of the map it holds,
// or to an empty map when it holds none, and returns that map.
func ownField(m *yamltree.Node, name string) *yamltree.Node {
	v := m.Get(name)
	if v.IsMap() {
		v = ownMap(v)
	} else {
		v = yamltree.NewMap()
	}
	m.Set(name, v)
	return v
}

// modifiedConfiguration returns what kubectl diffs against live: the config with the new
// last-applied annotation, whose text is the config as sorted-key JSON and a newline. A config
// whose metadata kubectl cannot write into (metadataWritable) is sent as it is, unannotated.
func modifiedConfiguration(config *yamltree.Node) (*yamltree.Node, error) {
	if !metadataWritable(config) {
		return config, nil
	}
	base := withoutLastApplied(config)
	text, err := annotationText(base)
	if err != nil {
		return nil, err
	}
	value := yamltree.NewString(text)
	value.Style = yamltree.Literal
	base.Lookup("metadata", "annotations").Set(LastAppliedAnnotation, value)
	return base, nil
}

// metadataWritable reports whether kubectl can write into the config's metadata: when the
// config lacks it (kubectl makes the map) or holds a map. Into any other value (null, a scalar, a
// list) kubectl writes nothing, neither its last-applied annotation nor the default namespace:
// the config is diffed and sent as written, so three copies of "metadata: null" send an empty
// patch and live keeps its null. A metadata map's annotations that are not a map are replaced by
// a map, as ownField does. Observed with kubectl and apimachinery v0.37.2
// (scripts/conformance/fuzzfindings_test.go).
func metadataWritable(config *yamltree.Node) bool {
	meta := config.Get("metadata")
	return meta == nil || meta.IsMap()
}

// StoredLastApplied is the text kubectl apply stores in the last-applied annotation when it
// applies config to an object of the given namespace ("" for a cluster-scoped kind): the config
// with its namespace filled in, metadata.annotations present and without the annotation itself,
// as sorted-key JSON and a newline. It is the one place this text is written: the merge's
// modified configuration and the reproduce script's live objects both read it from here.
func StoredLastApplied(config *yamltree.Node, namespace string) (string, error) {
	return annotationText(withoutLastApplied(withNamespace(config, namespace)))
}

// annotationText writes a config already without its annotation as the annotation's text.
func annotationText(base *yamltree.Node) (string, error) {
	text, err := yamltree.SortedJSON(base)
	if err != nil {
		return "", verb.Wrap("writing the last-applied annotation: ", err)
	}
	return text + "\n", nil
}

// lastAppliedFromLive reads the last-applied configuration kept in live's annotation. It returns
// nil when live has none, or when kubectl cannot read live's annotations (one is not a string:
// annotations.go); an annotation that is not a JSON object is an error at its line.
func lastAppliedFromLive(live *yamltree.Node) (*yamltree.Node, error) {
	value := live.Lookup("metadata", "annotations", LastAppliedAnnotation)
	if value == nil || value.IsNull() || readAnnotations(live).dropped() {
		return nil, nil
	}
	text := value.Str()
	root, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{})
	if err == nil && (root == nil || !root.IsMap()) {
		err = errors.New("it is not a JSON object")
	}
	if err != nil {
		return nil, yamltree.ErrorAt(value.Pos, "the "+LastAppliedAnnotation+" annotation is not valid JSON, so kubectl cannot read the last applied configuration: "+annotationError(err))
	}
	return root, nil
}

// annotationError strips the position of an error inside the annotation's text, which would
// point into the annotation rather than into live.
func annotationError(err error) string {
	if e, ok := err.(*yamltree.Error); ok {
		return "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + " of the annotation: " + e.Message
	}
	return err.Error()
}

// withNamespace returns config with metadata.namespace set, as kubectl sets it on every object
// of a namespaced kind before it computes anything (its resource builder's DefaultNamespace): the
// namespace reaches last-applied. A config that names its namespace, or a cluster-scoped kind
// (namespace ""), is returned as it is.
func withNamespace(config *yamltree.Node, namespace string) *yamltree.Node {
	meta := config.Get("metadata")
	if namespace == "" || (meta.IsMap() && meta.Has("namespace")) || !metadataWritable(config) {
		return config
	}
	c := ownMap(config)
	meta = ownField(c, "metadata")
	value := yamltree.NewString(namespace)
	at := meta.Index("name") + 1
	field := yamltree.Field{Key: yamltree.NewString("namespace"), Value: value}
	meta.Fields = append(meta.Fields[:at:at], append([]yamltree.Field{field}, meta.Fields[at:]...)...)
	return c
}

// withoutNulls drops null entries from maps, at any depth, as the API server does when it
// creates an object from the config.
func withoutNulls(n *yamltree.Node) *yamltree.Node {
	switch {
	case n.IsMap():
		kept := n.Fields[:0:0]
		for _, f := range n.Fields {
			if !f.Value.IsNull() {
				kept = append(kept, yamltree.Field{Key: f.Key, Value: withoutNulls(f.Value)})
			}
		}
		n.Fields = kept
	case n.IsList():
		for i, it := range n.Items {
			n.Items[i] = withoutNulls(it)
		}
	}
	return n
}

// SentByCreate returns objects as kubectl create and kubectl replace send them (the create and
// replace writers): an object whose
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
		if !own.IsScalar() || own.IsNull() || own.Str() == "" || !metadataWritable(r.Root) {
			continue
		}
		text, err := StoredLastApplied(r.Root, r.ID.Namespace)
		if err != nil {
			return nil, err
		}
		root := ownMap(r.Root)
		value := yamltree.NewString(text)
		value.Pos, value.Style = own.Pos, yamltree.Literal
		ownField(ownField(root, "metadata"), "annotations").Set(LastAppliedAnnotation, value)
		sent := *r
		sent.Root = root
		out[i] = &sent
	}
	return out, nil
}
