package yamldiff

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	apiextensionsopenapi "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
	"k8s.io/client-go/applyconfigurations"
	"k8s.io/client-go/kubernetes/scheme"
	aggregatorapply "k8s.io/kube-aggregator/pkg/client/applyconfiguration"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// ssaReference applies a config with the API server's field manager: client-go's type
// converter for the kinds it knows, a deduced one (maps granular, lists atomic) for others.
type ssaReference struct {
	builtin, extensions, aggregator, deduced managedfields.TypeConverter
	mu                                       sync.Mutex
}

func newSSAReference() *ssaReference {
	return &ssaReference{builtin: applyconfigurations.NewTypeConverter(scheme.Scheme), extensions: extensionsTypeConverter(),
		aggregator: aggregatorapply.NewTypeConverter(scheme.Scheme), deduced: managedfields.NewDeducedTypeConverter()}
}

// extensionsTypeConverter is the API server's type converter for the kinds apiextensions-apiserver
// serves (CustomResourceDefinition), from its OpenAPI definitions.
func extensionsTypeConverter() managedfields.TypeConverter {
	ref := func(name string) spec.Ref {
		return spec.MustCreateRef("#/definitions/" + common.EscapeJsonPointer(name))
	}
	models := map[string]*spec.Schema{}
	for name, def := range apiextensionsopenapi.GetOpenAPIDefinitions(ref) {
		s := def.Schema
		for _, version := range []string{"v1", "v1beta1"} {
			if strings.HasSuffix(name, "apiextensions."+version+".CustomResourceDefinition") {
				s.AddExtension("x-kubernetes-group-version-kind", []any{
					map[string]any{"group": "apiextensions.k8s.io", "version": version, "kind": "CustomResourceDefinition"}})
			}
		}
		models[name] = &s
	}
	tc, err := managedfields.NewTypeConverter(models, false)
	if err != nil {
		panic(err)
	}
	return tc
}

// apply answers a case as `kubectl apply --server-side` does with the file's first object, and
// the live object of its kind and name.
func (r *ssaReference) apply(c *Case) (obj map[string]any, conflict bool, err error) {
	configs, _ := readAsFile("updated", c.Updated)
	lives, _ := readAsFile("live", c.Live)
	config := firstObject(configs)
	if config == nil {
		return nil, false, fmt.Errorf("no object in the config")
	}
	gvk := config.GroupVersionKind()
	tc := r.deduced
	switch {
	case gvk.Group == "apiextensions.k8s.io":
		tc = r.extensions
	case gvk.Group == "apiregistration.k8s.io":
		tc = r.aggregator
	case scheme.Scheme.Recognizes(gvk):
		tc = r.builtin
	}
	r.mu.Lock()
	fm := managedfieldstest.NewFakeFieldManager(tc, gvk)
	r.mu.Unlock()
	live := sameObject(lives, config)
	if live == nil {
		live = &unstructured.Unstructured{Object: map[string]any{"apiVersion": config.GetAPIVersion(), "kind": config.GetKind()}}
	}
	out, err := fm.Apply(live, config, "kubectl", false)
	if err != nil {
		_, isConflict := conflictsOf(err)
		return nil, isConflict, err
	}
	return out.(*unstructured.Unstructured).Object, false, nil
}

// firstObject decodes the first non-null document.
func firstObject(docs [][]byte) *unstructured.Unstructured {
	for _, d := range docs {
		if d == nil {
			continue
		}
		var m map[string]any
		if json.Unmarshal(d, &m) != nil {
			return nil
		}
		u := &unstructured.Unstructured{}
		if obj, _, err := unstructured.UnstructuredJSONScheme.Decode(d, nil, u); err == nil {
			return obj.(*unstructured.Unstructured)
		}
		return &unstructured.Unstructured{Object: m}
	}
	return nil
}

// sameObject decodes the first non-null document naming config's kind and name, or, when none
// does, the first (a fragment pairs by position).
func sameObject(docs [][]byte, config *unstructured.Unstructured) *unstructured.Unstructured {
	for i, d := range docs {
		if d == nil {
			continue
		}
		if obj := firstObject(docs[i : i+1]); obj != nil && obj.GetKind() == config.GetKind() && obj.GetName() == config.GetName() {
			return obj
		}
	}
	return firstObject(docs)
}

// conflictsOf reports whether err is a conflict of managers.
func conflictsOf(err error) (string, bool) {
	msg := err.Error()
	return msg, strings.Contains(strings.ToLower(msg), "conflict")
}

// compare lists how the engine's ssa answer differs from the field manager's.
func (r *ssaReference) compare(c *Case, resp *contract.Response) []string {
	want, conflict, err := r.apply(c)
	switch {
	case err != nil && len(resp.Errors) == 0 && !conflict:
		return []string{"the field manager fails (" + err.Error() + ") but the engine answers"}
	case err != nil && conflict && len(resp.Conflicts) == 0:
		return []string{"the field manager reports conflicts (" + err.Error() + ") but the engine does not"}
	case err != nil:
		return nil
	case len(resp.Errors) > 0:
		return []string{"the engine refuses what the field manager applies: " + errorsText(resp)}
	case len(resp.Conflicts) > 0:
		return []string{"the engine reports conflicts the field manager does not"}
	}
	docs, _ := readAsFile("result", resp.Result)
	got := firstObject(docs)
	if got == nil {
		return []string{"the engine's result holds no object"}
	}
	unstructured.RemoveNestedField(got.Object, "metadata", "managedFields")
	unstructured.RemoveNestedField(want, "metadata", "managedFields")
	a, _ := json.Marshal(want)
	b, _ := json.Marshal(got.Object)
	diffs := readsAlike(resp)
	if d := sameJSON(a, b); d != "" {
		diffs = append(diffs, "result differs from the field manager's: "+d)
	}
	return diffs
}
