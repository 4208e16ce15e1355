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
	mu                             sync.Mutex
	managers                       map[string]*managedfields.FieldManager
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
		apiextensions: apiextensionsapply.NewTypeConverter(crdScheme), custom: custom,
		managers: map[string]*managedfields.FieldManager{}}, nil
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
