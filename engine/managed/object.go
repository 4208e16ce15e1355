package managed

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// LastAppliedAnnotation is where client-side kubectl apply keeps the configuration it applied.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// maxAnnotationsSize is the API server's limit on the total size of an object's annotations.
const maxAnnotationsSize = 256 * 1024

// metadataOf returns the object's metadata map, nil when it has none.
func metadataOf(obj *yamltree.Node) *yamltree.Node {
	if m := obj.Get("metadata"); m.IsMap() {
		return m
	}
	return nil
}

// ManagedFieldsOf returns the object's metadata.managedFields node, nil when absent.
func ManagedFieldsOf(obj *yamltree.Node) *yamltree.Node {
	return metadataOf(obj).Get("managedFields")
}

// WithoutManagedFields returns a copy of obj without metadata.managedFields. A metadata left empty
// goes too: only a document that is not a Kubernetes object (it has no name) can have one, and
// its schema may have no metadata at all.
//
// The copy is made from ViewWithoutManagedFields, so managedFields, often the object's largest
// part, are not copied only to be dropped.
func WithoutManagedFields(obj *yamltree.Node) *yamltree.Node {
	return ViewWithoutManagedFields(obj).Clone()
}

// ViewWithoutManagedFields returns obj as WithoutManagedFields sees it, for reading only: a root
// and a metadata of its own, every other node shared with obj (obj itself when it has no
// managedFields). Validating, comparing or walking it costs no copy; a caller that changes what
// it returns takes WithoutManagedFields instead. Copying the whole object for a read was a
// third of what a server-side apply's keystroke allocated (BenchmarkExampleKey's memory profile
// on the examples over the keystroke budget).
func ViewWithoutManagedFields(obj *yamltree.Node) *yamltree.Node {
	m := metadataOf(obj)
	if m.Get("managedFields") == nil {
		return obj
	}
	meta := *m
	meta.Fields = withoutField(m.Fields, "managedFields")
	view := *obj
	if len(meta.Fields) == 0 {
		view.Fields = withoutField(obj.Fields, "metadata")
		return &view
	}
	view.Fields = slices.Clone(obj.Fields)
	for i, f := range view.Fields {
		if f.Value == m {
			view.Fields[i].Value = &meta
		}
	}
	return &view
}

// withoutField is a copy of fields less those named name.
func withoutField(fields []yamltree.Field, name string) []yamltree.Field {
	return slices.DeleteFunc(slices.Clone(fields), func(f yamltree.Field) bool { return f.Name() == name })
}

// setManagedFields writes entries into obj's metadata (creating it when needed), or removes
// managedFields when there are none, and records both (RuleManagedFields).
func setManagedFields(obj *yamltree.Node, entries []Entry, log *decision.Log) error {
	relabel(log, managedFieldsPath, RuleManagedFields)
	m := metadataOf(obj)
	if len(entries) == 0 {
		if m != nil {
			m.Delete("managedFields")
		}
		return nil
	}
	list, err := Node(entries)
	if err != nil {
		return err
	}
	if m == nil {
		m = yamltree.NewMap()
		obj.Set("metadata", m)
		relabel(log, managedFieldsPath[:1], RuleManagedFields) // metadata made to hold them
	}
	m.Set("managedFields", list)
	return nil
}

// emptyObject is the object an operation on a resource that does not exist starts from: its
// apiVersion and kind (nothing at all for a fragment, which has no kind).
func emptyObject(apiVersion, kind string) *yamltree.Node {
	obj := yamltree.NewMap()
	if kind != "" {
		obj.Set("apiVersion", yamltree.NewString(apiVersion))
		obj.Set("kind", yamltree.NewString(kind))
	}
	return obj
}

// annotation returns the value of an annotation, "" when absent.
func annotation(obj *yamltree.Node, key string) string {
	return metadataOf(obj).Get("annotations").Get(key).Str()
}

// uid returns metadata.uid, "" when absent.
func uid(obj *yamltree.Node) string {
	return metadataOf(obj).Get("uid").Str()
}
