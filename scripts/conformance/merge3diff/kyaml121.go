package merge3diff

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/schema"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/kustomize/kyaml/openapi"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// Kyaml121 builds the table the engine's merge3 mode reads to say where kyaml's built-in schema
// (Kubernetes 1.21) and the current one disagree on how a list merges: for each kind, each list
// path (fields joined by ".", "[]" for a list's items) where they differ, with kyaml's rule
// ("atomic", "absent", "merge", "merge:key1,key2"). Lists are reached through declared fields only.
func Kyaml121(builtin *schema.Set) ([]byte, error) {
	table := map[string]map[string]string{}
	kinds := map[string]bool{}
	for gvk, rs := range kyamlKinds() {
		kinds[gvk] = true
		kyaml := map[string]string{}
		walkKyaml(rs, "", 0, kyaml)
		engine := map[string]string{}
		if t := builtin.Root(splitGVK(gvk)); t != nil {
			walkEngine(t, nil, "", 0, engine)
		}
		addDifferences(table, gvk, kyaml, engine)
	}
	for _, k := range builtin.Kinds() {
		gvk := k.APIVersion + "/" + k.Kind
		if kinds[gvk] {
			continue
		}
		engine := map[string]string{}
		walkEngine(k.Type, nil, "", 0, engine)
		addDifferences(table, gvk, map[string]string{}, engine)
	}
	return json.MarshalIndent(table, "", " ")
}

func addDifferences(table map[string]map[string]string, gvk string, kyaml, engine map[string]string) {
	for p, rule := range kyaml {
		if e, ok := engine[p]; (ok && e != rule) || (!ok && rule != "atomic") {
			put(table, gvk, p, rule)
		}
	}
	for p, rule := range engine {
		if _, ok := kyaml[p]; !ok && rule != "atomic" {
			put(table, gvk, p, "absent")
		}
	}
}

func put(table map[string]map[string]string, gvk, path, rule string) {
	if table[gvk] == nil {
		table[gvk] = map[string]string{}
	}
	table[gvk][path] = rule
}

func splitGVK(gvk string) (string, string) {
	i := strings.LastIndex(gvk, "/")
	return gvk[:i], gvk[i+1:]
}

// kyamlKinds returns the root schema of every kind kyaml knows, by "apiVersion/kind".
func kyamlKinds() map[string]*openapi.ResourceSchema {
	out := map[string]*openapi.ResourceSchema{}
	for _, d := range openapi.Schema().Definitions {
		exts, _ := d.Extensions["x-kubernetes-group-version-kind"].([]any)
		for _, e := range exts {
			m, _ := e.(map[string]any)
			group, _ := m["group"].(string)
			version, _ := m["version"].(string)
			kind, _ := m["kind"].(string)
			apiVersion := version
			if group != "" {
				apiVersion = group + "/" + version
			}
			if rs := openapi.SchemaForResourceType(typeMeta(apiVersion, kind)); rs != nil {
				out[apiVersion+"/"+kind] = rs
			}
		}
	}
	return out
}

const maxDepth = 12

// walkKyaml records kyaml's rule for every list under rs, as kyaml's walker reads them.
func walkKyaml(rs *openapi.ResourceSchema, path string, depth int, out map[string]string) {
	if rs == nil || depth > maxDepth {
		return
	}
	names := make([]string, 0, len(rs.Schema.Properties))
	for name, p := range rs.Schema.Properties {
		if !strings.Contains(p.Ref.String(), "JSONSchemaProps") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		f := rs.Field(name)
		if f == nil {
			continue
		}
		p := join(path, name)
		if isArray(f.Schema) {
			out[p] = kyamlRule(f)
			walkKyaml(f.Elements(), p+"[]", depth+1, out)
			continue
		}
		walkKyaml(f, p, depth+1, out)
	}
}

func isArray(s *spec.Schema) bool { return len(s.Type) == 1 && s.Type[0] == "array" }

func kyamlRule(rs *openapi.ResourceSchema) string {
	strategy, keys := rs.PatchStrategyAndKeyList()
	if !strings.Contains(","+strategy+",", ",merge,") {
		return "atomic"
	}
	if len(keys) == 0 {
		return "merge"
	}
	return "merge:" + strings.Join(keys, ",")
}

// walkEngine records the engine's rule for every list under t (the same rule the merge3 mode
// applies: the patch strategy, keys from the list's map keys or its patch merge key).
func walkEngine(t *schema.Type, f *schema.Field, path string, depth int, out map[string]string) {
	if t == nil || depth > maxDepth || t.Name == "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps" ||
		t.Name == "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1beta1.JSONSchemaProps" {
		return
	}
	if t.Kind != schema.KindMap && t.Kind != schema.KindUntyped {
		return
	}
	for _, field := range t.Fields() {
		p := join(path, field.Name)
		ft := field.Type
		if ft != nil && ft.Kind == schema.KindList {
			out[p] = engineRule(ft, field)
			walkEngine(ft.ListElem(), nil, p+"[]", depth+1, out)
			continue
		}
		walkEngine(ft, field, p, depth+1, out)
	}
}

func engineRule(t *schema.Type, f *schema.Field) string {
	if !f.Strategy.Has(schema.PatchMerge) {
		return "atomic"
	}
	switch {
	case t.ListType == schema.ListMap && len(t.Keys) > 0:
		return "merge:" + strings.Join(t.Keys, ",")
	case f.MergeKey != "":
		return "merge:" + f.MergeKey
	}
	return "merge"
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func typeMeta(apiVersion, kind string) yaml.TypeMeta {
	return yaml.TypeMeta{APIVersion: apiVersion, Kind: kind}
}
