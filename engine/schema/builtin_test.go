package schema

import (
	"testing"
)

func TestBuiltinLookups(t *testing.T) {
	set := mustBuiltin(t)
	tests := []struct {
		apiVersion, kind string
		path             []string
		want             view
	}{
		{"v1", "Pod", []string{"spec", "containers"}, view{KindList, PatchMerge, "name", ListMap, []string{"name"}, MapGranular}},
		{"apps/v1", "Deployment", []string{"spec", "template", "spec", "containers", "ports"},
			view{KindList, PatchMerge, "containerPort", ListMap, []string{"containerPort", "protocol"}, MapGranular}},
		{"apps/v1", "Deployment", []string{"spec", "template", "spec", "volumes"},
			view{KindList, PatchMerge | PatchRetainKeys, "name", ListMap, []string{"name"}, MapGranular}},
		{"apps/v1", "Deployment", []string{"spec", "strategy"}, view{KindMap, PatchRetainKeys, "", ListAtomic, nil, MapGranular}},
		{"apps/v1", "Deployment", []string{"spec", "selector"}, view{KindMap, 0, "", ListAtomic, nil, MapAtomic}},
		{"policy/v1", "PodDisruptionBudget", []string{"spec", "selector"}, view{KindMap, PatchReplace, "", ListAtomic, nil, MapAtomic}},
		{"v1", "Pod", []string{"metadata", "finalizers"}, view{KindList, PatchMerge, "", ListSet, nil, MapGranular}},
		{"v1", "Pod", []string{"metadata", "ownerReferences"}, view{KindList, PatchMerge, "uid", ListMap, []string{"uid"}, MapGranular}},
		{"v1", "Pod", []string{"spec", "containers", "args"}, view{KindList, 0, "", ListAtomic, nil, MapGranular}},
		{"v1", "Pod", []string{"metadata", "labels"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{"v1", "Service", []string{"spec", "ports"}, view{KindList, PatchMerge, "port", ListMap, []string{"port", "protocol"}, MapGranular}},
		{"v1", "Pod", []string{"spec", "containers", "resources", "limits", "cpu"}, view{KindScalar, 0, "", ListAtomic, nil, MapGranular}},
		{"apps/v1", "ControllerRevision", []string{"data"}, view{KindUntyped, 0, "", ListAtomic, nil, MapAtomic}},
		{"apiextensions.k8s.io/v1", "CustomResourceDefinition", []string{"spec", "versions"},
			view{KindList, 0, "", ListAtomic, nil, MapGranular}},
		{"apiextensions.k8s.io/v1", "CustomResourceDefinition",
			[]string{"spec", "versions", "schema", "openAPIV3Schema", "properties", "spec", "properties", "x", "x-kubernetes-list-map-keys"},
			view{KindList, 0, "", ListAtomic, nil, MapGranular}},
	}
	for _, tt := range tests {
		f, typ := set.Lookup(tt.apiVersion, tt.kind, tt.path...)
		if typ == nil {
			t.Errorf("%s %s %v: not found", tt.apiVersion, tt.kind, tt.path)
			continue
		}
		if got := viewOf(f, typ); got.String() != tt.want.String() {
			t.Errorf("%s %s %v:\n got %v\nwant %v", tt.apiVersion, tt.kind, tt.path, got, tt.want)
		}
	}
	for _, scalar := range []string{"io.k8s.apimachinery.pkg.util.intstr.IntOrString",
		"io.k8s.apimachinery.pkg.api.resource.Quantity", "io.k8s.apimachinery.pkg.apis.meta.v1.Time"} {
		if typ := set.Named(scalar); typ == nil || typ.Kind != KindScalar {
			t.Errorf("%s is not a scalar: %v", scalar, typ)
		}
	}
	if set.Named(DeducedName) == nil || set.Named(AtomicName) == nil {
		t.Error("the untyped types are missing")
	}
}

func TestBuiltinScopes(t *testing.T) {
	set := mustBuiltin(t)
	tests := []struct {
		apiVersion, kind  string
		namespaced, known bool
	}{
		{"v1", "Pod", true, true},
		{"v1", "ConfigMap", true, true},
		{"apps/v1", "Deployment", true, true},
		{"v1", "Namespace", false, true},
		{"v1", "Node", false, true},
		{"v1", "PersistentVolume", false, true},
		{"rbac.authorization.k8s.io/v1", "ClusterRole", false, true},
		{"rbac.authorization.k8s.io/v1", "Role", true, true},
		{"storage.k8s.io/v1", "StorageClass", false, true},
		{"apiextensions.k8s.io/v1", "CustomResourceDefinition", false, true},
		{"policy/v1", "Eviction", true, true},
		{"apiregistration.k8s.io/v1", "APIService", false, true},
		{"metrics.k8s.io/v1beta1", "NodeMetrics", false, true},
		{"metrics.k8s.io/v1beta1", "PodMetrics", true, true},
		{"example.com/v1", "Widget", false, false},
	}
	for _, tt := range tests {
		namespaced, known := set.Namespaced(tt.apiVersion, tt.kind)
		if namespaced != tt.namespaced || known != tt.known {
			t.Errorf("%s %s: Namespaced = %v, %v; want %v, %v", tt.apiVersion, tt.kind, namespaced, known, tt.namespaced, tt.known)
		}
	}
	for _, k := range set.Kinds() {
		if k.Scope == ScopeUnknown {
			t.Errorf("%s %s: scope unknown", k.APIVersion, k.Kind)
		}
	}
}

func TestBuiltinIsFreshEachCall(t *testing.T) {
	a, b := mustBuiltin(t), mustBuiltin(t)
	if a.Named("io.k8s.api.core.v1.Container") == b.Named("io.k8s.api.core.v1.Container") {
		t.Error("two calls share types")
	}
}

func BenchmarkBuiltin(b *testing.B) {
	for b.Loop() {
		if _, err := Builtin(); err != nil {
			b.Fatal(err)
		}
	}
}
