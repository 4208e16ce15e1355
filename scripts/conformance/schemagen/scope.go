package main

import (
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Scopes of kinds, as a CRD's spec.scope names them.
const (
	scopeNamespaced = "Namespaced"
	scopeCluster    = "Cluster"
)

// kindScopes finds the scope of every kind a typed clientset serves. The clientset interface
// (client-go's kubernetes.Interface) has one method per group version (CoreV1), whose methods return a client per
// resource: Pods(namespace string) for a namespaced kind, Nodes() for a cluster-scoped one. The kind
// is the one scheme registers for what the resource client's Get returns (Create's, for
// create-only reviews). Objects a resource client takes as subresources (Pods(ns).Evict takes an
// Eviction, Deployments(ns).UpdateScale a Scale) get its scope when nothing else gave them one.
func kindScopes(scheme *runtime.Scheme, clientset reflect.Type) (map[schema.GroupVersionKind]string, error) {
	primary := map[schema.GroupVersionKind]string{}
	secondary := map[schema.GroupVersionKind]string{}
	for i := range clientset.NumMethod() {
		groupVersion := clientset.Method(i).Type
		if groupVersion.NumIn() != 0 || groupVersion.NumOut() != 1 || groupVersion.Out(0).Kind() != reflect.Interface {
			continue
		}
		for j := range groupVersion.Out(0).NumMethod() {
			getter := groupVersion.Out(0).Method(j)
			if err := addGetterScopes(scheme, getter, primary, secondary); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", clientset.Method(i).Name, getter.Name, err)
			}
		}
	}
	for gvk, scope := range secondary {
		if _, ok := primary[gvk]; !ok {
			primary[gvk] = scope
		}
	}
	return primary, nil
}

// addGetterScopes records the scope of the kinds a resource client getter serves: namespaced when it
// takes a namespace argument.
func addGetterScopes(scheme *runtime.Scheme, getter reflect.Method, primary, secondary map[schema.GroupVersionKind]string) error {
	if getter.Type.NumOut() != 1 || getter.Type.Out(0).Kind() != reflect.Interface {
		return nil
	}
	scope := scopeCluster
	switch {
	case getter.Type.NumIn() == 1 && getter.Type.In(0).Kind() == reflect.String:
		scope = scopeNamespaced
	case getter.Type.NumIn() != 0:
		return nil
	}
	client := getter.Type.Out(0)
	main := "Get"
	if _, ok := client.MethodByName(main); !ok {
		main = "Create"
	}
	for k := range client.NumMethod() {
		method := client.Method(k)
		into := secondary
		var objects []reflect.Type
		if method.Name == main {
			into = primary
			objects = outs(method.Type)
		} else {
			objects = ins(method.Type)
		}
		for _, t := range objects {
			if err := addScope(scheme, t, scope, into); err != nil {
				return fmt.Errorf("%s: %w", method.Name, err)
			}
		}
	}
	return nil
}

// addScope records scope for the kinds scheme registers for t, when t points to a registered
// object; it fails when a kind gets two scopes.
func addScope(scheme *runtime.Scheme, t reflect.Type, scope string, into map[schema.GroupVersionKind]string) error {
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct || t.Elem().PkgPath() == metaPackage {
		return nil
	}
	obj, ok := reflect.New(t.Elem()).Interface().(runtime.Object)
	if !ok {
		return nil
	}
	gvks, _, err := scheme.ObjectKinds(obj)
	if err != nil {
		return nil // not registered: an apply configuration, options, or a type from elsewhere
	}
	for _, gvk := range gvks {
		if prev, ok := into[gvk]; ok && prev != scope {
			return fmt.Errorf("%s is both %s and %s", gvk, prev, scope)
		}
		into[gvk] = scope
	}
	return nil
}

// ins returns the parameter types of a function type.
func ins(f reflect.Type) []reflect.Type {
	out := make([]reflect.Type, 0, f.NumIn())
	for i := range f.NumIn() {
		out = append(out, f.In(i))
	}
	return out
}

// outs returns the result types of a function type.
func outs(f reflect.Type) []reflect.Type {
	out := make([]reflect.Type, 0, f.NumOut())
	for i := range f.NumOut() {
		out = append(out, f.Out(i))
	}
	return out
}
