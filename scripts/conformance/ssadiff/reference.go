package ssadiff

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsapply "k8s.io/apiextensions-apiserver/pkg/client/applyconfiguration"
	apiextensionsscheme "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/scheme"
	apiextensionsopenapi "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
	"k8s.io/client-go/applyconfigurations"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/yaml"
)

// Reference answers operations with the API server's field manager.
type Reference struct {
	builtin, apiextensions, custom managedfields.TypeConverter
	// crdScheme knows the apiextensions types (scheme.Scheme the built-in ones).
	crdScheme *runtime.Scheme
	mu        sync.Mutex
	managers  map[string]*managedfields.FieldManager
	// stored are the field managers of StoredFieldManagerOf, by apiVersion/kind.
	stored map[string]*managedfields.FieldManager
}

// NewReference builds the type converters: client-go's for the built-in kinds,
// apiextensions-apiserver's for CustomResourceDefinitions, and one from widgetCRD for the
// custom resource.
func NewReference() (*Reference, error) {
	custom, err := crdTypeConverter(widgetCRD)
	if err != nil {
		return nil, fmt.Errorf("custom resource type converter: %w", err)
	}
	crdScheme := runtime.NewScheme()
	if err := apiextensionsscheme.AddToScheme(crdScheme); err != nil {
		return nil, fmt.Errorf("apiextensions scheme: %w", err)
	}
	return &Reference{builtin: applyconfigurations.NewTypeConverter(scheme.Scheme),
		apiextensions: apiextensionsapply.NewTypeConverter(crdScheme), custom: custom, crdScheme: crdScheme,
		managers: map[string]*managedfields.FieldManager{}, stored: map[string]*managedfields.FieldManager{}}, nil
}

// crdTypeConverter builds a type converter for a CRD's first version as the API server does for
// server-side apply: the version's schema with apiVersion, kind and metadata (ObjectMeta) added,
// next to the definitions of the meta types.
func crdTypeConverter(text string) (managedfields.TypeConverter, error) {
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict([]byte(text), &crd); err != nil {
		return nil, err
	}
	v := crd.Spec.Versions[0]
	raw, err := json.Marshal(v.Schema.OpenAPIV3Schema)
	if err != nil {
		return nil, err
	}
	root := &spec.Schema{}
	if err := json.Unmarshal(raw, root); err != nil {
		return nil, err
	}
	ref := func(name string) spec.Ref {
		return spec.MustCreateRef("#/definitions/" + common.EscapeJsonPointer(name))
	}
	root.SetProperty("apiVersion", *spec.StringProperty())
	root.SetProperty("kind", *spec.StringProperty())
	root.SetProperty("metadata", spec.Schema{SchemaProps: spec.SchemaProps{Ref: ref(metav1.ObjectMeta{}.OpenAPIModelName())}})
	root.AddExtension("x-kubernetes-group-version-kind", []interface{}{
		map[string]interface{}{"group": crd.Spec.Group, "version": v.Name, "kind": crd.Spec.Names.Kind},
	})
	models := map[string]*spec.Schema{}
	for name, def := range apiextensionsopenapi.GetOpenAPIDefinitions(ref) {
		s := def.Schema
		models[name] = &s
	}
	models["com.example.stable."+v.Name+"."+crd.Spec.Names.Kind] = root
	return managedfields.NewTypeConverter(models, crd.Spec.PreserveUnknownFields)
}

// fieldManager returns the field manager of a kind.
func (r *Reference) fieldManager(k kind) *managedfields.FieldManager {
	tc := r.builtin
	if k.custom {
		tc = r.custom
	}
	return r.managerOf(k.apiVersion, k.name, tc)
}

// FieldManagerOf returns the API server's field manager of a built-in kind: the
// apiextensions-apiserver's types for apiextensions.k8s.io, client-go's for the others (a kind
// neither knows fails when the manager first reads an object).
func (r *Reference) FieldManagerOf(apiVersion, kind string) *managedfields.FieldManager {
	tc := r.builtin
	if gv, _ := runtimeschema.ParseGroupVersion(apiVersion); gv.Group == "apiextensions.k8s.io" {
		tc = r.apiextensions
	}
	return r.managerOf(apiVersion, kind, tc)
}

// managerOf returns the field manager of a kind with a type converter, made once.
func (r *Reference) managerOf(apiVersion, kind string, tc managedfields.TypeConverter) *managedfields.FieldManager {
	r.mu.Lock()
	defer r.mu.Unlock()
	key := apiVersion + "/" + kind
	if fm, ok := r.managers[key]; ok {
		return fm
	}
	gv, _ := runtimeschema.ParseGroupVersion(apiVersion)
	fm := managedfieldstest.NewFakeFieldManager(tc, gv.WithKind(kind))
	r.managers[key] = fm
	return fm
}

// StoredFieldManagerOf is FieldManagerOf's manager as the API server builds it: the object a
// first apply to an object without managedFields counts before-first-apply's fields from is the
// kind's Go zero value (the server's object creater), not apiVersion and kind alone, so that
// before-first-apply owns no "." for a struct such as spec (observed on kube-apiserver v1.37.2,
// 2026-12-06, for a Service and a Deployment; docs/apiserver.md). For the reference of requests
// under options.apiServer on.
func (r *Reference) StoredFieldManagerOf(apiVersion, kind string) *managedfields.FieldManager {
	gv, _ := runtimeschema.ParseGroupVersion(apiVersion)
	tc, types := r.builtin, scheme.Scheme
	if gv.Group == "apiextensions.k8s.io" {
		tc, types = r.apiextensions, r.crdScheme
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	key := apiVersion + "/" + kind
	if fm, ok := r.stored[key]; ok {
		return fm
	}
	fm, err := managedfields.NewDefaultFieldManager(tc, sameObject{}, noDefaults{},
		zeroCreater{types}, gv.WithKind(kind), gv, "", nil)
	if err != nil {
		panic(err)
	}
	r.stored[key] = fm
	return fm
}

// sameObject converts an object to any version as the object itself, as the field manager's own
// test harness does: the objects here are unstructured content of their one version.
type sameObject struct{}

// Convert implements runtime.ObjectConvertor, as the field manager's test harness does: nothing.
func (sameObject) Convert(_, _, _ any) error { return nil }

// ConvertToVersion implements runtime.ObjectConvertor.
func (sameObject) ConvertToVersion(in runtime.Object, _ runtime.GroupVersioner) (runtime.Object, error) {
	return in, nil
}

// ConvertFieldLabel implements runtime.ObjectConvertor; it is not called on this path.
func (sameObject) ConvertFieldLabel(runtimeschema.GroupVersionKind, string, string) (string, string, error) {
	return "", "", errors.New("not implemented")
}

// noDefaults defaults nothing (the engine's defaults are checked against the API server itself).
type noDefaults struct{}

// Default implements runtime.ObjectDefaulter.
func (noDefaults) Default(runtime.Object) {}

// zeroCreater creates a kind's Go zero value, as unstructured content (the fake converter's
// form); a kind the scheme does not know gets apiVersion and kind alone.
type zeroCreater struct{ types *runtime.Scheme }

// New implements runtime.ObjectCreater.
func (z zeroCreater) New(gvk runtimeschema.GroupVersionKind) (runtime.Object, error) {
	out := &unstructured.Unstructured{Object: map[string]any{}}
	if typed, err := z.types.New(gvk); err == nil {
		content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(typed)
		if err != nil {
			return nil, err
		}
		out.Object = content
	}
	out.SetGroupVersionKind(gvk)
	return out, nil
}

// Answer is what one side answered to one operation.
type Answer struct {
	// Object is the object afterwards, managedFields included (nil on conflicts or an error).
	Object object
	// Conflicts are "manager path" lines, sorted.
	Conflicts []string
	// Err is a failure other than conflicts.
	Err error
}

// Run answers one operation on live (nil when the object does not exist yet).
func (r *Reference) Run(k kind, live object, op *Op) Answer {
	return runFieldManager(r.fieldManager(k), k, live, op)
}

// runFieldManager answers one operation with a field manager of kind k.
func runFieldManager(fm *managedfields.FieldManager, k kind, live object, op *Op) Answer {
	liveObj := &unstructured.Unstructured{Object: object{"apiVersion": k.apiVersion, "kind": k.name}}
	if live != nil {
		liveObj = &unstructured.Unstructured{Object: deepCopy(live)}
	}
	in := &unstructured.Unstructured{Object: deepCopy(op.Object)}
	var err error
	var out interface{ UnstructuredContent() map[string]interface{} }
	if op.Operation == "update" {
		o, e := fm.Update(liveObj, in, op.Manager)
		err = e
		if e == nil {
			out = o.(*unstructured.Unstructured)
		}
	} else {
		o, e := fm.Apply(liveObj, in, op.Manager, op.Force)
		err = e
		if e == nil {
			out = o.(*unstructured.Unstructured)
		}
	}
	if err != nil {
		if conflicts, ok := conflictLines(err); ok {
			return Answer{Conflicts: conflicts}
		}
		return Answer{Err: err}
	}
	return Answer{Object: deepCopy(out.UnstructuredContent())}
}

// conflictLines reads an apply conflict error into sorted "manager path" lines.
func conflictLines(err error) ([]string, bool) {
	var status *apierrors.StatusError
	if !errors.As(err, &status) || !apierrors.IsConflict(err) || status.ErrStatus.Details == nil {
		return nil, false
	}
	var out []string
	for _, c := range status.ErrStatus.Details.Causes {
		if c.Type != metav1.CauseTypeFieldManagerConflict {
			continue
		}
		out = append(out, managerOfCause(c.Message)+" "+c.Field)
	}
	sortStrings(out)
	return out, true
}

// managerOfCause reads the manager's name from `conflict with "name" using apps/v1`.
func managerOfCause(msg string) string {
	rest := strings.TrimPrefix(msg, "conflict with ")
	if end := strings.Index(rest[1:], `"`); strings.HasPrefix(rest, `"`) && end >= 0 {
		if name, err := strconv.Unquote(rest[:end+2]); err == nil {
			return name
		}
	}
	return rest
}
