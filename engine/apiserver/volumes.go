package apiserver

import (
	"slices"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules of a pod spec's volumes and of its containers' volumeMounts, observed with
// kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06, kubectl create --dry-run=server of
// Deployments and StatefulSets; TestVolumesAsObserved):
//   - a volume needs a name, an RFC 1123 label, not another volume's (the volumes are checked
//     before the containers); a volume that names no source is accepted (the server makes it an
//     emptyDir);
//   - a volumeMount needs a name, which must be a volume's (or, in a StatefulSet, a
//     volumeClaimTemplate's): an empty one is told both ("Required value", then `Not found:
//     ""`), and a mountPath, not another mount's of the same container; they are checked after
//     the container's env and before its imagePullPolicy, the init containers' after the
//     containers'.

// volumes checks the pod spec's volumes and returns the names a volumeMount may name: theirs
// and claims'.
func (c checker) volumes(path []string, pod *yamltree.Node, claims []string) []string {
	names := slices.Clone(claims)
	seen := map[string]bool{}
	for i, v := range itemsOf(pod.Get("volumes")) {
		field := at(path, "volumes", strconv.Itoa(i), "name")
		name := v.Get("name").Str()
		switch {
		case name == "":
			c.add(field, "Required value")
		case seen[name]:
			c.add(field, "Duplicate value: "+strconv.Quote(name))
		default:
			for _, d := range labelProblems(name) {
				c.add(field, "Invalid value: "+strconv.Quote(name)+": "+d)
			}
		}
		seen[name] = true
		names = append(names, name)
	}
	return names
}

// volumeMounts checks a container's volumeMounts against the names of the pod's volumes.
func (c checker) volumeMounts(path []string, container *yamltree.Node, volumes []string) {
	paths := map[string]bool{}
	for i, m := range itemsOf(container.Get("volumeMounts")) {
		mount := at(path, "volumeMounts", strconv.Itoa(i))
		name, mountPath := m.Get("name").Str(), m.Get("mountPath").Str()
		if name == "" {
			c.add(at(mount, "name"), "Required value")
		}
		if !slices.Contains(volumes, name) || name == "" {
			c.add(at(mount, "name"), "Not found: "+strconv.Quote(name))
		}
		switch {
		case mountPath == "":
			c.add(at(mount, "mountPath"), "Required value")
		case paths[mountPath]:
			c.add(at(mount, "mountPath"), "Invalid value: "+strconv.Quote(mountPath)+": must be unique")
		}
		paths[mountPath] = true
	}
}

// claimNames are the names of a StatefulSet's volumeClaimTemplates, which its containers may
// mount; none for another kind.
func claimNames(obj Object) []string {
	if obj.APIVersion != "apps/v1" || obj.Kind != "StatefulSet" {
		return nil
	}
	var names []string
	for _, t := range itemsOf(obj.Root.Lookup("spec", "volumeClaimTemplates")) {
		names = append(names, t.Lookup("metadata", "name").Str())
	}
	return names
}
