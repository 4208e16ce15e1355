package jsonmerge

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// conflicts returns the paths, below path, where left and right overlap with different values,
// as mergepatch.HasConflicts decides it: objects overlap on their shared keys, lists of equal
// length item by item, anything else where the values differ.
func conflicts(left, right *yamltree.Node, path string) []string {
	switch {
	case left.IsMap() && right.IsMap():
		return objectConflicts(left, right, path)
	case left.IsList() && right.IsList() && len(left.Items) == len(right.Items):
		var paths []string
		for i, it := range left.Items {
			paths = append(paths, conflicts(it, right.Items[i], path+"["+strconv.Itoa(i)+"]")...)
		}
		return paths
	case left.IsMap(), left.IsList(), !sameValue(left, right):
		return []string{rootIfEmpty(path)}
	}
	return nil
}

func objectConflicts(left, right *yamltree.Node, path string) []string {
	var paths []string
	index := indexOf(right)
	for _, f := range left.Fields {
		if i, found := index[f.Name()]; found {
			paths = append(paths, conflicts(f.Value, right.Fields[i].Value, path+"."+f.Name())...)
		}
	}
	return paths
}

// rootIfEmpty writes the root path as ".".
func rootIfEmpty(path string) string {
	if path == "" {
		return "."
	}
	return path
}

// changedIdentity returns the identity fields a patch would change: kubectl requires apiVersion,
// kind and metadata.name to stay as they are.
func changedIdentity(patch *yamltree.Node) []string {
	var paths []string
	for _, key := range []string{"apiVersion", "kind"} {
		if patch.Has(key) {
			paths = append(paths, "."+key)
		}
	}
	if meta := patch.Get("metadata"); meta.IsMap() && meta.Has("name") {
		paths = append(paths, ".metadata.name")
	}
	return paths
}
