package managed

import "github.com/mergeplay/mergeplay/engine/yamltree"

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

// withoutManagedFields returns a copy of obj without metadata.managedFields (an emptied metadata
// stays, as the API server leaves it).
func withoutManagedFields(obj *yamltree.Node) *yamltree.Node {
	out := obj.Clone()
	if m := metadataOf(out); m != nil {
		m.Delete("managedFields")
	}
	return out
}

// setManagedFields writes entries into obj's metadata (creating it when needed), or removes
// managedFields when there are none.
func setManagedFields(obj *yamltree.Node, entries []Entry) error {
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
