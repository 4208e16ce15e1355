package reproduce

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// customKind is a kind of the inputs that neither the built-in schema nor a CRD of
// options.schema describes: a cluster holds its objects only once a CRD defines it.
type customKind struct {
	group, kind string
	versions    []string
	namespaced  bool
}

// customKinds lists the inputs' kinds that need a CRD, by group and kind, their versions in the
// order met.
func (s *script) customKinds() []*customKind {
	byName := map[string]*customKind{}
	var out []*customKind
	for _, rs := range [][]*stream.Resource{s.in.Original, s.in.Updated, s.in.Live} {
		for _, r := range rs {
			if !s.needsCRD(r.ID) {
				continue
			}
			group, version, _ := strings.Cut(r.ID.APIVersion, "/")
			name := r.ID.Kind + "." + group
			k := byName[name]
			if k == nil {
				k = &customKind{group: group, kind: r.ID.Kind, namespaced: r.ID.Namespace != ""}
				byName[name] = k
				out = append(out, k)
			}
			if !slices.Contains(k.versions, version) {
				k.versions = append(k.versions, version)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].group+"/"+out[i].kind < out[j].group+"/"+out[j].kind })
	return out
}

// needsCRD reports whether an object's kind is a custom one (its apiVersion names a group) that
// no schema the engine holds describes, neither built in nor in options.schema.
func (s *script) needsCRD(id stream.ID) bool {
	if !strings.Contains(id.APIVersion, "/") || s.in.Schema.Root(id.APIVersion, id.Kind) != nil {
		return false
	}
	for _, k := range s.in.User.Kinds() {
		if k.APIVersion == id.APIVersion && k.Kind == id.Kind {
			return false
		}
	}
	return true
}

// permissiveCRD is the CRD the script creates for a custom kind no schema describes: every
// version served, the first stored, each with a schema that keeps any field
// (x-kubernetes-preserve-unknown-fields) and says nothing of lists or maps, which is how the
// engine reads a custom resource without a schema (lists atomic, maps merged key by key). Its
// plural is the kind in lower case and an s.
func permissiveCRD(k *customKind) *yamltree.Node {
	lower := strings.ToLower(k.kind)
	names := yamltree.NewMap()
	names.Set("kind", yamltree.NewString(k.kind))
	names.Set("listKind", yamltree.NewString(k.kind+"List"))
	names.Set("plural", yamltree.NewString(lower+"s"))
	names.Set("singular", yamltree.NewString(lower))
	versions := yamltree.NewList()
	for i, v := range k.versions {
		open := yamltree.NewMap()
		open.Set("type", yamltree.NewString("object"))
		open.Set("x-kubernetes-preserve-unknown-fields", yamltree.NewScalar(yamltree.BoolTag, "true"))
		schema := yamltree.NewMap()
		schema.Set("openAPIV3Schema", open)
		version := yamltree.NewMap()
		version.Set("name", yamltree.NewString(v))
		version.Set("served", yamltree.NewScalar(yamltree.BoolTag, "true"))
		version.Set("storage", yamltree.NewScalar(yamltree.BoolTag, strconv.FormatBool(i == 0)))
		version.Set("schema", schema)
		versions.Items = append(versions.Items, version)
	}
	spec := yamltree.NewMap()
	spec.Set("group", yamltree.NewString(k.group))
	spec.Set("names", names)
	spec.Set("scope", yamltree.NewString(map[bool]string{true: "Namespaced", false: "Cluster"}[k.namespaced]))
	spec.Set("versions", versions)
	meta := yamltree.NewMap()
	meta.Set("name", yamltree.NewString(lower+"s."+k.group))
	crd := yamltree.NewMap()
	crd.Set("apiVersion", yamltree.NewString("apiextensions.k8s.io/v1"))
	crd.Set("kind", yamltree.NewString("CustomResourceDefinition"))
	crd.Set("metadata", meta)
	crd.Set("spec", spec)
	return crd
}

// customDefinitions creates a permissive CRD for each custom kind no schema describes.
func (s *script) customDefinitions() error {
	kinds := s.customKinds()
	if len(kinds) == 0 {
		return nil
	}
	var docs []string
	for _, k := range kinds {
		text, err := yamltree.SortedJSON(permissiveCRD(k))
		if err != nil {
			return err
		}
		docs = append(docs, text)
	}
	s.line("echo '== custom resource definitions for the custom kinds no schema describes (any field kept, lists atomic)'")
	s.b.WriteString(heredoc("custom-crd.yaml", strings.Join(docs, "\n---\n")+"\n"))
	s.setup("kubectl apply -f custom-crd.yaml", "the custom resource definitions")
	s.line("kubectl wait --for condition=established --timeout=60s -f custom-crd.yaml")
	return nil
}
